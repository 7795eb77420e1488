import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { outbox } from '../db/schema/auth';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { queueMessage } from '../messaging/outbox';
import { isLoopbackAddress } from './dev.routes';
import { createTestApp } from './test-app';

/** What @hono/node-server hands the app for a request: getConnInfo reads the socket from it. */
const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

const t = setUpFixture(createTestDb);
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let production: Awaited<ReturnType<typeof createTestApp>>['app'];
beforeAll(async () => {
  ({ app } = await createTestApp(t, { env: { TRUST_PROXY: 'true' } }));
  ({ app: production } = await createTestApp(t, { env: { NODE_ENV: 'production' } }));
});
beforeEach(async () => {
  await t.db.delete(outbox);
  await queueMessage(
    t.db,
    { kind: 'mail', userId: null, to: 'a@example.org', subject: 'Reset', text: 'https://x.test/r/abc' },
    new Date(),
  );
});

const get = (a: typeof app, path: string, address?: string, headers: Record<string, string> = {}) =>
  a.request(path, { headers }, address === undefined ? undefined : peer(address));

/** The answer the app gives a path that does not exist at all. */
async function unknownPath(a: typeof app, path: string) {
  const res = await get(a, path, '127.0.0.1');
  return { status: res.status, code: ((await res.json()) as ErrorBody).code };
}

describe('development outbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'answers a loopback peer (%s) with the messages',
    async (address) => {
      const res = await get(app, '/api/dev/outbox', address);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([expect.objectContaining({ to: 'a@example.org' })]);
    },
  );

  it.each(['192.0.2.7', '10.0.0.1', '::ffff:192.0.2.7', 'fd00::2', '128.0.0.1'])(
    'answers a peer on the network (%s) like a path that does not exist',
    async (address) => {
      const res = await get(app, '/api/dev/outbox', address);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).code).toBe((await unknownPath(app, '/api/nope')).code);
      for (const method of ['HEAD', 'POST', 'DELETE']) {
        const other = await app.request('/api/dev/outbox', { method }, peer(address));
        expect(other.status, method).toBe(404);
      }
    },
  );

  it('never trusts forwarded headers, not even with TRUST_PROXY', async () => {
    const forged = {
      'X-Forwarded-For': '127.0.0.1',
      'X-Real-IP': '127.0.0.1',
      Forwarded: 'for=127.0.0.1',
    };
    const res = await get(app, '/api/dev/outbox', '192.0.2.7', forged);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('a@example.org');
    expect((await get(app, '/dev/outbox', '192.0.2.7', forged)).status).toBe(404);
  });

  it('answers 404 to a request that came through no socket', async () => {
    expect((await get(app, '/api/dev/outbox')).status).toBe(404);
  });

  it('shows the page to a loopback peer, its style as a stylesheet (no inline style)', async () => {
    const res = await get(app, '/dev/outbox', '127.0.0.1');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('a@example.org');
    expect(html).not.toMatch(/<style|style=/i);
    expect(html).toContain('<link rel="stylesheet" href="/dev/outbox.css">');
    const css = await get(app, '/dev/outbox.css', '::1');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    // No inline script either: the refresh is a script file, and it can be switched off.
    expect(html).not.toMatch(/<script>|http-equiv="refresh"/i);
    expect(html).toContain('<script src="/dev/outbox.js" defer></script>');
    expect(html).toContain('id="auto-refresh"');
    const js = await get(app, '/dev/outbox.js', '127.0.0.1');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('hides the page from a peer on the network: it goes on as if the page did not exist', async () => {
    for (const path of ['/dev/outbox', '/dev/outbox.css', '/dev/outbox.js']) {
      const res = await get(app, path, '192.0.2.7');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('a@example.org');
    }
  });

  it('does not exist in production, not even for loopback peers', async () => {
    for (const path of ['/api/dev/outbox', '/dev/outbox', '/dev/outbox.css', '/dev/outbox.js']) {
      const res = await get(production, path, '127.0.0.1');
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('a@example.org');
    }
  });
});

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8, ::1 and IPv4-mapped 127.x, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '0.0.0.0', '::', '127.0.0.256', '1127.0.0.1', '127.0.0.1.5', 'localhost'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
