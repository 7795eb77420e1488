import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserDriver, BrowserPage } from '../qa/browser';
import type { TablePath } from '../support/model';
import { registrationTable } from '../support/registration-table';

/*
 * The registration table's events as a person does them in the real app (or waits for, when it is the
 * server's answer), and its states as the screen shows them: the steps of the fixed walk
 * (registration-model.test.ts) and of the paths `npm run qa -- run registration --browser` generates.
 */

export const REGISTRATION_PASSWORD = 'Gartenzwerg-Mondschein-Kompass-19';

/** One person registering: the e-mail address and mobile number the path signs up with. */
export interface Registrant extends BrowserPage {
  email: string;
  /** A German mobile number, as typed ("0151 …"). */
  phone: string;
}

const h2 = (page: Page) => page.getByRole('heading', { level: 2 }).first().textContent();

/** What the screen shows in each state a person sees (busy states pass too fast and have none). */
export const registrationScreens: Record<string, (page: Page) => Promise<void>> = {
  'account.editing': async (page) =>
    expect.poll(() => page.getByRole('button', { name: 'Konto anlegen' }).count()).toBe(1),
  'validation.waiting': async (page) =>
    expect.poll(() => h2(page), { timeout: 10_000 }).toBe('E-Mail-Adresse bestätigen'),
  'phone.settingUp': async (page) =>
    expect.poll(() => h2(page), { timeout: 15_000 }).toBe('Anmeldung mit SMS-Code schützen'),
  'profile.editing': async (page) => {
    await expect.poll(() => h2(page), { timeout: 10_000 }).toBe('Was Agenten zuerst wissen müssen');
    await expect.poll(() => page.getByRole('button', { name: 'Speichern und weiter' }).count()).toBe(1);
  },
  'photo.choosing': async (page) => expect.poll(() => h2(page), { timeout: 10_000 }).toBe('Foto'),
  done: async (page) => page.waitForURL(/\/dashboard$/, { timeout: 10_000 }),
};

type Outbox = { kind: string; to: string; text: string; createdAt: string }[];
const outbox = async (url: string) => (await (await fetch(`${url}/api/dev/outbox`)).json()) as Outbox;

/** The international form of a German mobile number typed as "0151 …". */
const international = (phone: string) => `+49${phone.replace(/\s/g, '').slice(1)}`;

/** What a person does for a table event; events that are the server's answer do nothing. */
export const registrationActions: Record<string, (r: Registrant) => Promise<void>> = {
  createAccount: async ({ page, email }) => {
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(REGISTRATION_PASSWORD);
    await page.getByRole('radio', { name: /^Ich bin Schüler/ }).check();
    // Checked until they stay checked: a click has landed while the page was still settling
    // ("clicking the checkbox did not change its state"), as in broken-flows.test.ts.
    for (const box of [
      page.getByLabel(/Allgemeinen Geschäftsbedingungen/),
      page.getByLabel(/Vertragsbedingungen/),
    ]) {
      await expect
        .poll(async () => {
          await box.setChecked(true).catch(() => {});
          return box.isChecked();
        })
        .toBe(true);
    }
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
  },
  validated: async ({ page, app, email }) => {
    const mails = await outbox(app.url);
    const link =
      /(http:\/\/\S+\/user\/validate\/\S+)/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
    const other = await page.context().newPage();
    await other.goto(link);
    // The page's answer, not just any status (its loading skeleton is one too).
    await expect
      .poll(() => other.getByRole('status').allTextContents())
      .toContain('Danke: Ihre E-Mail-Adresse ist bestätigt.');
    await other.close();
  },
  phoneConfirmed: async ({ page, app, phone }) => {
    await page.getByLabel('Mobilnummer').fill(phone);
    await page.getByRole('button', { name: 'Code senden' }).click();
    let code: string | undefined;
    await expect
      .poll(async () => {
        // The newest SMS by its time (the outbox lists the newest first).
        const sms = (await outbox(app.url))
          .filter((m) => m.kind === 'sms' && m.to === international(phone))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        code = /\b(\d{6})\b/.exec(sms.at(-1)?.text ?? '')?.[1];
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByLabel('Code aus der SMS').fill(code ?? '');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
  },
  skipPhone: async ({ page }) => page.getByRole('button', { name: 'Überspringen: kein SMS-Schutz' }).click(),
  profileComplete: async ({ page }) => {
    await page.getByLabel('Vorname', { exact: false }).fill('Noah');
    await page.getByLabel('Nachname', { exact: false }).fill('Weber');
    await page.getByLabel('Wohnort', { exact: false }).fill('Dresd');
    await page
      .getByRole('button', { name: /^Dresden \(DE\)/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
  },
  photoDone: async ({ page }) =>
    page.getByRole('button', { name: 'Überspringen und Registrierung abschließen' }).click(),
};

/**
 * The (state, event) pairs a browser gives: what the person does above and the real server's answers
 * to it. Left out: failures and refusals the real server does not give on demand (createFailed,
 * skipFailed, fieldsFailed, nextFailed and the states they lead to), resending the e-mail, and a
 * profile that already had everything (profileHadAll: a new account never has).
 */
const DRIVABLE = new Set([
  'account.editing --createAccount',
  'account.creating --createDone',
  'validation.waiting --validated',
  'phone.settingUp --phoneConfirmed',
  'phone.settingUp --skipPhone',
  'phone.skipping --skipDone',
  'profile.loadingFields --fieldsDone',
  'profile.editing --profileComplete',
  'profile.advancing --nextDone',
  'photo.choosing --photoDone',
  'photo.finishing --nextDone',
]);

/** A run's own addresses: a path against a running instance registers someone new each time. */
const runId = Date.now().toString(36);

/** The registration's browser driver for `npm run qa -- run registration --browser` (tests/qa/browser.ts). */
export const registrationBrowser: BrowserDriver<Registrant> = {
  table: 'registration',
  spec: registrationTable,
  undrivable(path: TablePath) {
    const i = path.steps.findIndex((s) => !DRIVABLE.has(`${s.from} --${s.event}`));
    const step = path.steps[i];
    return step ? `step ${i + 1} (in ${step.from}: ${step.event}) has no browser action` : undefined;
  },
  async start(base, path) {
    const index = Number(/\d+/.exec(path.name)?.[0] ?? 0);
    const unique = `${runId}${Math.floor(Math.random() * 1e6)}`;
    const run: Registrant = {
      ...base,
      email: `qa.${unique}@example.org`,
      phone: `0151 ${String(10_000_000 + ((Date.now() + index * 7919 + Math.floor(Math.random() * 1e7)) % 90_000_000))}`,
    };
    await base.page.goto(`${base.app.url}/register`);
    await registrationScreens['account.editing']?.(base.page);
    return run;
  },
  async act(run, path, i) {
    await registrationActions[path.steps[i]?.event ?? '']?.(run);
  },
  async check(run, path, i) {
    const screen = registrationScreens[path.steps[i]?.expect.target ?? ''];
    await screen?.(run.page);
    return screen !== undefined;
  },
};
