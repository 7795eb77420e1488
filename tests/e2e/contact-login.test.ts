import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE } from '../support/viewport';
import {
  api,
  appHeading,
  expectSettledScreen,
  launchBrowser,
  type RunningApp,
  readOutbox,
  signIn,
  startApp,
} from './harness';

/*
 * A contact signs in (issue 42, docs/decisions/0031-contacts-sign-in.md), in German on the demo data:
 * the agent invites Mainsoft's contact Priya Nair from the company page (1280 px); she opens the
 * link of the mail in the outbox on her phone (360 px), sets a password and lands on Mainsoft's
 * dashboard with the candidates sent to it. Her company's page shows her the company profile and the
 * contacts, but neither the profile's form nor "Einladen": only the main login may use them.
 */

const PRIYA = 'priya.nair@mainsoft.example';
const PASSWORD = 'Lichtung-Kanu-Moosbeere-42';

describe('a contact signs in', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the agent invites the contact; she sets a password and sees the candidates sent to her company', async () => {
    const agent = await browser.newPage({ viewport: LAPTOP });
    agent.setDefaultTimeout(10_000);
    await signIn(agent, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    const [mainsoft] = (
      await api<{ items: { uuid: string; name: string }[] }>(agent, 'GET', '/api/clients/search?q=Mainsoft')
    ).items;
    await agent.goto(`${app.url}/companies/view/${mainsoft!.uuid}`);
    const contacts = agent.getByRole('region', { name: 'Ansprechpersonen' });
    const priya = contacts.getByRole('listitem').filter({ hasText: 'Priya Nair' });
    await expect.poll(() => priya.getByText('Kein Zugang').count()).toBe(1);
    await priya.getByRole('button', { name: 'Einladen: Priya Nair' }).click();
    await expect.poll(() => priya.getByText('Zum Zugang eingeladen').count()).toBe(1);
    expect(await priya.getByRole('button', { name: 'Einladung erneut senden: Priya Nair' }).count()).toBe(1);
    await expectSettledScreen(agent);

    let path = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(app.url)).filter((m) => m.kind === 'mail' && m.to === PRIYA).at(-1);
        path = /\/user\/invitation\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return path;
      })
      .not.toBe('');

    const contact = await browser.newPage({ viewport: PHONE });
    contact.setDefaultTimeout(10_000);
    await contact.goto(`${app.url}${path}`);
    await expect.poll(() => appHeading(contact)).toBe('Ihren Zugang einrichten');
    await expect.poll(() => contact.getByText(/Arbeitsbereich von Mainsoft AG/).count()).toBe(1);
    await expectSettledScreen(contact);
    await contact.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    // The checkbox's input lies under its drawn box (src/ui/components/checkbox.tsx); a click on the box takes it.
    await contact.locator('.rac-checkbox-box').click();
    await contact.getByRole('button', { name: 'Zugang einrichten' }).click();
    await contact.waitForURL(/\/dashboard$/);
    const sent = contact.getByRole('region', { name: 'Kandidat/innen für Sie' });
    await sent.getByRole('link', { name: 'Full-Stack-Entwickler/in TypeScript' }).click();
    await contact.waitForURL(/\/clientCandidates\//);
    await expect.poll(() => contact.getByRole('article', { name: /^Referenz / }).count()).toBeGreaterThan(0);
    await expectSettledScreen(contact);

    // The agent's list now says her login is active.
    await agent.reload();
    await expect.poll(() => priya.getByText('Zugang aktiv').count()).toBe(1);

    // Only the main login changes the company profile and invites contacts (decision 0031): she reads
    // the profile without a form, and the contacts without "Einladen", each with the reason why.
    await contact.goto(`${app.url}/companies`);
    await expect.poll(() => appHeading(contact)).toBe('Unternehmensprofil');
    await expect
      .poll(() =>
        contact
          .getByText('Nur der Hauptzugang Ihres Unternehmens kann das Unternehmensprofil ändern.')
          .count(),
      )
      .toBe(1);
    expect(
      await contact
        .getByRole('term')
        .filter({ hasText: /^Firmenname$/ })
        .count(),
    ).toBe(1);
    expect(
      await contact
        .getByRole('definition')
        .filter({ hasText: /^Mainsoft AG$/ })
        .count(),
    ).toBe(1);
    expect(await contact.getByRole('textbox', { name: /^Firmenname/ }).count()).toBe(0);
    expect(await contact.getByRole('button', { name: 'Speichern', exact: true }).count()).toBe(0);
    const own = contact.getByRole('region', { name: 'Ansprechpersonen' });
    await expect
      .poll(() =>
        own.getByRole('listitem').filter({ hasText: 'Priya Nair' }).getByText('Zugang aktiv').count(),
      )
      .toBe(1);
    expect(
      await own
        .getByText(
          'Nur der Hauptzugang Ihres Unternehmens kann Ansprechpersonen zu einem eigenen Zugang einladen.',
        )
        .count(),
    ).toBe(1);
    expect(await own.getByRole('button', { name: /^Einladen/ }).count()).toBe(0);
    expect(await own.getByRole('button', { name: /^Einladung erneut senden/ }).count()).toBe(0);
    await expectSettledScreen(contact);
  });
});
