// The browser of `npm run bench:lighthouse` (scripts/bench-lighthouse.ts): Debian's Chromium,
// headless with the flags of STACK.md trap 9 and a remote-debugging port, and the demo user's
// session put into it (credentials into localStorage, as the app keeps them) or taken out again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CREDENTIALS_KEY } from '../contract/session';
import { DEMO_PASSWORD } from '../server/demo/seed';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium, headless on a profile of its own; answers its remote-debugging port. */
export async function startChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'matchwerk-lighthouse-profile-'));
  const child = spawn(
    CHROME,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.on('exit', () => reject(new Error(`chromium exited:\n${stderr}`)));
  });
  return { port, child, profile };
}

/**
 * Signs in on the browser Lighthouse drives (its default context keeps the origin's localStorage)
 * and answers a function that empties the HTTP cache: Lighthouse keeps the cache too when it keeps
 * storage, so each signed-in run is made to load cold like the others.
 */
export async function signIn(origin: string, port: number, user: string): Promise<() => Promise<void>> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${user} failed: ${res.status} ${await res.text()}`);
  const pair = (await res.json()) as { token: string; refresh_token: string };
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('no default browser context');
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [CREDENTIALS_KEY, JSON.stringify({ token: pair.token, refreshToken: pair.refresh_token })],
  );
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  return async () => {
    await cdp.send('Network.clearBrowserCache');
  };
}

/** Signs out of the browser again: the next page is audited as a visitor, or as another user. */
export async function signOut(origin: string, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]?.newPage();
  if (!page) throw new Error('no default browser context');
  await page.goto(`${origin}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.close();
}
