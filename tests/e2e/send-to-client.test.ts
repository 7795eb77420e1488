import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  launchBrowser,
  logIn,
  type RunningApp,
  readOutbox,
  startApp,
} from './harness';

/*
 * Sending candidates to the client (issue 21 point 4), in German on the demo data, at 360 and
 * 1280 px: the agent ticks two candidates of the Mainsoft job's results, opens "An Kunden senden",
 * finds the client's contact Priya Nair chosen, reads the mail in her language (English) and sends
 * it; the outbox holds one mail to her with two PDF cards attached.
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
    await logIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/matchingJobResult/${MAINSOFT_JOB}`);
    const boxes = page.locator('table.results label.rac-checkbox');
    await expect.poll(() => boxes.count()).toBeGreaterThan(1);
    const open = page.getByRole('button', { name: /^An Kunden senden/ });
    expect(await open.isDisabled()).toBe(true);
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await expect.poll(() => open.textContent()).toBe('An Kunden senden (2)');
    await checked(page, `send-selected-${width}`);
    await open.click();

    const dialog = page.getByRole('dialog', { name: 'Kandidaten an den Kunden senden' });
    // The client's default contact is chosen.
    await expect
      .poll(() => dialog.getByRole('button', { name: /Kontakt/ }).textContent())
      .toContain('Priya Nair');
    await checked(page, `send-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Mail anzeigen' }).click();
    const preview = dialog.getByRole('region', { name: 'Vorschau' });
    await expect
      .poll(() => preview.textContent())
      .toContain('2 candidates for “Full-Stack-Entwickler/in TypeScript”');
    expect(await preview.textContent()).toContain('Dear Priya Nair');
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
    const mail = mails.find((m) => m.subject?.startsWith('2 candidates'));
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(mail?.attachments.every((a) => a.size > 1000)).toBe(true);

    await dialog.getByRole('button', { name: 'Schließen' }).click();
    // The selection is cleared after sending.
    await expect.poll(() => open.textContent()).toBe('An Kunden senden (0)');
  });

  it('a candidate gives and withdraws the consent to be presented by name in the account settings', async () => {
    // A context of its own: the agent's session lives in the other one.
    const own = await browser.newContext({ viewport });
    const page = await own.newPage();
    await logIn(page, app.url, 'stella@matchwerk.example', { landOn: /\/dashboard$/ });
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
