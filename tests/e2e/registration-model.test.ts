import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { registrationMachine } from '../../src/machines/registration.machine';
import { machineModel, pathsCoveringEveryTransition } from '../support/model';
import { launchBrowser, type RunningApp, startApp } from './harness';

// The registration model's own path to `done`, executed against the real app: each model event
// becomes what a person does (or what the server answers), each model state a check of the screen.
const ok = { token: 'x', refresh_token: 'y' } satisfies TokenPair;
const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: ok }) as never;
const model = machineModel(registrationMachine, {
  input: { step: 0 },
  events: [
    {
      type: 'registration.createAccount',
      account: { email: '', password: '', category: 'stella', language: 'de', accepted: [] },
    },
    done('createAccount'),
    { type: 'registration.validated' },
    { type: 'registration.skipPhone' },
    done('skipPhone'),
    { type: 'registration.profileDone' },
    done('nextStep'),
    { type: 'registration.photoDone' },
    done('finish'),
  ],
});
const toDone = pathsCoveringEveryTransition(model).find((p) => p.name.endsWith('--> done'));

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
    account: async () =>
      expect.poll(() => page.getByRole('button', { name: 'Konto anlegen' }).count()).toBe(1),
    awaitingValidation: async () => expect.poll(h2, { timeout: 10_000 }).toBe('E-Mail-Adresse bestätigen'),
    phone: async () => expect.poll(h2, { timeout: 15_000 }).toBe('Anmeldung mit SMS-Code schützen'),
    profile: async () => expect.poll(h2, { timeout: 10_000 }).toBe('Was Agenten zuerst wissen müssen'),
    photo: async () => expect.poll(h2, { timeout: 10_000 }).toBe('Foto'),
    done: async () => page.waitForURL(/\/dashboard$/, { timeout: 10_000 }),
  };
  const actions: Record<string, () => Promise<void>> = {
    'registration.createAccount': async () => {
      await page.getByLabel('E-Mail-Adresse').fill(EMAIL);
      await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await page.getByLabel(/Neueinsteiger/).check();
      await page.getByLabel(/Allgemeinen Geschäftsbedingungen/).check();
      await page.getByLabel(/Vertragsbedingungen/).check();
      await page.getByRole('button', { name: 'Konto anlegen' }).click();
    },
    'registration.validated': async () => {
      const mails = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
        to: string;
        text: string;
      }[];
      const link =
        /(http:\/\/\S+\/user\/validate\/\S+)/.exec(mails.find((m) => m.to === EMAIL)?.text ?? '')?.[1] ?? '';
      const other = await page.context().newPage();
      await other.goto(link);
      await expect.poll(() => other.getByRole('status').count()).toBe(1);
      await other.close();
    },
    'registration.skipPhone': () =>
      page.getByRole('button', { name: 'Überspringen: kein SMS-Schutz' }).click(),
    'registration.profileDone': async () => {
      await page.getByLabel('Vorname', { exact: false }).fill('Noah');
      await page.getByLabel('Nachname', { exact: false }).fill('Weber');
      await page.getByLabel('Wohnort', { exact: false }).fill('Dresd');
      await page
        .getByRole('button', { name: /^Dresden \(DE\)/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    },
    'registration.photoDone': () =>
      page.getByRole('button', { name: 'Überspringen und Registrierung abschließen' }).click(),
  };

  it('the model has a path from a visitor to a finished registration', () => {
    expect(toDone?.steps.map((s) => (s.event as { type: string }).type)).toEqual([
      'registration.createAccount',
      'xstate.done.actor.createAccount',
      'registration.validated',
      'registration.skipPhone',
      'xstate.done.actor.skipPhone',
      'registration.profileDone',
      'xstate.done.actor.nextStep',
      'registration.photoDone',
      'xstate.done.actor.finish',
    ]);
  });

  it('runs that path in the real app, checking each state the model reaches', async () => {
    await screens.account?.();
    for (const step of toDone?.steps ?? []) {
      const type = (step.event as { type: string }).type;
      await actions[type]?.();
      const state = step.expected.value as string;
      const check = screens[state];
      if (check) await check();
    }
    expect(page.url()).toMatch(/\/dashboard$/);
  });
});
