import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

/** A react-aria select: its button opens the list, the option is chosen by name. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the agent workspace’s candidates in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  /** The stella the agent assigned to themself, and whose anonymised card they downloaded. */
  let stellaUrl = '';
  let stellaName = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ acceptDownloads: true });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('searches the stellas for a skill, keeps the unassigned ones and assigns one to themself', async () => {
    await page.goto(`${app.url}/stellas`);
    await expect.poll(() => appHeading(page)).toBe('Stellas');
    const table = page.getByRole('table', { name: 'Stellas' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Suche', { exact: true }).fill('TypeScript');
    await page.waitForURL(/q=TypeScript/);
    await choose(page, 'Zuständigkeit', 'Nicht zugewiesen');
    await page.waitForURL(/assigned=none/);
    // Every row left is unassigned: the agent column (a row's eighth cell) shows a dash, once the
    // filtered list has come. Counting every dash passed on the list before the filter too (no
    // e-mail, no last contact), and the first row was then an assigned stella (a CI run failed so).
    await expect
      .poll(async () => {
        if ((await page.locator('[aria-busy="true"]').count()) > 0) return false;
        const agents = await table.locator('tbody tr > :nth-child(8)').allTextContents();
        return agents.length > 0 && agents.every((text) => text.trim() === '–');
      })
      .toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    const first = table.getByRole('link').first();
    stellaName = (await first.textContent()) ?? '';
    expect(stellaName).not.toBe('');
    await first.click();
    await page.waitForURL(/\/stellas\/view\//);
    stellaUrl = page.url();
    await expect.poll(() => appHeading(page)).toBe(stellaName);
    await expect.poll(() => page.getByText('Niemand ist zuständig.').count()).toBe(1);
    // A plain agent neither promotes a stella nor assigns to others, nor sees the access log.
    expect(await page.getByRole('button', { name: 'Zur Stella befördern' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /anderen Agent/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Zugriffsprotokoll' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // By keyboard: the button swaps its label and keeps the focus (it does not fall to the page).
    await page.getByRole('button', { name: 'Mir zuweisen' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Die Zuweisung ist gespeichert.');
    await expect.poll(() => page.getByText(/^Zuständig: /).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Mir zuweisen' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Zuweisung aufheben' }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Zuweisung aufheben');

    // The table follows: the stella is among the agent's own now.
    await page.goto(`${app.url}/stellas?assigned=me&q=TypeScript`);
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Stellas' }).getByRole('link', { name: stellaName }).count(),
      )
      .toBe(1);
  });

  it('opens the detail and downloads the anonymised card', async () => {
    await page.goto(stellaUrl);
    await expect.poll(() => appHeading(page)).toBe(stellaName);
    // The profile is shown in the owner's form, which agents edit (issue 20).
    await expect
      .poll(() => page.getByRole('heading', { name: 'Profil bearbeiten', exact: true }).count())
      .toBe(1);
    // Its first tab holds the stella's own name, ready to edit.
    await expect.poll(() => page.getByLabel('Vorname', { exact: false }).first().inputValue()).not.toBe('');
    expect(stellaName).toContain(await page.getByLabel('Vorname', { exact: false }).first().inputValue());
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Anonymisierte Karte herunterladen' }).click();
    const file = await download;
    // The file name says nothing of the candidate either.
    expect(file.suggestedFilename()).toBe('anonymisierte-karte.pdf');
    const pdf = readFileSync((await file.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('Kenntnisse');
    for (const part of stellaName.split(' ')) expect(text).not.toContain(part);
  });

  it('promotes a luna after confirming; she appears among the stellas and got the e-mail', async () => {
    await page.goto(`${app.url}/lunas?q=Kaya`);
    await expect.poll(() => appHeading(page)).toBe('Lunas');
    const link = page.getByRole('table', { name: 'Lunas' }).getByRole('link', { name: 'Luna Kaya' });
    await expect.poll(() => link.count()).toBe(1);
    await link.click();
    await page.waitForURL(/\/lunas\/view\//);
    await expect.poll(() => appHeading(page)).toBe('Luna Kaya');

    await page.getByRole('button', { name: 'Zur Stella befördern' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Luna Kaya zur Stella befördern?' });
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Zur Stella befördern' }).click();
    await dialog.getByRole('button', { name: 'Befördern', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Die Luna ist jetzt eine Stella und wurde per E-Mail benachrichtigt.');
    expect(await page.getByRole('button', { name: 'Zur Stella befördern' }).count()).toBe(0);

    await page.goto(`${app.url}/stellas?q=Kaya`);
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Stellas' }).getByRole('link', { name: 'Luna Kaya' }).count(),
      )
      .toBe(1);
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as {
          kind: string;
          to: string;
          subject?: string;
        }[];
        return mails.some(
          (m) =>
            m.kind === 'mail' &&
            m.to === 'luna@matchwerk.example' &&
            m.subject === 'Ihr Matchwerk-Profil wurde bestätigt',
        );
      })
      .toBe(true);
  });

  it('shows a senior agent who read the profile and lets them assign to any agent', async () => {
    const senior = await browser.newPage();
    try {
      await signIn(senior, app.url, 'senior@matchwerk.example', { landOn: /\/dashboard$/ });
      await senior.goto(stellaUrl);
      await expect.poll(() => appHeading(senior)).toBe(stellaName);
      const log = senior.getByRole('table', { name: 'Wer dieses Profil gelesen hat' });
      await expect
        .poll(() => log.getByText('anonymisierte Karte heruntergeladen').count())
        .toBeGreaterThan(0);
      await expect.poll(() => log.getByText('agent@matchwerk.example').count()).toBeGreaterThan(0);
      await expect.poll(() => senior.getByRole('button', { name: /Einer anderen Agentin/ }).count()).toBe(1);
      expect(await accessibilityViolations(senior)).toEqual([]);
    } finally {
      await senior.close();
    }
  });
});
