import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  logIn,
  type RunningApp,
  startApp,
} from './harness';

describe('session in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('logs the demo agent in and shows the dashboard', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await logIn(page, app.url, 'agent@matchwerk.example');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    // The role navigation offers the agents' tables (the dashboard links to them too).
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await navigation.getByRole('link', { name: 'Stellas' }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('says one thing for a wrong password, in German', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-Mail-Adresse').fill('agent@matchwerk.example');
    await page.getByLabel('Passwort').fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('logs in with the SMS code read from the outbox', async () => {
    const page = await browser.newPage();
    await logIn(page, app.url, 'mfa@matchwerk.example');
    await page.waitForURL(/\/mfa\/login$/);
    await expect.poll(() => appHeading(page)).toBe('SMS-Code eingeben');
    expect(await accessibilityViolations(page)).toEqual([]);
    const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
      kind: string;
      to: string;
      text: string;
    }[];
    const code = /\d{6}/.exec(
      outbox.find((m) => m.kind === 'sms' && m.to === '+4915123456789')?.text ?? '',
    )?.[0];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code aus der SMS').fill(code ?? '');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    await page.close();
  });

  it('logs out in every tab when one tab logs out', async () => {
    context = await browser.newContext();
    const first = await context.newPage();
    await logIn(first, app.url, 'stella@matchwerk.example');
    await first.waitForURL(/\/dashboard$/);
    const second = await context.newPage();
    await second.goto(`${app.url}/profile`);
    await expect.poll(() => appHeading(second)).toBe('Profil');
    await first.getByRole('button', { name: 'Kontomenü' }).click();
    await first.getByRole('button', { name: 'Abmelden' }).click();
    await first.waitForURL(`${app.url}/`);
    await second.waitForURL(/\/login/);
    await expect.poll(() => appHeading(second)).toBe('Anmelden');
    expect(await second.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
    await context.close();
  });
});

describe('silent refresh in a browser', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ ACCESS_TOKEN_TTL: '2' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps working after the access token expired, and after a reload', async () => {
    const page = await browser.newPage();
    await logIn(page, app.url, 'luna@matchwerk.example');
    await page.waitForURL(/\/dashboard$/);
    const token = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('credentials') ?? '{}').token as string);
    const first = await token();
    await page.waitForTimeout(3000);
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => appHeading(page)).toBe('Profil');
    // The signed-in preload asked the server with the expired token, refreshed and retried.
    await expect.poll(token).not.toBe(first);
    expect(page.url()).toMatch(/\/profile$/);
    await page.waitForTimeout(3000);
    await page.reload();
    await expect.poll(() => appHeading(page)).toBe('Profil');
    expect(page.url()).toMatch(/\/profile$/);
  });
});

describe('the SMS step after a reload (issue 42)', () => {
  let app: RunningApp;
  let browser: Browser;
  // Long enough to reload within it, short enough to see it end.
  const RESEND_SECONDS = 9;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ SMS_RESEND_SECONDS: String(RESEND_SECONDS) }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps the masked number and the running countdown, opens the resend at 0, and takes the code', async () => {
    const page = await browser.newPage();
    await logIn(page, app.url, 'mfa@matchwerk.example');
    await page.waitForURL(/\/mfa\/login$/);
    const resend = page.getByRole('button', { name: /^Neuen Code senden/ });
    const countdown = async () => Number(/in 0:(\d\d)$/.exec((await resend.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(countdown).toBeGreaterThan(0);
    const sent = await countdown();
    await page.waitForTimeout(2_500);
    await page.reload();
    await expect.poll(() => appHeading(page)).toBe('SMS-Code eingeben');
    expect(page.url()).toMatch(/\/mfa\/login$/);
    expect(await page.getByText('Code an +49 151 •••• ••89 gesendet').count()).toBe(1);
    // Counted on from what the server says, not started over; closed until it ends.
    await expect.poll(countdown).toBeGreaterThan(0);
    expect(await countdown()).toBeLessThan(sent);
    expect(await resend.isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    const before = await countdown();
    await expect.poll(countdown, { timeout: 3_000 }).toBeLessThan(before);
    // At 0 the button opens and says no time any more.
    await expect.poll(() => resend.isEnabled(), { timeout: RESEND_SECONDS * 1000 }).toBe(true);
    expect((await resend.textContent())?.trim()).toBe('Neuen Code senden');
    // The code sent before the reload still signs in.
    const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
      kind: string;
      to: string;
      text: string;
    }[];
    const code = /\d{6}/.exec(
      outbox.find((m) => m.kind === 'sms' && m.to === '+4915123456789')?.text ?? '',
    )?.[0];
    await page.getByLabel('Code aus der SMS').fill(code ?? '');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    await page.close();
  });
});
