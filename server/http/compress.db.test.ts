import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress';
import { type AppOverBuild, appOverBuild } from './build-test-kit';
import { chooseEncoding } from './compress';
import type { AppEnv } from './env';

/** A build as Vite leaves it: a hashed script, the page, a small file; precompressed by the plugin's code. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const PAGE = `<!doctype html><html lang="de"><head><title>Matchwerk</title></head><body>${'<p>Matchwerk</p>'.repeat(100)}</body></html>`;

let build: AppOverBuild;
let dist: string;
let app: Hono<AppEnv>;
beforeAll(async () => {
  build = await appOverBuild({
    files: {
      'assets/index-AbCdEf12.js': SCRIPT,
      'assets/tiny-AbCdEf12.css': 'p{margin:0}',
      'index.html': PAGE,
    },
    env: { SMS_COUNTRIES: 'DE' },
    prepare: precompressDir,
    extraRoutes: (a) => {
      a.get('/api/test/big', (c) =>
        c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }),
      );
      a.get('/api/test/events', (c) =>
        streamSSE(c, async (stream) => {
          await stream.writeSSE({ data: 'x'.repeat(4000) });
        }),
      );
    },
  });
  ({ app, dist } = build);
});
afterAll(() => build.close());

describe('precompressed build assets', () => {
  it('the build step writes .br and .gz beside files of 1 kB and more, not beside smaller ones', async () => {
    expect((await readdir(join(dist, 'assets'))).sort()).toEqual([
      'index-AbCdEf12.js',
      'index-AbCdEf12.js.br',
      'index-AbCdEf12.js.gz',
      'tiny-AbCdEf12.css',
    ]);
  });

  it('serves a built asset brotli-compressed to a client that accepts br', async () => {
    const res = await app.request('/assets/index-AbCdEf12.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
  });

  it('serves gzip to a gzip-only client and the plain file, with Vary, to one that accepts neither', async () => {
    const gz = await app.request('/assets/index-AbCdEf12.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await app.request('/assets/index-AbCdEf12.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('serves the page (also as the history fallback) compressed', async () => {
    for (const path of ['/', '/dashboard']) {
      const res = await app.request(path, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBe('br');
      // The page with the server's settings (./spa-document.ts).
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(
        PAGE.replace(
          '</head>',
          '    <meta name="matchwerk-sms-countries" content="DE" /><meta name="matchwerk-sms-resend-seconds" content="60" />\n  </head>',
        ),
      );
    }
  });
});

describe('compressed JSON answers', () => {
  it('gzips a JSON answer above 1 kB for a gzip client', async () => {
    const res = await app.request('/api/public/text/datenschutz?language=de', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());
    expect(body).toMatchObject({ name: 'datenschutz', language: 'de' });
  });

  it('prefers brotli when accepted and sends plain JSON when nothing is accepted', async () => {
    const br = await app.request('/api/test/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(
      JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).items,
    ).toHaveLength(200);
    const plain = await app.request('/api/test/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(200);
  });

  it('leaves small JSON answers and error bodies under 1 kB alone', async () => {
    const small = await app.request('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ status: 'ok' });
    const missing = await app.request('/api/nope', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses server-sent events', async () => {
    const res = await app.request('/api/test/events', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('x'.repeat(4000));
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
