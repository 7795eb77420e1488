import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { SMS_COUNTRIES_META } from '../../contract/account';
import {
  PRERENDERED_APP_PAGES,
  type PrerenderedAppPage,
  prerenderedFile,
  ROUTE_CHUNKS_META,
  routeChunkEntry,
} from '../../contract/page-meta';
import { SMS_RESEND_META } from '../../contract/sms-resend';
import { chooseEncoding, compressBytes } from './compress';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads';

export interface SpaDocumentSettings {
  /** SMS_COUNTRIES: the phone forms offer these countries (contract/account.ts, SMS_COUNTRIES_META). */
  smsCountries: readonly string[];
  /** SMS_RESEND_SECONDS: the resend countdowns wait this long (contract/account.ts, SMS_RESEND_META). */
  smsResendSeconds: number;
}

interface Rendered {
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built pages a server can answer with, as far as this build made them. */
interface Built {
  login: boolean;
  shell: boolean;
  /** The signed-in pages prerendered with their own text (contract/page-meta.ts). */
  own: ReadonlySet<string>;
}

/**
 * The built page a path is answered with: the prerendered `/` and `/login`, a signed-in page's own
 * prerendered page where the build made one and the address has no query (a candidate table's
 * filters are drawn as they open), the shell for every other.
 */
function templateFor(built: Built, path: string, query: boolean): string {
  const page = path.replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1');
  if (page === '/') return 'index.html';
  if (page === '/login' && built.login) return 'login/index.html';
  if (!query && built.own.has(page)) return prerenderedFile(page as PrerenderedAppPage);
  return built.shell ? 'app.html' : 'index.html';
}

/** Whether a template starts the app at once, so the route's chunks are worth preloading. */
const startsApp = (template: string) => template !== 'index.html' && template !== 'login/index.html';

/**
 * The SPA's pages as the server sends them: the built HTML with the server's settings the client
 * needs before any call (SMS_COUNTRIES, SMS_RESEND_SECONDS) and, on pages served with the shell, the chunks of the route
 * the address opens (ROUTE_CHUNKS_META: src/boot.ts preloads them after the first paint, so they do
 * not compete with it). Each variant is rendered and compressed once.
 */
export function spaDocuments(root: string, settings: SpaDocumentSettings) {
  const preloadsPath = join(root, ROUTE_PRELOADS_FILE);
  const meta =
    `<meta name="${SMS_COUNTRIES_META}" content="${escapeAttribute(settings.smsCountries.join(','))}" />` +
    `<meta name="${SMS_RESEND_META}" content="${settings.smsResendSeconds}" />`;
  let preloads: { pattern: RegExp; entries: string[] }[] = [];
  const rendered = new Map<string, Rendered>();
  let built: Built = { login: false, shell: false, own: new Set() };
  // A new build under a running server (`npm run build`) gives new chunk names: everything is read
  // again once a built page changed (the build writes them after the chunks and the preload list,
  // the shell last).
  let builtAt = '';
  function refresh(): void {
    const mark = ['index.html', 'app.html']
      .map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0))
      .join();
    if (mark === builtAt) return;
    builtAt = mark;
    rendered.clear();
    const exists = (file: string) => existsSync(join(root, file));
    built = {
      login: exists('login/index.html'),
      shell: exists('app.html'),
      own: new Set(PRERENDERED_APP_PAGES.filter((page) => exists(prerenderedFile(page)))),
    };
    preloads = existsSync(preloadsPath)
      ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as RoutePreload[]).map((p) => ({
          pattern: new RegExp(p.pattern),
          entries: p.files.map((file) => routeChunkEntry(`/${file}`, p.audiences?.[file])),
        }))
      : [];
  }

  function render(template: string, route: number): Rendered {
    const key = `${template}#${route}`;
    let page = rendered.get(key);
    if (!page) {
      const files = (preloads[route]?.entries ?? []).join(',');
      const chunks = files
        ? `\n    <meta name="${ROUTE_CHUNKS_META}" content="${escapeAttribute(files)}" />`
        : '';
      const source = readFileSync(join(root, template), 'utf8');
      const head = `    ${meta}${chunks}\n  </head>`;
      page = { html: Buffer.from(source.replace('</head>', head)) };
      rendered.set(key, page);
    }
    return page;
  }

  /** The page for `path` (a GET or HEAD that wants a page). */
  return async function document(c: Context): Promise<Response> {
    refresh();
    const path = c.req.path;
    const template = templateFor(built, path, new URL(c.req.url).search.length > 1);
    // The prerendered `/` and `/login` start the app after their first paint, or not at all.
    const route = startsApp(template) ? preloads.findIndex((p) => p.pattern.test(path)) : -1;
    const page = render(template, route);
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    let body: Buffer = page.html;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=UTF-8' };
    if (encoding) {
      page[encoding] ??= await compressBytes(page.html, encoding);
      body = page[encoding];
      headers['content-encoding'] = encoding;
    }
    // Hono answers a HEAD with the GET's headers and no body.
    return c.body(new Uint8Array(body), 200, headers);
  };
}
