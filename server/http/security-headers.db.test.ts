import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { createLogger } from '../log';
import { CONTENT_SECURITY_POLICY, HSTS } from './security-headers';

const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

const t = setUpFixture(createTestDb);
let dist: string;
let app: Awaited<ReturnType<typeof appFor>>;
let httpsApp: typeof app;
beforeAll(async () => {
  // A built SPA in miniature: the document and one hashed asset.
  dist = mkdtempSync(join(tmpdir(), 'matchwerk-headers-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  app = await appFor();
  httpsApp = await appFor({ PUBLIC_ORIGIN: 'https://matchwerk.example' });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
});

async function appFor(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://matchwerk.test',
    ...env,
  });
  const auth = await createAuthServices(t.db, config);
  return createApp({
    config,
    db: t,
    logger: createLogger(config),
    auth,
    staticDir: dist,
    extraRoutes: (a) =>
      a.get('/api/test/crash', () => {
        throw new Error('boom');
      }),
  });
}

const EVERY_KIND: [string, string, RequestInit?][] = [
  ['SPA document', '/'],
  ['SPA route (history fallback)', '/profile'],
  ['hashed asset', '/assets/index-AbCdEf12.js'],
  ['missing asset', '/assets/missing-AbCdEf12.js'],
  ['API answer', '/api/health'],
  ['API 404', '/api/nope'],
  ['API 405', '/api/health', { method: 'DELETE' }],
  ['API 500', '/api/test/crash'],
  [
    'malformed JSON',
    '/api/login',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' },
  ],
  ['dev page', '/dev/outbox'],
  ['dev stylesheet', '/dev/outbox.css'],
  ['dev API', '/api/dev/outbox'],
];

describe('security headers (PRODUCT.md §8)', () => {
  it.each(EVERY_KIND)('are on every response: %s', async (_kind, path, init) => {
    const res = await app.request(path, init, loopback);
    const h = res.headers;
    expect(h.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(h.get('permissions-policy')).toMatch(
      /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
    );
    // PUBLIC_ORIGIN is http here: no HSTS, it would lock a plain-HTTP host out.
    expect(h.get('strict-transport-security')).toBeNull();
  });

  it('allow nothing inline and no framing', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
      "form-action 'self'",
    ])
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
  });

  it('keep no-referrer on the pages whose URL carries a token', async () => {
    for (const path of [
      '/user/reset-password/abcdefghijklmnopqrstuvwxyz',
      '/user/validate/abcdefghijklmnopqrstuvwxyz',
    ]) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('add HSTS when PUBLIC_ORIGIN is https', async () => {
    for (const [, path, init] of EVERY_KIND) {
      const res = await httpsApp.request(path, init, loopback);
      expect(res.headers.get('strict-transport-security'), path).toBe(HSTS);
    }
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });
});
