import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './env';
import { type SpaDocumentSettings, spaDocuments } from './spa-document';

// The built SPA beside the API: its pages (rendered by ./spa-document.ts), its files (precompressed
// where the build wrote .br/.gz) and their caching and document headers.

const PRECOMPRESSED_TYPE =
  /^(text\/|application\/(javascript|json|manifest\+json)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon))/;

const HASHED_ASSET = /^\/assets\/(?!i18n\/).+-[\w-]{8,}\.\w+$/;

/** Serves the built SPA in `root` on every path outside /api (mounted after the API). */
export function mountSpa(app: Hono<AppEnv>, root: string, settings: SpaDocumentSettings): void {
  // @hono/node-server 2.1 calls serveStatic's onFound after it has built the response, so headers
  // set there are lost: they are set on the finished response here instead.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.res.status >= 400) return;
    const headers = c.res.headers;
    const isPage = headers.get('content-type')?.startsWith('text/html') ?? false;
    headers.set(
      'Cache-Control',
      !isPage && HASHED_ASSET.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (isPage) setDocumentHeaders(headers, c.req.path);
    // The build wrote .br/.gz copies beside the text files: caches must keep the variants apart.
    if (
      PRECOMPRESSED_TYPE.test(headers.get('content-type') ?? '') &&
      !/accept-encoding/i.test(headers.get('vary') ?? '')
    )
      headers.append('Vary', 'Accept-Encoding');
  });
  // Pages are rendered from the built HTML with the server's settings and the route's preloads
  // (./http/spa-document.ts): `/` and `/login` prerendered, every other address the shell with a
  // skeleton, whose app renders its own not-found screen.
  const page = spaDocuments(root, settings);
  app.get('*', async (c, next) => {
    if (/\.\w+$/.test(c.req.path) && !c.req.path.endsWith('.html')) return next();
    return page(c);
  });
  // `precompressed`: the build's .br/.gz beside a file (scripts/vite-precompress.ts) is sent with
  // Content-Encoding when the client accepts it.
  app.use('*', serveStatic({ root, precompressed: true }));
  // History fallback: a missing file's address that wants a page gets the SPA too.
  app.get('*', async (c, next) => {
    if (!c.req.header('accept')?.includes('text/html')) return next();
    return page(c);
  });
}

/** Pages whose URL carries a secret token: no Referer may leak it to another site. */
const TOKEN_PAGES = /^\/user\/(reset-password|validate|invitation)\//;

function setDocumentHeaders(headers: Headers, path: string): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', TOKEN_PAGES.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
}
