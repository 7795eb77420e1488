import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOverBuild, appOverBuild } from './build-test-kit';
import type { AppEnv } from './env';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads';

/** A build as Vite and scripts/vite-prerender.ts leave it: the landing, the login, the dashboard and the shell. */
const page = (name: string) =>
  `<!doctype html><html lang="de"><head><title>${name}</title></head><body><div id="root"></div></body></html>`;
const PRELOADS: RoutePreload[] = [
  { pattern: '^/stellas/?$', files: ['assets/main-AbCdEf12.js', 'assets/stellas.index-AbCdEf12.js'] },
  {
    pattern: '^/matchingJobResult/[^/]+/?$',
    files: ['assets/main-AbCdEf12.js', 'assets/results-AbCdEf12.js'],
  },
  { pattern: '^/login/?$', files: ['assets/main-AbCdEf12.js'] },
  {
    pattern: '^/dashboard/?$',
    files: ['assets/main-AbCdEf12.js', 'assets/dashboard-AbCdEf12.js', 'assets/-dashboard-agent-AbCdEf12.js'],
    audiences: { 'assets/-dashboard-agent-AbCdEf12.js': ['agent', 'company'] },
  },
];

let build: AppOverBuild;
let dist: string;
let app: Hono<AppEnv>;
beforeAll(async () => {
  build = await appOverBuild({
    files: {
      'index.html': page('landing'),
      'login/index.html': page('login'),
      'dashboard/index.html': page('dashboard'),
      'lunas/index.html': page('lunas'),
      'app.html': page('shell'),
      [ROUTE_PRELOADS_FILE]: JSON.stringify(PRELOADS),
    },
    env: { SMS_COUNTRIES: 'ch,AT', SMS_RESEND_SECONDS: '45' },
  });
  ({ app, dist } = build);
});
afterAll(() => build.close());

const get = (path: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { accept: 'text/html', ...init.headers } });
const preloadsOf = (html: string) =>
  /<meta name="matchwerk-route-chunks" content="([^"]*)"/.exec(html)?.[1]?.split(',') ?? [];

describe('the pages the server sends', () => {
  it('name the operator’s SMS_COUNTRIES, on every page, the landing included', async () => {
    for (const path of ['/', '/login', '/register', '/mfa/register', '/profile', '/agent']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<meta name="matchwerk-sms-countries" content="CH,AT" />');
    }
  });

  it('name the operator’s SMS_RESEND_SECONDS, so that the resend countdowns wait what the server waits', async () => {
    for (const path of ['/', '/login', '/mfa/register', '/profile'])
      expect(await (await get(path)).text(), path).toContain(
        '<meta name="matchwerk-sms-resend-seconds" content="45" />',
      );
  });

  it('answer `/`, `/login`, `/dashboard` and a table with their prerendered pages and every other address with the shell', async () => {
    expect(await (await get('/')).text()).toContain('<title>landing</title>');
    expect(await (await get('/index.html')).text()).toContain('<title>landing</title>');
    expect(await (await get('/login')).text()).toContain('<title>login</title>');
    expect(await (await get('/dashboard')).text()).toContain('<title>dashboard</title>');
    expect(await (await get('/dashboard/')).text()).toContain('<title>dashboard</title>');
    expect(await (await get('/lunas')).text()).toContain('<title>lunas</title>');
    // A table's prerendered filters are as it opens without a query: with one, the shell; and the
    // shell where the build made no page of its own.
    for (const path of [
      '/lunas?status=active',
      '/dashboard?x=1',
      '/stellas',
      '/dashboard/x',
      '/no/such/page',
      '/missing.png',
    ])
      expect(await (await get(path)).text(), path).toContain('<title>shell</title>');
  });

  it('preload the chunks of the route an address opens, in the build’s order', async () => {
    expect(preloadsOf(await (await get('/stellas')).text())).toEqual([
      '/assets/main-AbCdEf12.js',
      '/assets/stellas.index-AbCdEf12.js',
    ]);
    expect(
      preloadsOf(await (await get('/matchingJobResult/0b6e4a8c-6f5e-4d8e-9c1a-2f3b4c5d6e7f')).text()),
    ).toEqual(['/assets/main-AbCdEf12.js', '/assets/results-AbCdEf12.js']);
    // The prerendered dashboard starts the app at once, as the shell does.
    expect(preloadsOf(await (await get('/dashboard')).text())).toEqual([
      '/assets/main-AbCdEf12.js',
      '/assets/dashboard-AbCdEf12.js',
      // A part for some kinds of user only: named with them (the boot script picks by the stored token).
      'agent+company:/assets/-dashboard-agent-AbCdEf12.js',
    ]);
    expect(preloadsOf(await (await get('/profile')).text())).toEqual([]);
  });

  it('leave the prerendered `/` and `/login` without preloads: their app starts after the first paint', async () => {
    expect(preloadsOf(await (await get('/')).text())).toEqual([]);
    expect(preloadsOf(await (await get('/login')).text())).toEqual([]);
  });

  it('follow a new build under the running server: its chunk names, not the cached page’s', async () => {
    await get('/stellas');
    const rebuilt: RoutePreload[] = [{ pattern: '^/stellas/?$', files: ['assets/main-NeWhAsH1.js'] }];
    await writeFile(join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(rebuilt));
    // The build writes the pages after the chunks (scripts/vite-prerender.ts): their times mark a new build.
    const later = new Date(Date.now() + 5_000);
    await writeFile(join(dist, 'app.html'), page('new shell'));
    await utimes(join(dist, 'app.html'), later, later);
    const html = await (await get('/stellas')).text();
    expect(html).toContain('<title>new shell</title>');
    expect(preloadsOf(html)).toEqual(['/assets/main-NeWhAsH1.js']);
    await writeFile(join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    await writeFile(join(dist, 'app.html'), page('shell'));
    const after = new Date(Date.now() + 10_000);
    await utimes(join(dist, 'app.html'), after, after);
  });

  it('are compressed for a client that accepts it, uncached, and answer HEAD without a body', async () => {
    const br = await get('/stellas', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      '<title>shell</title>',
    );
    const head = await get('/stellas', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
