import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, type RunningApp, startApp } from './harness';

describe('the app shell in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens in German', async () => {
    await page.goto(app.url);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Menschen und Jobs zusammenbringen');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.title()).toContain('Matchwerk');
    expect(await page.getByRole('link', { name: 'Impressum' }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('switches to English, and the choice survives a reload', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Matching people to jobs');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Matching people to jobs');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows the not-found page for an unknown address', async () => {
    await page.goto(`${app.url}/this/does/not/exist`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Seite nicht gefunden');
  });

  it('sends a visitor without a session from a protected page to the login page', async () => {
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Anmelden');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
