import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, cspViolations, launchBrowser, type RunningApp, startApp } from './harness';

describe('Content-Security-Policy in a browser', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('is enforced on the SPA, which runs under it, and the harness reports what it blocks', async () => {
    const page = await browser.newPage();
    const response = await page.goto(app.url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await cspViolations(page)).toEqual([]);
    // An inline script, as an injected <script> would be: refused, reported, and the page fails its check.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { inlineRan?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.head.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return w.inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations(page)).toEqual([expect.stringContaining('script-src')]);
    expect(await accessibilityViolations(page)).toContainEqual(expect.stringMatching(/^csp: .*script-src/));
    await expect(page.close()).rejects.toThrow(/Content-Security-Policy violations/);
  });

  it('shows the development outbox page styled, without a violation', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${app.url}/dev/outbox`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    expect(await page.getByRole('heading', { name: 'Outbox (development)' }).count()).toBe(1);
    // The stylesheet applied: the body is centred at 60rem.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('960px');
    expect(await accessibilityViolations(page)).toEqual([]);
    // It reloads itself until the box is unticked.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false), {
        timeout: 15_000,
      })
      .toBe(false);
    await page.getByLabel('Refresh every 5 seconds').uncheck();
    await page.close();
  });

  it("runs react-aria's pressable style under the policy: applied, nothing reported", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-Mail-Adresse').fill('agent@matchwerk.example');
    await page.getByLabel('Passwort', { exact: true }).fill('Matchwerk-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/stellas`);
    await page.locator('[data-react-aria-pressable]').first().waitFor();
    // The <style> react-aria adds is in force (a blocked one keeps no rules).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.getElementById('react-aria-pressable-style') as HTMLStyleElement | null)?.sheet
              ?.cssRules.length ?? 0,
        ),
      )
      .toBeGreaterThan(0);
    expect(await cspViolations(page)).toEqual([]);
    await page.close();
  });
});
