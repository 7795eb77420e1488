import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { REQUIRED_ACCEPTANCES } from '../../contract/account';
import { LEGAL_LANGUAGES, LEGAL_TEXTS, type LegalLanguage, type LegalText } from '../../contract/legal';
import { type AgencyConfig, DEFAULT_LEGAL_DIR } from '../config';

export { DEFAULT_LEGAL_DIR };

/**
 * The legal texts an operator edits: `server/legal/texts/{name}/{version}.{de,en}.md`. A version is
 * an ISO date (`2026-11-01`); the newest one that exists in both languages is in force. Placeholders
 * `{{agency.name}}`, `{{agency.address}}`, … are filled from the AGENCY_* configuration; an unknown
 * placeholder or a text without any complete version stops the server at start (decision 0011).
 */

const VERSION_FILE = /^(\d{4}-\d{2}-\d{2})\.(de|en)\.md$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export interface LegalDocument {
  name: LegalText;
  version: string;
  language: LegalLanguage;
  markdown: string;
  html: string;
  requiresAcceptance: boolean;
}

export class LegalTextsError extends Error {}

export function requiresAcceptance(name: LegalText): boolean {
  return (REQUIRED_ACCEPTANCES as readonly string[]).includes(name);
}

/** The placeholder values of the agency's configuration. */
function placeholderValues(agency: AgencyConfig): Record<string, string> {
  return {
    'agency.name': agency.name,
    'agency.address': agency.address,
    'agency.email': agency.email,
    'agency.phone': agency.phone,
    'agency.representative': agency.representative,
    'agency.register': agency.register,
    'agency.vatId': agency.vatId,
  };
}

export function fillPlaceholders(markdown: string, agency: AgencyConfig, file = 'text'): string {
  const values = placeholderValues(agency);
  return markdown.replace(PLACEHOLDER, (_whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new LegalTextsError(`${file}: unknown placeholder {{${key}}}`);
    return value;
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Links a legal text may carry: the web, mail, telephone, and paths or anchors of our own site. */
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * Markdown → HTML without raw HTML: an HTML block or tag in the file is shown as text, a link to
 * anything but http(s), mailto, tel or our own paths (javascript:, data:, //host) becomes plain text,
 * and images are dropped to their alt text (the texts load nothing from elsewhere under the CSP).
 */
const markdownRenderer = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const inner = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href.trim())) return inner;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      const external = /^https?:/i.test(token.href) ? ' rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(token.href)}"${title}${external}>${inner}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(markdown: string): string {
  return markdownRenderer.parse(markdown, { async: false });
}

/** Every text's versions on disk, newest last; only versions present in both languages count. */
function scanVersions(dir: string, name: LegalText): string[] {
  let files: string[];
  try {
    files = readdirSync(join(dir, name));
  } catch {
    throw new LegalTextsError(`legal text ${name}: no directory ${join(dir, name)}`);
  }
  const languages = new Map<string, Set<string>>();
  for (const file of files) {
    const match = VERSION_FILE.exec(file);
    if (!match?.[1] || !match[2]) continue;
    const set = languages.get(match[1]) ?? new Set();
    set.add(match[2]);
    languages.set(match[1], set);
  }
  const complete = [...languages]
    .filter(([, langs]) => LEGAL_LANGUAGES.every((l) => langs.has(l)))
    .map(([version]) => version)
    .sort();
  if (complete.length === 0) {
    throw new LegalTextsError(`legal text ${name}: no version in ${LEGAL_LANGUAGES.join(' and ')}`);
  }
  return complete;
}

/** The texts in force, read once from disk (an operator edits the files and restarts the server). */
export class LegalTexts {
  private readonly documents = new Map<string, LegalDocument>();
  private readonly versions = new Map<LegalText, string>();

  constructor(
    /** The agency the texts are filled from; the about page shows the same particulars. */
    readonly agency: AgencyConfig,
    dir: string = DEFAULT_LEGAL_DIR,
  ) {
    for (const name of LEGAL_TEXTS) {
      const version = scanVersions(dir, name).at(-1) as string;
      this.versions.set(name, version);
      for (const language of LEGAL_LANGUAGES) {
        const file = join(dir, name, `${version}.${language}.md`);
        const markdown = fillPlaceholders(readFileSync(file, 'utf8'), agency, file);
        this.documents.set(`${name}:${language}`, {
          name,
          version,
          language,
          markdown,
          html: renderMarkdown(markdown),
          requiresAcceptance: requiresAcceptance(name),
        });
      }
    }
  }

  /** The version in force of a text. */
  currentVersion(name: LegalText): string {
    return this.versions.get(name) as string;
  }

  /** Every text with its version in force. */
  index(): { name: LegalText; version: string; requiresAcceptance: boolean }[] {
    return LEGAL_TEXTS.map((name) => ({
      name,
      version: this.currentVersion(name),
      requiresAcceptance: requiresAcceptance(name),
    }));
  }

  get(name: LegalText, language: LegalLanguage): LegalDocument {
    return this.documents.get(`${name}:${language}`) as LegalDocument;
  }
}

const shared = new Map<string, LegalTexts>();

/** One LegalTexts per agency configuration and directory in this process (the texts are read once). */
export function legalTextsFor(agency: AgencyConfig, dir: string = DEFAULT_LEGAL_DIR): LegalTexts {
  const key = JSON.stringify([agency, dir]);
  let texts = shared.get(key);
  if (!texts) {
    texts = new LegalTexts(agency, dir);
    shared.set(key, texts);
  }
  return texts;
}

const versionsByDir = new Map<string, Record<LegalText, string>>();

/**
 * The versions in force, for the registration to record (server/account/account.ts), read once per
 * process. The versions do not depend on the agency's particulars, so no configuration is needed.
 */
export function currentLegalVersions(dir: string = DEFAULT_LEGAL_DIR): Record<LegalText, string> {
  let versions = versionsByDir.get(dir);
  if (!versions) {
    versions = Object.fromEntries(
      LEGAL_TEXTS.map((name) => [name, scanVersions(dir, name).at(-1) as string]),
    ) as Record<LegalText, string>;
    versionsByDir.set(dir, versions);
  }
  return versions;
}
