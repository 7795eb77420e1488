import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, type RunningApp, startApp } from './harness';

const DEMO_PASSWORD = 'Matchwerk-Demo-2026';

async function logIn(page: Page, app: RunningApp, email: string, password: string) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

describe('password reset and account deletion in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/forgot-password`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('E-Mail-Adresse').fill('luna@matchwerk.example');
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('Falls es zu dieser Adresse ein Konto gibt');

    let link = '';
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
          kind: string;
          to: string;
          text: string;
        }[];
        const mail = mails.find((m) => m.kind === 'mail' && m.to === 'luna@matchwerk.example');
        link = /(http:\/\/\S+\/user\/reset-password\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Neues Passwort wählen');
    expect(await accessibilityViolations(page)).toEqual([]);
    const newPassword = 'Leuchtturm-Seemöwe-Brandung-77';
    await page.getByLabel('E-Mail-Adresse').fill('luna@matchwerk.example');
    await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Neues Passwort festlegen' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Ihr Passwort ist geändert');

    // The link is spent: opening it again leads to the login.
    await page.goto(link);
    await page.waitForURL(/\/login/);

    await logIn(page, app, 'luna@matchwerk.example', DEMO_PASSWORD);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    await logIn(page, app, 'luna@matchwerk.example', newPassword);
    await page.waitForURL(/\/dashboard$/);
    await page.close();
  });

  it('deletes an account after a clear warning, and its login stops working', async () => {
    const page = await browser.newPage();
    await logIn(page, app, 'nova@matchwerk.example', DEMO_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/profile`);
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Konto löschen' }).count()).toBe(1);
    const asked: string[] = [];
    page.once('dialog', async (dialog) => {
      asked.push(dialog.message());
      await dialog.accept();
    });
    await page.locator('#delete-password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Mein Konto löschen' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(asked).toEqual([
      'Ihr Konto und alle Ihre Daten jetzt löschen? Das lässt sich nicht rückgängig machen.',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
    await logIn(page, app, 'nova@matchwerk.example', DEMO_PASSWORD);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    await page.close();
  });
});
