import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  launchBrowser,
  logIn,
  type RunningApp,
  signIn,
  smsCode,
  startApp,
  textNow,
} from './harness';

const DEMO_PASSWORD = 'Matchwerk-Demo-2026';

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
      .poll(() => textNow(page.getByRole('status')))
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
    await expect.poll(() => textNow(page.getByRole('heading', { level: 1 }))).toBe('Neues Passwort wählen');
    expect(await accessibilityViolations(page)).toEqual([]);
    const newPassword = 'Leuchtturm-Seemöwe-Brandung-77';
    // The address comes from the link: shown, not typed again.
    const address = page.getByLabel('E-Mail-Adresse');
    expect(await address.inputValue()).toBe('luna@matchwerk.example');
    expect(await address.getAttribute('readonly')).not.toBeNull();
    // The strength line appears once the scorer has loaded (after the first key): the button must not
    // move then, or a click on its way to it lands beside it and nothing is sent.
    const submit = page.getByRole('button', { name: 'Neues Passwort festlegen' });
    const before = await submit.boundingBox();
    await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await expect.poll(() => textNow(page.getByRole('meter').locator('..'))).toContain('Stärke:');
    expect(await submit.boundingBox()).toEqual(before);
    await submit.click();
    await expect.poll(() => textNow(page.getByRole('status'))).toContain('Ihr Passwort ist geändert');

    // The link is spent: opening it again leads to the login, which says so and offers a new link.
    await page.goto(link);
    await page.waitForURL(/\/login/);
    await expect
      .poll(() => textNow(page.getByRole('alert').first()))
      .toContain('Dieser Link zum Festlegen eines neuen Passworts funktioniert nicht mehr');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
    await page.waitForURL(/\/forgot-password/);
    await page.goto(`${app.url}/login`);

    await logIn(page, app.url, 'luna@matchwerk.example', { password: DEMO_PASSWORD });
    await expect
      .poll(() => textNow(page.getByRole('alert')))
      .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    await logIn(page, app.url, 'luna@matchwerk.example', { password: newPassword });
    await page.waitForURL(/\/dashboard$/);
    await page.close();
  });

  it('deletes an account after a clear warning, and its login stops working', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'nova@matchwerk.example', { path: '/profile' });
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Konto löschen' }).count()).toBe(1);
    const asked: string[] = [];
    page.once('dialog', async (dialog) => {
      asked.push(dialog.message());
      await dialog.accept();
    });
    await page.locator('#delete-password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Mein Konto löschen' }).click();
    await page.waitForURL(`${app.url}/`);
    // The page the visitor lands on says what happened.
    await expect
      .poll(() => textNow(page.getByRole('status').filter({ hasText: 'gelöscht' })))
      .toBe('Ihr Konto und alle seine Daten sind gelöscht. Danke, dass Sie Matchwerk genutzt haben.');
    expect(asked).toEqual([
      'Ihr Konto und alle Ihre Daten jetzt löschen? Das lässt sich nicht rückgängig machen.',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
    await logIn(page, app.url, 'nova@matchwerk.example', { password: DEMO_PASSWORD });
    await expect
      .poll(() => textNow(page.getByRole('alert')))
      .toContain('E-Mail-Adresse oder Passwort stimmen nicht');
    await page.close();
  });
  it('downloads my data as one JSON file, and the profile card once however often it is clicked', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, app.url, 'stella@matchwerk.example', { path: '/profile' });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));

    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toBe('matchwerk-meine-daten.json');
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain('stella@matchwerk.example');

    // A double click while the card loads starts one download, not two.
    const card = page.getByRole('button', { name: 'Profilkarte herunterladen (PDF)' });
    await card.dblclick();
    await expect.poll(() => downloads.filter((name) => name.endsWith('.pdf')).length).toBe(1);
    await page.waitForTimeout(1000);
    expect(downloads).toEqual(['matchwerk-meine-daten.json', 'matchwerk-profil.pdf']);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('turns SMS protection on in the settings, with the resend countdown of registration, and off with the current password', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'stella@matchwerk.example', { path: '/profile' });
    await page.locator('#phone-settings-current-password').fill(DEMO_PASSWORD);
    await page.locator('#phone-settings-number').fill('0151 99988877');
    await page.getByRole('button', { name: 'Mit dieser Nummer einschalten' }).click();
    await expect.poll(() => page.getByLabel('Code aus der SMS').count()).toBe(1);
    // The code was just sent: a new one only in a minute.
    expect(await page.getByRole('button', { name: 'Neuen Code senden' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText(/möglich in \d+ s/).count()).toBe(1);
    const code = await smsCode(app.url, '+4915199988877');
    await page.getByLabel('Code aus der SMS').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect
      .poll(() => textNow(page.getByRole('status').filter({ hasText: 'mit der neuen Nummer' })))
      .toBe('Der SMS-Anmeldeschutz ist mit der neuen Nummer an.');
    await expect.poll(() => page.getByText('An, mit der Nummer +4915199988877.').count()).toBe(1);
    // Off again: a wrong password is refused at the turn-off form's field, the right one turns it off.
    const password = page.locator('#disable-2fa-password');
    await password.fill('Falsches-Passwort-1');
    await password.press('Enter');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Ihr aktuelles Passwort stimmt nicht.').count()).toBe(1);
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'SMS-Schutz ausschalten' }).click();
    await expect
      .poll(() => textNow(page.getByRole('status').filter({ hasText: 'ist aus' })))
      .toBe('Der SMS-Anmeldeschutz ist aus.');
    await page.close();
  });

  it('sets SMS protection up on /mfa/register, and sends an anonymous visitor to the login first', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/mfa/register`);
    await page.waitForURL(/\/login\?redirect=/);
    // company@: nova@ was deleted by the test above, stella@ and luna@ have SMS or a new password.
    await page.getByLabel('E-Mail-Adresse').fill('company@matchwerk.example');
    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/mfa\/register$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.locator('#mfa-register-current-password').fill(DEMO_PASSWORD);
    await page.locator('#mfa-register-number').fill('0151 44455566');
    await page.getByRole('button', { name: 'Code senden' }).click();
    const code = await smsCode(app.url, '+4915144455566');
    await page.getByLabel('Code aus der SMS').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(() => textNow(page.getByRole('status'))).toContain('Der SMS-Anmeldeschutz ist an.');
    // Once on, the page says so instead of offering the setup again.
    await page.reload();
    await expect.poll(() => page.getByText(/ist bereits an, mit der Nummer \+4915144455566/).count()).toBe(1);
    await page.close();
  });
});
