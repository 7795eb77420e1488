import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_APP_PAGES, prerenderedFile } from '../contract/page-meta.ts';
import type { StaticPage } from '../src/ui/shell/static-pages.tsx';
import { compileCatalogs } from './i18n-catalogs.ts';

type Render = typeof import('../src/ui/shell/static-pages.tsx').renderStaticPage;

/**
 * Where each prerendered page goes in dist/: the server answers `/`, `/login` and the signed-in pages
 * of PRERENDERED_APP_PAGES with theirs, every other page address with app.html
 * (server/http/spa-document.ts). The shell is written last: the server takes its new time for a new
 * build.
 */
const PAGES: readonly { page: StaticPage; file: string }[] = [
  { page: '/', file: 'index.html' },
  { page: '/login', file: 'login/index.html' },
  ...PRERENDERED_APP_PAGES.map((page) => ({ page, file: prerenderedFile(page) })),
  { page: 'shell', file: 'app.html' },
];

/**
 * Writes the shell and the visible text of `/` and `/login`, the dashboard's title and introduction,
 * the candidate tables' titles and filters (and a shell with a skeleton for every other address) into
 * the built HTML, in German, so the first paint needs no JavaScript; the app
 * replaces it when it starts. Also preloads the German catalogue the app fetches first. No inline
 * scripts or styles: the markup uses the app's stylesheet only (CSP `script-src 'self'; style-src 'self'`).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'matchwerk-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = join(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const catalog = JSON.parse((await compileCatalogs()).json.get('de') ?? '{}') as {
        messages?: Record<string, string>;
      };
      // A throwaway Vite server in SSR mode compiles the TSX (with the Lingui macros) for Node.
      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } })],
      });
      try {
        const entry = await server.ssrLoadModule('/src/ui/shell/static-pages.tsx');
        const render = entry.renderStaticPage as Render;
        for (const { page, file } of PAGES) {
          const { html, title } = render(page, catalog.messages ?? {});
          const target = join(outDir, file);
          await mkdir(join(target, '..'), { recursive: true });
          await writeFile(target, inject(template, html, title));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/** Puts the static markup beside #root (the app hides and then removes it once it renders). */
export function inject(template: string, html: string, title: string): string {
  const preload = '<link rel="preload" href="/assets/i18n/de.json" as="fetch" crossorigin="anonymous" />';
  return template
    .replace(/<title>.*?<\/title>/, `<title data-prerendered="">${escapeHtml(title)}</title>\n    ${preload}`)
    .replace('<div id="root"></div>', `<div id="root"></div>\n    <div id="prerendered">${html}</div>`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
