import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  apiToken,
  launchBrowser,
  type RunningApp,
  readOutbox,
  signIn,
  startApp,
} from './harness';

/*
 * Sending candidates to the client (issue 21 point 4), in German on the demo data, at 360 and
 * 1280 px: the agent ticks two candidates of the Mainsoft job's results, opens "An Kunden senden",
 * finds the client's contact Priya Nair chosen, writes a personal line, reads the mail in her language
 * (English: "Dear Ms Nair", the line after it) and sends it; the outbox holds one mail to her with two
 * PDF cards attached and, per card, the link to its answer on the company's page (issue 42).
 */

/** The demo job for Mainsoft AG (server/demo/jobs.ts). */
const MAINSOFT_JOB = '5eed10b0-0000-4000-8000-000000000001';

async function checked(page: Page, name: string) {
  expect(await accessibilityViolations(page), name).toEqual([]);
  expect(await horizontalOverflow(page), `${name}: sideways scrolling`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe.each([
  ['360 px', PHONE],
  ['1280 px', LAPTOP],
])('sending candidates to the client at %s', (width, viewport) => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    context = await browser.newContext({ viewport });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('an agent sends two anonymised cards in one mail to the client contact, in her language', async () => {
    const page = await context.newPage();
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/matchingJobResult/${MAINSOFT_JOB}`);
    // Two candidates not in the job's pipeline yet (their row offers "add to pipeline").
    const rows = page
      .locator('table.results tbody tr')
      .filter({ has: page.getByRole('button', { name: /in die Pipeline aufnehmen$/ }) });
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const open = page.getByRole('button', { name: /^An Kunden senden/ });
    expect(await open.isDisabled()).toBe(true);
    const names: string[] = [];
    for (const i of [0, 1]) {
      const add = rows.nth(i).getByRole('button', { name: /in die Pipeline aufnehmen$/ });
      names.push(((await add.getAttribute('aria-label')) ?? '').replace(/ in die Pipeline aufnehmen$/, ''));
    }
    const submitted = page.getByRole('grid', { name: /^Vorgestellt:/ });
    for (const name of names) expect(await submitted.getByText(name, { exact: true }).count()).toBe(0);
    for (const name of names) {
      await page
        .locator('table.results tbody tr')
        .filter({ hasText: name })
        .locator('label.rac-checkbox')
        .click();
    }
    await expect.poll(() => open.textContent()).toBe('An Kunden senden (2)');
    await checked(page, `send-selected-${width}`);
    await open.click();

    const dialog = page.getByRole('dialog', { name: 'Kandidaten an den Kunden senden' });
    // The client's default contact is chosen.
    await expect
      .poll(() => dialog.getByRole('button', { name: /Kontakt/ }).textContent())
      .toContain('Priya Nair');
    const line = `As discussed on the phone (${width}): two strong profiles.`;
    await dialog.getByLabel('Persönliche Zeile (optional)').fill(line);
    await checked(page, `send-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Mail anzeigen' }).click();
    const preview = dialog.getByRole('region', { name: 'Vorschau' });
    await expect
      .poll(() => preview.textContent())
      .toContain('2 candidates for “Full-Stack-Entwickler/in TypeScript”');
    // The formal salutation in her language, the agent's line right after it.
    expect(
      (await preview.locator('pre').textContent())?.startsWith(`Dear Ms Nair,\n\n${line}\n\nFor your`),
    ).toBe(true);
    expect(await preview.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^MW-[0-9A-Z]{6}\.pdf$/),
      expect.stringMatching(/^MW-[0-9A-Z]{6}\.pdf$/),
    ]);
    await checked(page, `send-preview-${width}`);

    const before = (await readOutbox(app.url)).filter((m) => m.to === 'priya.nair@mainsoft.example').length;
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Die Mail an Priya Nair mit 2 Karten ist unterwegs.');
    await checked(page, `send-sent-${width}`);

    const mails = (await readOutbox(app.url)).filter((m) => m.to === 'priya.nair@mainsoft.example');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.filter((m) => m.subject?.startsWith('2 candidates')).at(-1);
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(mail?.attachments.every((a) => a.size > 1000)).toBe(true);
    // The queued mail as previewed: the line, and per card the link to its answer on this job's page.
    expect(mail?.text).toContain(`Dear Ms Nair,\n\n${line}\n`);
    const page_ = new URL(`/clientCandidates/${MAINSOFT_JOB}`, app.url).href;
    for (const attachment of mail?.attachments ?? []) {
      const reference = attachment.fileName.replace(/\.pdf$/, '');
      expect(mail?.text).toContain(`Your answer: ${page_}?card=${reference}`);
    }

    await dialog.getByRole('button', { name: 'Schließen' }).click();
    // The selection is cleared after sending.
    await expect.poll(() => open.textContent()).toBe('An Kunden senden (0)');
    // The board on the same page (its own tab since issue 42 major 4) shows both in "Vorgestellt" at
    // once, without a reload (issue 21 gap 1).
    await page.getByRole('tab', { name: 'Pipeline' }).click();
    for (const name of names) {
      await expect.poll(() => submitted.getByText(name, { exact: true }).count()).toBe(1);
    }
    await checked(page, `send-board-${width}`);
  });

  // Issue 21 gap 3: the full card (with the name) only for a candidate who consented.
  it('offers the full card only for a candidate who consented, and sends it under her name', async () => {
    // Stella Neumann consents, through the call her settings page makes.
    const token = await apiToken(app.url, 'stella@matchwerk.example');
    const consent = await fetch(`${app.url}/api/profile/presentation-consent`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ consented: true }),
    });
    expect(consent.status).toBe(200);

    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/matchingJobResult/${MAINSOFT_JOB}`);
      const rows = page.locator('table.results tbody tr');
      const stella = rows.filter({ hasText: 'Stella Neumann' });
      await expect.poll(() => stella.count()).toBe(1);
      const other = rows.filter({ hasNotText: 'Stella Neumann' }).first();
      const otherName = ((await other.locator('label.rac-checkbox').textContent()) ?? '').replace(
        / auswählen$/,
        '',
      );
      expect(otherName).not.toBe('');
      await stella.locator('label.rac-checkbox').click();
      await other.locator('label.rac-checkbox').click();
      await page.getByRole('button', { name: 'An Kunden senden (2)' }).click();

      const dialog = page.getByRole('dialog', { name: 'Kandidaten an den Kunden senden' });
      const item = (name: string) => dialog.getByRole('listitem').filter({ hasText: name });
      await expect.poll(() => item('Stella Neumann').count()).toBe(1);
      // The choice is offered for Stella, who consented, not for the other candidate.
      const full = item('Stella Neumann').getByRole('checkbox', { name: 'Vollständige Karte mit Namen' });
      expect(await full.count()).toBe(1);
      expect(await full.isChecked()).toBe(false);
      expect(await item(otherName).getByRole('checkbox').count()).toBe(0);
      await checked(page, `send-full-offered-${width}`);
      await item('Stella Neumann').locator('label.rac-checkbox').click();
      await expect.poll(() => full.isChecked()).toBe(true);

      await dialog.getByRole('button', { name: 'Mail anzeigen' }).click();
      const preview = dialog.getByRole('region', { name: 'Vorschau' });
      // Priya Nair reads English: the full card is Stella's, by name; the other stays anonymised.
      await expect
        .poll(() => preview.getByRole('listitem').allTextContents())
        .toEqual(
          expect.arrayContaining([
            'profile-card-Stella-Neumann.pdf',
            expect.stringMatching(/^MW-[0-9A-Z]{6}\.pdf$/),
          ]),
        );
      await dialog.getByRole('button', { name: 'Senden' }).click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain('ist unterwegs');
      const stellaCard = (m: { to: string; attachments: { fileName: string }[] }) =>
        m.to === 'priya.nair@mainsoft.example' &&
        m.attachments.some((a) => a.fileName === 'profile-card-Stella-Neumann.pdf');
      await expect.poll(async () => (await readOutbox(app.url)).filter(stellaCard).length).toBe(1);
      const mail = (await readOutbox(app.url)).find(stellaCard);
      expect(mail?.attachments.map((a) => a.fileName).sort()).toEqual([
        expect.stringMatching(/^MW-[0-9A-Z]{6}\.pdf$/),
        'profile-card-Stella-Neumann.pdf',
      ]);
      await dialog.getByRole('button', { name: 'Schließen' }).click();
      await page.close();
    } finally {
      // Withdrawn again: the settings walk below starts from no consent.
      const withdrawn = await fetch(`${app.url}/api/profile/presentation-consent`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ consented: false }),
      });
      expect(withdrawn.status).toBe(200);
    }
  });

  // Issue 42: a result's own page has the results page's two acts on its candidate.
  it("adds a candidate to the pipeline and sends the card from the result's own page", async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/matchingJobResult/${MAINSOFT_JOB}`);
    const row = page
      .locator('table.results tbody tr')
      .filter({ has: page.getByRole('button', { name: /in die Pipeline aufnehmen$/ }) })
      .first();
    await expect.poll(() => row.count()).toBe(1);
    const link = row.getByRole('link').first();
    const name = ((await link.textContent()) ?? '').trim();
    await link.click();
    await page.waitForURL(/\/matchingJobResultDetail\//);
    const add = page.getByRole('button', { name: `${name} in die Pipeline aufnehmen` });
    await expect.poll(() => add.count()).toBe(1);
    await add.click();
    await expect
      .poll(() => page.locator('.result-detail-actions .badge').textContent())
      .toBe('Vorgeschlagen');
    const open = page.getByRole('button', { name: 'An Kunden senden (1)' });
    await checked(page, `result-detail-actions-${width}`);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Kandidaten an den Kunden senden' });
    await expect.poll(() => dialog.getByRole('listitem').filter({ hasText: name }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Mail anzeigen' }).click();
    await expect.poll(() => dialog.getByRole('region', { name: 'Vorschau' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('ist unterwegs');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    // The sent card moved the entry on: the page shows the new stage.
    await expect.poll(() => page.locator('.result-detail-actions .badge').textContent()).toBe('Vorgestellt');
    await page.close();
  });

  it('a candidate gives and withdraws the consent to be presented by name in the account settings', async () => {
    // A context of its own: the agent's session lives in the other one.
    const own = await browser.newContext({ viewport });
    const page = await own.newPage();
    await signIn(page, app.url, 'stella@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/profile`);
    const section = page.getByRole('region', { name: 'Namentliche Vorstellung' });
    const consent = section.getByRole('switch', { name: /vollständige Karte/ });
    await expect.poll(() => consent.isChecked()).toBe(false);
    await section.locator('label').filter({ hasText: 'vollständige Karte' }).click();
    await expect.poll(() => section.getByText(/^Erteilt am /).count()).toBe(1);
    expect(await consent.isChecked()).toBe(true);
    await checked(page, `consent-given-${width}`);
    await section.locator('label').filter({ hasText: 'vollständige Karte' }).click();
    await expect.poll(() => consent.isChecked()).toBe(false);
    expect(await section.getByText(/^Erteilt am /).count()).toBe(0);
    await own.close();
  });
});
