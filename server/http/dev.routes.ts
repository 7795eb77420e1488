import { Hono } from 'hono';
import type { AppEnv } from '../app';
import type { Database } from '../db/client';
import { listOutbox } from '../messaging/outbox';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The outbox for people and tests, outside production only: GET /api/dev/outbox and the page /dev/outbox. */
export function devApiRoutes(db: Database) {
  return new Hono<AppEnv>().get('/dev/outbox', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listOutbox(db));
  });
}

export function devPageRoutes(db: Database) {
  return new Hono<AppEnv>().get('/dev/outbox', async (c) => {
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
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Outbox (development)</h1>${rows || '<p>No messages yet.</p>'}</main></body></html>`);
  });
}
