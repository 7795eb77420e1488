import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { DEV } from '../../contract/endpoints/system';
import type { Database } from '../db/client';
import { notFound } from '../errors';
import { listOutbox } from '../messaging/outbox';
import type { AppEnv } from './env';
import { errorResponse } from './errors';
import { type RouteEnv, routeAdapter } from './route-adapter';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: addresses only this machine can connect from. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return (
    /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(v4) && v4.split('.').every((part) => Number(part) <= 255)
  );
}

/**
 * Whether the TCP peer is on this machine. Only the socket counts: X-Forwarded-For and the like are
 * set by whoever sends the request, and TRUST_PROXY does not change that here (a proxy on this
 * machine would make every client loopback, so the dev tools stay off behind one).
 */
export function isLoopbackPeer(c: Context): boolean {
  try {
    return isLoopbackAddress(getConnInfo(c).remote.address);
  } catch {
    // No socket (a request that did not come through the node adapter): not provably local.
    return false;
  }
}

/**
 * The outbox for people and tests, outside production only (createApp mounts it there alone), and
 * only to loopback peers: anyone else gets the 404 of an unknown API path, for every method.
 */
export function devApiRoutes(db: Database) {
  const app = new Hono<RouteEnv>().use('/dev/*', async (c, next) => {
    if (!isLoopbackPeer(c)) return errorResponse(c, notFound());
    await next();
  });
  routeAdapter(app)(DEV.outbox, async (c) => c.json(await listOutbox(db)));
  return app;
}

/** The page's style, served as a stylesheet: the Content-Security-Policy allows no inline style. */
export const OUTBOX_STYLESHEET =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}\n';

/**
 * Reloads the page every 5 s while the box is ticked (a meta refresh could not be stopped: WCAG
 * 2.2.1); a file of its own, as the Content-Security-Policy allows no inline script.
 */
export const OUTBOX_SCRIPT = `const box = document.getElementById('auto-refresh');
box.checked = sessionStorage.getItem('matchwerk-outbox-refresh') !== 'off';
box.addEventListener('change', () => sessionStorage.setItem('matchwerk-outbox-refresh', box.checked ? 'on' : 'off'));
setInterval(() => {
  if (box.checked) location.reload();
}, 5000);
`;

/** The page /dev/outbox; a peer that is not loopback goes on as if it did not exist (the SPA's not-found). */
export function devPageRoutes(db: Database) {
  const asset = (path: string, type: string, body: string) =>
    new Hono<AppEnv>().get(path, async (c, next) => {
      if (!isLoopbackPeer(c)) return next();
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', type);
      return c.body(body);
    });
  return new Hono<AppEnv>()
    .route('/', asset('/dev/outbox.css', 'text/css; charset=utf-8', OUTBOX_STYLESHEET))
    .route('/', asset('/dev/outbox.js', 'text/javascript; charset=utf-8', OUTBOX_SCRIPT))
    .get('/dev/outbox', async (c, next) => {
      if (!isLoopbackPeer(c)) return next();
      const entries = await listOutbox(db);
      const rows = entries
        .map(
          (e) => `<article><h2>${escapeHtml(e.kind === 'sms' ? 'SMS' : 'E-Mail')} → ${escapeHtml(e.to)}</h2>
<p><time datetime="${e.createdAt}">${escapeHtml(e.createdAt)}</time> · ${escapeHtml(e.status)}</p>
${e.subject ? `<p><strong>${escapeHtml(e.subject)}</strong></p>` : ''}<pre>${escapeHtml(e.text)}</pre></article>`,
        )
        .join('\n');
      c.header('Cache-Control', 'no-store');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Matchwerk</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/dev/outbox.css"><script src="/dev/outbox.js" defer></script>
</head><body><main><h1>Outbox (development)</h1>
<p><label><input type="checkbox" id="auto-refresh" checked> Refresh every 5 seconds</label></p>
${rows || '<p>No messages yet.</p>'}</main></body></html>`);
    });
}
