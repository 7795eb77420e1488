import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablePaths } from '../support/model';
import { registrationTable } from '../support/registration-table';
import { launchBrowser, type RunningApp, startApp } from './harness';

// The registration table's path to `done` (tests/support/registration-table.ts), executed against the
// real app: each table event becomes what a person does (or waits for, when it is the server's answer),
// each table state a check of the screen.
const toDone = tablePaths(registrationTable).find((p) => p.name.endsWith('--> done'));

const EMAIL = 'modell.nova@example.org';
const PASSWORD = 'Gartenzwerg-Mondschein-Kompass-19';

describe('registration model path in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/register`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const h2 = () => page.getByRole('heading', { level: 2 }).first().textContent();
  const screens: Record<string, () => Promise<void>> = {
    'account.editing': async () =>
      expect.poll(() => page.getByRole('button', { name: 'Konto anlegen' }).count()).toBe(1),
    'validation.waiting': async () => expect.poll(h2, { timeout: 10_000 }).toBe('E-Mail-Adresse bestätigen'),
    'phone.settingUp': async () =>
      expect.poll(h2, { timeout: 15_000 }).toBe('Anmeldung mit SMS-Code schützen'),
    'profile.editing': async () => {
      await expect.poll(h2, { timeout: 10_000 }).toBe('Was Agenten zuerst wissen müssen');
      await expect.poll(() => page.getByRole('button', { name: 'Speichern und weiter' }).count()).toBe(1);
    },
    'photo.choosing': async () => expect.poll(h2, { timeout: 10_000 }).toBe('Foto'),
    done: async () => page.waitForURL(/\/dashboard$/, { timeout: 10_000 }),
  };
  const actions: Record<string, () => Promise<void>> = {
    createAccount: async () => {
      await page.getByLabel('E-Mail-Adresse').fill(EMAIL);
      await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await page.getByRole('radio', { name: /^Ich bin Schüler/ }).check();
      await page.getByLabel(/Allgemeinen Geschäftsbedingungen/).check();
      await page.getByLabel(/Vertragsbedingungen/).check();
      await page.getByRole('button', { name: 'Konto anlegen' }).click();
    },
    validated: async () => {
      const mails = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
        to: string;
        text: string;
      }[];
      const link =
        /(http:\/\/\S+\/user\/validate\/\S+)/.exec(mails.find((m) => m.to === EMAIL)?.text ?? '')?.[1] ?? '';
      const other = await page.context().newPage();
      await other.goto(link);
      // The page's answer, not just any status (its loading skeleton is one too).
      await expect
        .poll(() => other.getByRole('status').allTextContents())
        .toContain('Danke: Ihre E-Mail-Adresse ist bestätigt.');
      await other.close();
    },
    skipPhone: () => page.getByRole('button', { name: 'Überspringen: kein SMS-Schutz' }).click(),
    profileComplete: async () => {
      await page.getByLabel('Vorname', { exact: false }).fill('Noah');
      await page.getByLabel('Nachname', { exact: false }).fill('Weber');
      await page.getByLabel('Wohnort', { exact: false }).fill('Dresd');
      await page
        .getByRole('button', { name: /^Dresden \(DE\)/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    },
    photoDone: () => page.getByRole('button', { name: 'Überspringen und Registrierung abschließen' }).click(),
  };

  it('the table has a path from a visitor to a finished registration', () => {
    expect(toDone?.steps.map((s) => s.event)).toEqual([
      'createAccount',
      'createDone',
      'validated',
      'phoneConfirmed',
      'fieldsDone',
      'profileComplete',
      'nextDone',
      'photoDone',
      'nextDone',
    ]);
  });

  it('runs that path in the real app, skipping the phone, and checks each state the table names', async () => {
    await screens['account.editing']?.();
    for (const step of toDone?.steps ?? []) {
      // The browser user skips the SMS protection where the table's shortest path confirms a phone
      // (registration.test.ts confirms one); both lead to the profile step.
      const event = step.event === 'phoneConfirmed' ? 'skipPhone' : step.event;
      await actions[event]?.();
      await screens[step.expect.target]?.();
    }
    expect(page.url()).toMatch(/\/dashboard$/);
  });
});
