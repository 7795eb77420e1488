import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGAL_LANGUAGES, LEGAL_TEXTS } from '../../contract/legal';
import { loadConfig } from '../config';
import {
  currentLegalVersions,
  DEFAULT_LEGAL_DIR,
  LegalTexts,
  LegalTextsError,
  renderMarkdown,
} from './texts';

const agency = loadConfig({}).agency;
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A texts directory with the given files ({name}/{file} → content); every other text gets one version. */
async function textsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'matchwerk-legal-'));
  dirs.push(dir);
  for (const name of LEGAL_TEXTS) {
    await mkdir(join(dir, name));
    if (!Object.keys(files).some((key) => key.startsWith(`${name}/`))) {
      for (const lang of LEGAL_LANGUAGES)
        await writeFile(join(dir, name, `2026-01-01.${lang}.md`), `# ${name}`);
    }
  }
  for (const [path, content] of Object.entries(files)) await writeFile(join(dir, path), content);
  return dir;
}

describe('the bundled legal texts', () => {
  const texts = new LegalTexts({
    ...agency,
    name: 'Beispiel Personal GmbH',
    address: 'Hafenweg 3, 20457 Hamburg',
    register: 'Amtsgericht Hamburg, HRB 123456',
    vatId: 'DE123456789',
  });

  it('exist in German and English with the agency particulars filled in and no placeholder left', () => {
    for (const name of LEGAL_TEXTS) {
      for (const lang of LEGAL_LANGUAGES) {
        const doc = texts.get(name, lang);
        expect(doc.markdown).not.toMatch(/\{\{|\}\}/);
        expect(doc.markdown).toContain('Beispiel Personal GmbH');
        expect(doc.html).toContain('<h1>');
      }
    }
  });

  it('name what the Impressum (§ 5 DDG) requires: name, address, representative, contact, register, VAT id', () => {
    for (const lang of LEGAL_LANGUAGES) {
      const { markdown } = texts.get('impressum', lang);
      for (const part of [
        'Hafenweg 3, 20457 Hamburg',
        'Erika Mustermann',
        'kontakt@matchwerk.example',
        '+49 30',
      ]) {
        expect(markdown).toContain(part);
      }
      expect(markdown).toContain('Amtsgericht Hamburg, HRB 123456');
      expect(markdown).toContain('DE123456789');
      expect(markdown).toContain('§ 5');
    }
  });

  it('name in the Datenschutzerklärung the data this product processes and the rights', () => {
    const de = texts.get('datenschutz', 'de').markdown;
    for (const word of [
      'Foto',
      'SMS',
      'Protokoll',
      'Zugriffsprotokoll',
      'Speicherdauer',
      'Art. 15',
      'Art. 17',
      'beschweren',
    ]) {
      expect(de).toContain(word);
    }
    const en = texts.get('datenschutz', 'en').markdown;
    for (const word of [
      'Photo',
      'SMS',
      'Logs',
      'access log',
      'How long',
      'Article 15',
      'Article 17',
      'complaint',
    ]) {
      expect(en).toContain(word);
    }
  });

  it('are the versions registration records', () => {
    expect(currentLegalVersions()).toEqual(Object.fromEntries(texts.index().map((t) => [t.name, t.version])));
    expect(
      texts
        .index()
        .filter((t) => t.requiresAcceptance)
        .map((t) => t.name),
    ).toEqual(['terms-conditions', 'condition-agreements']);
  });
});

describe('versions on disk', () => {
  it('the newest version present in both languages is in force', async () => {
    const dir = await textsDir({
      'impressum/2026-01-01.de.md': '# alt',
      'impressum/2026-01-01.en.md': '# old',
      'impressum/2026-06-01.de.md': '# neu {{agency.name}}',
      'impressum/2026-06-01.en.md': '# new {{agency.name}}',
      // Only in German: not yet in force.
      'impressum/2027-01-01.de.md': '# künftig',
      'impressum/notes.txt': 'ignored',
    });
    const texts = new LegalTexts(agency, dir);
    expect(texts.currentVersion('impressum')).toBe('2026-06-01');
    expect(texts.get('impressum', 'en').markdown).toBe(`# new ${agency.name}`);
    expect(currentLegalVersions(dir).impressum).toBe('2026-06-01');
  });

  it('refuses to start on an unknown placeholder or a text without a complete version', async () => {
    const typo = await textsDir({
      'impressum/2026-01-01.de.md': '{{agency.nmae}}',
      'impressum/2026-01-01.en.md': 'x',
    });
    expect(() => new LegalTexts(agency, typo)).toThrow(/unknown placeholder \{\{agency\.nmae\}\}/);
    const half = await textsDir({ 'datenschutz/2026-01-01.de.md': 'x' });
    expect(() => new LegalTexts(agency, half)).toThrow(LegalTextsError);
  });
});

describe('renderMarkdown', () => {
  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hallo <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps web, mail and phone links and drops javascript:, data: and protocol-relative ones', () => {
    const html = renderMarkdown(
      '[a](https://example.org) [b](mailto:x@example.org) [c](tel:+4930) [d](javascript:alert(1)) [e](data:text/html,x) [f](//evil.example) [g](/datenschutz)',
    );
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="mailto:x@example.org">b</a>');
    expect(html).toContain('<a href="tel:+4930">c</a>');
    expect(html).toContain('<a href="/datenschutz">g</a>');
    expect(html).not.toMatch(/javascript:|data:|evil\.example/);
  });

  it('renders images as their alt text only', () => {
    expect(renderMarkdown('![Logo](https://tracker.example/pixel.gif)')).toBe('<p>Logo</p>\n');
  });
});

describe('LEGAL_DIR', () => {
  it('defaults to the texts shipped with the code and resolves a relative path against the working directory', () => {
    expect(loadConfig({}).legalDir).toBe(DEFAULT_LEGAL_DIR);
    expect(loadConfig({ LEGAL_DIR: 'texts-of-the-agency' }).legalDir).toBe(
      join(process.cwd(), 'texts-of-the-agency'),
    );
  });
});
