import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipKb, initialChunks, PAGES } from '../../scripts/chunk-sizes';
import { CHUNK_GRAPH, type ChunkNode } from '../../scripts/vite-chunk-graph';
import { launchBrowser, type RunningApp, startApp } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));

// scripts/chunk-sizes.ts counts a page's initial JavaScript from the build's chunk graph; here the
// browser says what the page really loads until the app shows it, so that the figure cannot leave
// out a chunk (a lazy import that runs at start after all).
describe('the initial JavaScript of the prerendered pages', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(PAGES.map((page) => [page.path, page] as const))(
    '%s loads only the chunks chunk-sizes counts, within its limit',
    async (path, page) => {
      const graph = JSON.parse(readFileSync(`${root}/${CHUNK_GRAPH}`, 'utf8')) as ChunkNode[];
      const counted = initialChunks(graph, page.routes);
      const context = await browser.newContext({ locale: 'de-DE' });
      const tab = await context.newPage();
      const loaded = new Set<string>();
      tab.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) loaded.add(pathname.slice(1));
      });
      await tab.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
      // The app has replaced the prerendered markup: everything it needed to get there has loaded.
      await expect.poll(() => tab.locator('#prerendered').count()).toBe(0);
      await tab.waitForLoadState('networkidle');
      await context.close();
      expect([...loaded].filter((file) => !counted.includes(file))).toEqual([]);
      const kb = [...loaded].reduce((sum, file) => sum + gzipKb(readFileSync(`${root}/dist/${file}`)), 0);
      expect(kb).toBeLessThanOrEqual(page.limitKb);
    },
  );
});
