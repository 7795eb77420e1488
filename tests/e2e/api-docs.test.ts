import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningApp, startApp } from './harness';

/** PRODUCT.md §8's policy; added when the server sends none of its own. */
const STRICT_CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

describe('the API reference in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      // Swagger UI's stylesheet draws a few icons from data: URLs; images are not scripts.
      if (message.type() === 'error' && !/Loading the image 'data:/.test(message.text()))
        problems.push(message.text());
    });
    page.on('request', (request) => requests.push(request.url()));
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      headers['content-security-policy'] ??= STRICT_CSP;
      await route.fulfill({ response, headers });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('renders every operation under a CSP without inline script, loading nothing from elsewhere', async () => {
    await page.goto(`${app.url}/api/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(60);
    await expect
      .poll(() => page.getByText('/api/public/text/{name}', { exact: true }).count())
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
    const origin = new URL(app.url).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  });
});
