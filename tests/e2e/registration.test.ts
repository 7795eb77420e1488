import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, type RunningApp, startApp } from './harness';

const EMAIL = 'neu.luna@example.org';
/** What the person typed first: the validation step corrects it (issue 42). */
const TYPO = 'neu.luna@exmaple.org';
const PASSWORD = 'Kaffeetasse-Regenbogen-Leuchtturm-42';

type OutboxEntry = { kind: 'mail' | 'sms'; to: string; text: string };
async function outbox(app: RunningApp): Promise<OutboxEntry[]> {
  return (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as OutboxEntry[];
}
async function latestCode(app: RunningApp, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec(
        (await outbox(app)).find((m) => m.kind === 'sms' && m.to === to)?.text ?? '',
      )?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}
/** The agency's own words for candidate types: candidates and companies never see them (PRODUCT.md §1). */
const TYPE_KEYS = /\b(luna|stella|nova)s?\b/i;
const shownText = (page: Page) => page.locator('body').innerText();
const h2 = (page: Page) => page.getByRole('heading', { level: 2 }).first().textContent();

describe('registration in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates the account with both agreements', async () => {
    await page.goto(`${app.url}/register`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Registrieren');
    expect(await accessibilityViolations(page)).toEqual([]);
    // Three choices, labelled by who they are for; no stella, and none of the agency's type keys.
    const choices = page.getByRole('group', { name: 'Ich registriere mich als' }).getByRole('radio');
    expect(await choices.count()).toBe(3);
    for (const label of [
      'Ich suche Arbeit',
      'Ich bin Schüler/in, Student/in, Absolvent/in, Auszubildende/r oder wechsle den Beruf',
      'Wir stellen ein',
    ]) {
      expect(await page.getByRole('radio', { name: label, exact: true }).count(), label).toBe(1);
    }
    expect(await shownText(page)).not.toMatch(TYPE_KEYS);
    // Sent empty: focus goes to the first field that says what is wrong (issue 42), for every form.
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    const email = page.getByLabel('E-Mail-Adresse');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('radio', { name: 'Ich suche Arbeit', exact: true }).check();
    await page.getByLabel('E-Mail-Adresse').fill(TYPO);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect
      .poll(() => page.getByText('Bitte akzeptieren Sie beides, um sich zu registrieren.').count())
      .toBe(1);
    await page.getByLabel(/Allgemeinen Geschäftsbedingungen/).check();
    await page.getByLabel(/Vertragsbedingungen/).check();
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect.poll(() => h2(page), { timeout: 10_000 }).toBe('E-Mail-Adresse bestätigen');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('corrects a mistyped address on the waiting page: the link goes to the new one (issue 42)', async () => {
    const sentTo = (address: string) =>
      page.getByText(`Wir haben eine E-Mail an ${address} gesendet`, { exact: false });
    await expect.poll(() => sentTo(TYPO).count()).toBe(1);
    await page.getByRole('button', { name: 'Adresse ändern' }).click();
    const field = page.getByLabel('Die richtige E-Mail-Adresse');
    // Focus is in the field the button opened: the keyboard goes on from there.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill('neu.luna@');
    await page.getByRole('button', { name: 'Link an diese Adresse senden' }).click();
    await expect
      .poll(() => page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein', { exact: false }).count())
      .toBe(1);
    await field.fill(EMAIL);
    await page.getByRole('button', { name: 'Link an diese Adresse senden' }).click();
    await expect.poll(() => sentTo(EMAIL).count()).toBe(1);
    expect(await page.getByLabel('Die richtige E-Mail-Adresse').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('goes on by itself when the validation link is opened in another tab', async () => {
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await outbox(app)).find((m) => m.kind === 'mail' && m.to === EMAIL);
        link = /\/user\/validate\/([^\s"<>]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    const other = await context.newPage();
    // The link as mailed, built from PUBLIC_ORIGIN.
    await other.goto(`${app.url}/user/validate/${link}`);
    await expect
      .poll(() => other.getByRole('status').textContent())
      .toBe('Danke: Ihre E-Mail-Adresse ist bestätigt.');
    expect(await accessibilityViolations(other)).toEqual([]);
    await other.close();
    await expect.poll(() => h2(page), { timeout: 15_000 }).toBe('Anmeldung mit SMS-Code schützen');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('sets up the phone with the SMS code', async () => {
    await page.getByLabel('Mobilnummer').fill('0151 11122233');
    await page.getByRole('button', { name: 'Code senden' }).click();
    const code = await latestCode(app, '+4915111122233');
    await page.getByLabel('Code aus der SMS').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(() => h2(page), { timeout: 10_000 }).toBe('Was Agenten zuerst wissen müssen');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('fills the required fields, skips the photo and lands on the dashboard', async () => {
    await page.getByLabel('Vorname', { exact: false }).fill('Sina');
    await page.getByLabel('Nachname', { exact: false }).fill('Brandt');
    await page.getByLabel('Wohnort', { exact: false }).fill('Leipz');
    await page
      .getByRole('button', { name: /^Leipzig \(DE\)/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect.poll(() => h2(page), { timeout: 10_000 }).toBe('Foto');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Überspringen und Registrierung abschließen' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
  });

  it('shows the new candidate none of the type keys on the dashboard, the profile and the settings', async () => {
    await expect.poll(() => page.getByRole('heading', { name: 'Ihr Profil' }).count()).toBe(1);
    expect(await shownText(page)).not.toMatch(TYPE_KEYS);
    await page.goto(`${app.url}/profile`);
    await expect.poll(() => page.getByRole('heading', { name: 'Konto', exact: true }).count()).toBe(1);
    expect(await shownText(page)).not.toMatch(TYPE_KEYS);
    // A candidate's address bar cannot open the employer's pages either: back to the dashboard.
    await page.goto(`${app.url}/newJob`);
    await page.waitForURL(/\/dashboard$/);
  });

  it('logs out and logs in again with the SMS code', async () => {
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-Mail-Adresse').fill(EMAIL);
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/mfa\/login$/);
    const sms = (await outbox(app)).filter((m) => m.kind === 'sms' && m.to === '+4915111122233');
    const code = /\b(\d{6})\b/.exec(sms[0]?.text ?? '')?.[1] ?? '';
    await page.getByLabel('Code aus der SMS').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
});
