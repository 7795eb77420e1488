import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

/** axe-core once nothing loads any more (a table that loads is dimmed, which axe counts as low contrast). */
async function accessible(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** A react-aria select among a table's filters: its button opens the list, the option is chosen by name. */
async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('search')
    .getByRole('button', { name: new RegExp(label) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the agent workspace in a browser, in German (issue 12)', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the dashboard counts, each a link to its filtered table', async () => {
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    const care = page.getByRole('region', { name: 'Betreuung' });
    // "assigned to me" and "not assigned" split by type, each part a link to that type's filtered table.
    const mine = care.getByRole('link', { name: /^\d+ Stellas mir zugewiesen$/ });
    await expect.poll(() => mine.count()).toBe(1);
    // The demo seed assigns some candidates to the demo agent and leaves some unassigned.
    expect(Number((await mine.textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(0);
    expect(await mine.getAttribute('href')).toBe('/stellas?assigned=me');
    expect(await care.getByRole('link', { name: /^\d+ Lunas mir zugewiesen$/ }).getAttribute('href')).toBe(
      '/lunas?assigned=me',
    );
    expect(await care.getByRole('link', { name: /^\d+ Novas nicht zugewiesen$/ }).getAttribute('href')).toBe(
      '/novas?assigned=none',
    );
    const candidates = page.getByRole('region', { name: 'Kandidat/innen' });
    await expect.poll(() => candidates.getByRole('link', { name: /^\d+ Stellas$/ }).count()).toBe(1);
    // "new this week" split by type too, each part a link to that type's table filtered by creation.
    const newStellas = candidates.getByRole('link', { name: /^\d+ Stellas neu in dieser Woche$/ });
    expect(await newStellas.getAttribute('href')).toBe('/stellas?created=week');
    const newCount = Number((await newStellas.textContent())?.match(/\d+/)?.[0]);
    await newStellas.click();
    await page.waitForURL(/\/stellas\?created=week/);
    await expect.poll(() => page.getByText(`${newCount} Kandidat/innen`).count()).toBe(1);
    expect(
      await page
        .getByRole('search')
        .getByRole('button', { name: /Angelegt/ })
        .textContent(),
    ).toContain('In den letzten 7 Tagen');
    await page.goBack();
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Matching' })
          .getByRole('link', { name: /aktive Jobs/ })
          .count(),
      )
      .toBe(1);
    await accessible(page);

    // Company requests are one figure with one meaning: the attention band's "Anfragen ohne Agent"
    // (PRODUCT §10 "The agent's day"); the old "wartende Unternehmensanfragen" (requests without a
    // run) stood beside it with another meaning (issue 21 gap 5).
    expect(await page.getByText(/wartende Unternehmensanfragen/).count()).toBe(0);
    const attention = page.getByRole('region', { name: 'Braucht Ihre Aufmerksamkeit' });
    const requests = attention.getByRole('link', { name: /^1\s*Anfrage ohne Agent/ });
    await expect.poll(() => requests.count()).toBe(1);
    await requests.click();
    await page.waitForURL(/\/matchingJob\?(?=.*origin=company)(?=.*agent=none)/);
    await expect.poll(() => appHeading(page)).toBe('Matching-Jobs');
    // The origin filter (a react-aria select) shows the choice the link made.
    await expect
      .poll(() => page.getByRole('button', { name: /Herkunft/ }).textContent())
      .toContain('Unternehmensanfragen');
    const rows = page.getByRole('table', { name: 'Matching-Jobs' }).getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'Staplerfahrer/in Berlin' }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: 'Lagerlogistik Hamburg' }).count()).toBe(0);
  });

  it('finds a company, opens it with its request and assigns it to the agent', async () => {
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Unternehmen' })
      .click();
    await expect.poll(() => appHeading(page)).toBe('Unternehmen');
    const table = page.getByRole('table', { name: 'Unternehmen' });
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Rheinwerk');
    await page.waitForURL(/q=Rheinwerk/);
    const row = table.getByRole('row', { name: /Rheinwerk Logistik GmbH/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'niemand' }).count()).toBe(1);
    await accessible(page);

    await choose(page, 'Zuständiger Agent', 'Mir zugewiesen');
    await page.waitForURL(/assigned=me/);
    await expect.poll(() => page.getByText('Kein Unternehmen passt zu dieser Suche.').count()).toBe(1);
    await choose(page, 'Zuständiger Agent', 'Alle');
    await row.getByRole('link', { name: 'Rheinwerk Logistik GmbH' }).click();

    await page.waitForURL(/\/companies\/view\//);
    await expect.poll(() => appHeading(page)).toBe('Rheinwerk Logistik GmbH');
    const data = page.getByRole('region', { name: 'Unternehmensdaten' });
    await expect.poll(() => data.getByText('company@matchwerk.example').count()).toBe(1);
    // The place as the candidate pages write it: the city in the UI's language and its country.
    expect(await data.getByText('Berlin, DE', { exact: true }).count()).toBe(1);
    const requests = page.getByRole('region', { name: 'Stellenanfragen' });
    const request = requests.getByRole('link', { name: 'Staplerfahrer/in Berlin' });
    expect(await request.getAttribute('href')).toMatch(/^\/matchingJobResult\/[0-9a-f-]{36}$/);
    await accessible(page);

    const assignment = page.getByRole('region', { name: 'Zuständiger Agent' });
    await assignment.getByRole('button', { name: 'Mir zuweisen' }).click();
    await expect.poll(() => assignment.getByText('Alex Berger (ich)').count()).toBe(1);
    await expect.poll(() => assignment.getByRole('button', { name: 'Zuweisung aufheben' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Zurück zu den Unternehmen' }).click();
    await choose(page, 'Zuständiger Agent', 'Mir zugewiesen');
    await expect
      .poll(() =>
        table
          .getByRole('row', { name: /Rheinwerk Logistik GmbH/ })
          .getByText('Alex Berger (ich)')
          .count(),
      )
      .toBe(1);
  });

  it("edits the agent's own name on /agent and shows it in the account menu", async () => {
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await page.getByRole('link', { name: 'Mein Profil' }).click();
    await page.waitForURL(/\/agent$/);
    await expect.poll(() => appHeading(page)).toBe('Mein Agentenprofil');
    const first = page.getByLabel('Vorname');
    await expect.poll(() => first.inputValue()).toBe('Alex');
    // The account settings every user has, agents included.
    expect(await page.getByRole('heading', { name: 'Passwort ändern' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Meine Daten herunterladen' }).count()).toBe(1);
    await accessible(page);

    await first.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText('Bitte füllen Sie dieses Feld aus.').count()).toBe(1);

    await first.fill('Alexandra');
    await page.getByLabel('Telefon').fill('+49 30 555 0101');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => page.getByRole('status').getByText('Ihre Angaben sind gespeichert.').count())
      .toBe(1);

    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await expect.poll(() => page.getByText('Alexandra Berger', { exact: true }).count()).toBe(1);

    // Kept by the server: a fresh load shows the new name and phone.
    await page.reload();
    await expect.poll(() => page.getByLabel('Vorname').inputValue()).toBe('Alexandra');
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+49 30 555 0101');
  });

  it('uploads the agent photo, which then shows in the header', async () => {
    expect(await page.locator('header img.header-avatar').count()).toBe(0);
    const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa5533' } })
      .png()
      .toBuffer();
    await page
      .locator('.photo-panel input[type=file]')
      .setInputFiles({ name: 'agent.png', mimeType: 'image/png', buffer });
    // The square is uploaded as it is chosen: no second button (issue 22).
    await page.getByRole('button', { name: 'Dieses Quadrat verwenden' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Foto löschen' }).count(), { timeout: 10_000 })
      .toBe(1);
    // The header's avatar comes with the refreshed token.
    await expect.poll(() => page.locator('header img.header-avatar').count(), { timeout: 10_000 }).toBe(1);
    await accessible(page);
  });

  it('shows a senior agent every agent with what they look after', async () => {
    const senior = await browser.newPage();
    await signIn(senior, app.url, 'senior@matchwerk.example', { landOn: /\/dashboard$/ });
    await senior
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Agenten' })
      .click();
    await expect.poll(() => appHeading(senior)).toBe('Agenten');
    const agent = senior.getByRole('listitem', { name: 'Alexandra Berger' });
    await expect.poll(() => agent.count()).toBe(1);
    // The company the agent took over in the test before counts for them.
    const companies = agent.getByRole('listitem').filter({ hasText: 'Unternehmen zugewiesen' });
    expect(await companies.textContent()).toBe('1 Unternehmen zugewiesen');
    expect(
      await agent
        .getByRole('listitem')
        .filter({ hasText: /^\d+ Kandidat\/innen zugewiesen$/ })
        .count(),
    ).toBe(1);
    const self = senior.getByRole('listitem', { name: 'Sabine Hoffmann' });
    expect(await self.getByText('Senior-Agent').count()).toBe(1);
    await accessible(senior);

    // A senior agent hands the company the agent took over to themself.
    await senior
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Unternehmen' })
      .click();
    await senior.getByRole('link', { name: 'Rheinwerk Logistik GmbH' }).click();
    await expect.poll(() => appHeading(senior)).toBe('Rheinwerk Logistik GmbH');
    const assignment = senior.getByRole('region', { name: 'Zuständiger Agent' });
    await expect
      .poll(() =>
        assignment
          .getByRole('paragraph')
          .filter({ hasText: /^Alexandra Berger$/ })
          .count(),
      )
      .toBe(1);
    await assignment.getByRole('button', { name: /Einer anderen Agentin/ }).click();
    await senior.getByRole('option', { name: 'Sabine Hoffmann' }).click();
    await assignment.getByRole('button', { name: 'Zuweisen', exact: true }).click();
    await expect.poll(() => assignment.getByText('Sabine Hoffmann (ich)').count()).toBe(1);
    await accessible(senior);
    await senior.close();
  });
});
