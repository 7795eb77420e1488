import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  logIn,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

const DEMO_PASSWORD = 'Matchwerk-Demo-2026';
const QUESTION =
  'Sie sind angemeldet. Wenn Sie fortfahren, werden Sie abgemeldet und eine neue Registrierung beginnt. Fortfahren?';

/** Answers every confirm prompt with `accept` and records the questions. */
function answerPrompts(page: Page, accept: boolean): string[] {
  const asked: string[] = [];
  page.on('dialog', async (dialog) => {
    asked.push(dialog.message());
    await (accept ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

describe('/register while signed in, and /login?redirect, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('asks once when /register is opened as a bookmark; cancelling stays signed in on the dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'luna@matchwerk.example');
    await page.waitForURL(/\/dashboard$/);
    const asked = answerPrompts(page, false);
    await page.goto(`${app.url}/register`);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    expect(asked).toEqual([QUESTION]);
    // Opened again (a reload of the address does the same): asked once more, not in a loop.
    await page.goto(`${app.url}/register`);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('banner').count()).toBe(1);
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    expect(asked).toEqual([QUESTION, QUESTION]);
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).not.toBeNull();
    await page.close();
  });

  it('returns to the screen the user came from when the prompt is cancelled', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'luna@matchwerk.example');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/about`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const asked = answerPrompts(page, false);
    // An in-app navigation to /register (no page load; a signed-in user's pages link no registration).
    await page.evaluate(() => {
      history.pushState(null, '', '/register');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => asked.length).toBe(1);
    await page.waitForURL(`${app.url}/about`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(asked).toEqual([QUESTION]);
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).not.toBeNull();
    await page.close();
  });

  it('logs out and starts a new registration when the prompt is accepted, asking once', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'luna@matchwerk.example');
    await page.waitForURL(/\/dashboard$/);
    const asked = answerPrompts(page, true);
    await page.goto(`${app.url}/register`);
    await expect.poll(() => page.getByRole('button', { name: 'Konto anlegen' }).count()).toBe(1);
    expect(asked).toEqual([QUESTION]);
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('follows a same-origin redirect after login, and ignores one to another site', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    await page.getByLabel('E-Mail-Adresse').fill('luna@matchwerk.example');
    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(`${app.url}/`);

    await logIn(page, app.url, 'luna@matchwerk.example', { path: '/login?redirect=%2F%2Fevil.example%2Fx' });
    await page.waitForURL(/\/dashboard$/);
    expect(new URL(page.url()).origin).toBe(app.url);
    await page.close();
  });
});
