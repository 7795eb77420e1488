import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE } from '../support/viewport';
import {
  appHeading,
  expectSettledScreen,
  launchBrowser,
  type RunningApp,
  readOutbox,
  signIn,
  startApp,
} from './harness';

// Issue 20.1 in a browser, in German: an agent creates a candidate after a phone call and invites
// them; the person takes the profile over from the mailed link; an agent creates a company.

const INVITED = 'jonas.telefon@example.org';
const PASSWORD = 'Kaffeetasse-Regenbogen-Leuchtturm-42';

async function chooseCity(page: Page, label: string, typed: string, city: RegExp) {
  await page.getByLabel(label, { exact: false }).fill(typed);
  await page.getByRole('button', { name: city }).first().click();
}

describe('agents create people and invite them, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let agent: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    agent = await browser.newPage({ viewport: LAPTOP });
    agent.setDefaultTimeout(10_000);
    await signIn(agent, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a stella by phone intake (1280 px) and sends the invitation', async () => {
    await agent.goto(`${app.url}/stellas`);
    await agent.getByRole('link', { name: 'Neu', exact: true }).click();
    await agent.waitForURL(/\/stellas\/new$/);
    await expect.poll(() => appHeading(agent)).toBe('Neue Stella');
    await expectSettledScreen(agent);
    // The agent writes about someone else: the tab is not "Über mich".
    expect(await agent.getByRole('tab').allTextContents()).toEqual([
      'Persönliches',
      'Qualifikation',
      'Wünsche',
      'Über die Person',
    ]);
    await agent.getByLabel('Vorname', { exact: false }).fill('Jonas');
    await agent.getByLabel('Nachname', { exact: false }).fill('Telefon');
    await chooseCity(agent, 'Wohnort', 'Köln', /^Köln \(DE\)/);
    await agent.getByLabel('E-Mail-Adresse (für die Einladung)').fill(INVITED);
    await agent.getByRole('button', { name: 'Speichern', exact: true }).click();
    await agent.waitForURL(/\/stellas\/view\/[0-9a-f-]{36}$/);
    await expect.poll(() => appHeading(agent)).toBe('Jonas Telefon');
    await expectSettledScreen(agent);

    const invitation = agent.getByRole('region', { name: 'Einladung' });
    expect(await invitation.getByLabel('E-Mail-Adresse').inputValue()).toBe(INVITED);
    await invitation.getByRole('button', { name: 'Einladung senden' }).click();
    await expect
      .poll(() => invitation.getByText(/^Eingeladen unter jonas\.telefon@example\.org/).count())
      .toBe(1);
    await expectSettledScreen(agent);

    await agent.goto(`${app.url}/stellas?q=telefon`);
    await expect.poll(() => agent.getByRole('link', { name: 'Jonas Telefon' }).count()).toBe(1);
  });

  it('the invited person sets a password from the mailed link (360 px) and sees their profile', async () => {
    let path = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(app.url)).filter((m) => m.kind === 'mail' && m.to === INVITED).at(-1);
        path = /\/user\/invitation\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return path;
      })
      .not.toBe('');
    const person = await browser.newPage({ viewport: PHONE });
    person.setDefaultTimeout(10_000);
    await person.goto(`${app.url}${path}`);
    await expect.poll(() => appHeading(person)).toBe('Profil übernehmen');
    await expect
      .poll(() => person.getByText(/Unser Team hat ein Profil für Jonas Telefon angelegt/).count())
      .toBe(1);
    await expectSettledScreen(person);
    await person.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await person.getByRole('button', { name: 'Profil übernehmen' }).click();
    // Without the terms nothing is sent.
    await expect
      .poll(() => person.getByText('Bitte akzeptieren Sie beides, um sich zu registrieren.').count())
      .toBe(1);
    // The checkbox's input lies under its drawn box (src/ui/components/checkbox.tsx); a click on the box takes it.
    await person.locator('.rac-checkbox-box').click();
    expect(await person.getByRole('checkbox').isChecked()).toBe(true);
    await person.getByRole('button', { name: 'Profil übernehmen' }).click();
    await person.waitForURL(/\/profile$/);
    await expect.poll(() => person.getByLabel('Vorname', { exact: false }).inputValue()).toBe('Jonas');
    expect(await person.getByLabel('Nachname', { exact: false }).inputValue()).toBe('Telefon');
    await expectSettledScreen(person);
    // Their own profile now: "Über mich".
    expect(await person.getByRole('tab', { name: 'Über mich' }).count()).toBe(1);

    // The link works once.
    const again = await browser.newPage({ viewport: PHONE });
    await again.goto(`${app.url}${path}`);
    await expect
      .poll(() =>
        again
          .getByRole('alert')
          .getByText(/Dieser Einladungslink wurde bereits verwendet/)
          .count(),
      )
      .toBe(1);
    await expectSettledScreen(again);
  });

  it('creates a company (360 px)', async () => {
    await agent.setViewportSize(PHONE);
    await agent.goto(`${app.url}/companies`);
    await agent.getByRole('link', { name: 'Neu', exact: true }).click();
    await agent.waitForURL(/\/companies\/new$/);
    await expect.poll(() => appHeading(agent)).toBe('Neues Unternehmen');
    await expectSettledScreen(agent);
    await agent.getByLabel('Firmenname', { exact: false }).fill('Solarwerk Nord GmbH');
    await chooseCity(agent, 'Standort', 'Hambu', /^Hamburg \(DE\)/);
    await agent.getByRole('button', { name: 'Speichern', exact: true }).click();
    await agent.waitForURL(/\/companies\/view\/[0-9a-f-]{36}$/);
    await expect.poll(() => appHeading(agent)).toBe('Solarwerk Nord GmbH');
    await expectSettledScreen(agent);
    await agent.setViewportSize(LAPTOP);
    await expectSettledScreen(agent);
  });
});
