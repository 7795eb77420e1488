// The legal texts as a visitor reads them, and new terms as a signed-in user meets them (issue 13,
// point 3). The server runs on a copy of the shipped texts with a newer version of the terms (LEGAL_DIR).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_DIR } from '../../server/legal/texts';
import { accessibilityViolations, launchBrowser, type RunningApp, signIn, startApp } from './harness';

const NEW_VERSION = '2099-01-01';

describe('legal texts and new terms, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let legalDir: string;

  beforeAll(async () => {
    legalDir = mkdtempSync(join(tmpdir(), 'matchwerk-legal-'));
    cpSync(DEFAULT_LEGAL_DIR, legalDir, { recursive: true });
    [app, browser] = await Promise.all([startApp({ LEGAL_DIR: legalDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(legalDir, { recursive: true, force: true });
  });

  it('shows the Impressum with the agency from the configuration, dated, without raw HTML', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/legal/impressum`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Impressum');
    await expect
      .poll(() => page.locator('.legal-text').textContent())
      .toContain('Matchwerk Personaldienste GmbH');
    expect(await page.getByText(/^Fassung vom \d+\. \w+ \d{4}$/).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('opens the agreements from the registration form in a new tab, and the form keeps what was typed (issue 42)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/register`);
    const email = page.getByRole('textbox', { name: /E-Mail-Adresse/ });
    await email.fill('neu@example.com');
    const terms = page.getByRole('link', { name: /^Allgemeinen Geschäftsbedingungen/ });
    expect(await terms.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await tab?.waitForLoadState();
    expect(new URL(tab?.url() ?? '').pathname).toBe('/legal/terms-conditions');
    await expect
      .poll(() => tab?.getByRole('heading', { level: 1 }).textContent())
      .toBe('Allgemeine Geschäftsbedingungen');
    expect(await email.inputValue()).toBe('neu@example.com');
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('asks a signed-in candidate to accept new terms, and asks no more once accepted', async () => {
    // The demo accounts accepted the shipped version; the operator now publishes a new one.
    for (const language of ['de', 'en']) {
      const shipped = readFileSync(
        join(DEFAULT_LEGAL_DIR, 'terms-conditions', `2026-11-01.${language}.md`),
        'utf8',
      );
      writeFileSync(join(legalDir, 'terms-conditions', `${NEW_VERSION}.${language}.md`), shipped);
    }
    // The server reads the texts at start: start one on the new texts.
    await app.stop();
    app = await startApp({ LEGAL_DIR: legalDir });

    const page = await browser.newPage();
    await signIn(page, app.url, 'stella@matchwerk.example');
    const dialog = page.getByRole('alertdialog', { name: 'Unsere Bedingungen haben sich geändert' });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('link', { name: 'Allgemeine Geschäftsbedingungen' }).getAttribute('href'),
    ).toBe('/legal/terms-conditions');
    expect(await accessibilityViolations(page)).toEqual([]);
    // Escape does not close it, and accepting needs the box ticked.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    const accept = dialog.getByRole('button', { name: 'Akzeptieren und weiter' });
    expect(await accept.isDisabled()).toBe(true);
    await dialog.getByText('Ich habe diese Texte gelesen und akzeptiere sie.').click();
    await accept.click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.close();
  });

  it('logs out a user who declines', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'luna@matchwerk.example');
    const dialog = page.getByRole('alertdialog', { name: 'Unsere Bedingungen haben sich geändert' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    await expect.poll(() => page.getByRole('link', { name: 'Anmelden' }).count()).toBeGreaterThan(0);
    await page.close();
  });
});
