import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { expectSettledScreen, launchBrowser, logIn, type RunningApp, startApp } from './harness';

// Issue 21 points 1–3 in a browser, in German: an agent opens a job's results, adds three candidates
// to the pipeline, moves one by keyboard to "Kontaktiert" and the board shows it; the board is
// axe-clean and fits 1280 and 360 px. The demo's developer job has a filled pipeline already.

const JOB = '5eed10b0-0000-4000-8000-000000000001';

const column = (page: Page, stage: string) => page.getByRole('grid', { name: new RegExp(`^${stage}:`) });

describe('the pipeline in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('an agent adds three candidates from the results and moves one by keyboard to contacted, at 1280 and 360 px', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    page.setDefaultTimeout(10_000);
    await logIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    // The dashboard leads with the follow-ups due: the demo pipeline has one due today and one overdue.
    const due = page.getByRole('region', { name: 'Fällige Wiedervorlagen' });
    await expect.poll(() => due.getByRole('link').count()).toBe(2);
    await expectSettledScreen(page);

    await page.goto(`${app.url}/matchingJobResult/${JOB}`);
    const board = page.getByRole('region', { name: 'Pipeline' });
    await expect.poll(() => column(page, 'Vorgeschlagen').getByRole('row').count()).toBe(2);
    const proposedBefore = 2;

    const adds = page.getByRole('button', { name: /in die Pipeline aufnehmen$/ });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const button = adds.first();
      const label = (await button.getAttribute('aria-label')) ?? '';
      names.push(label.replace(/ in die Pipeline aufnehmen$/, ''));
      const before = await adds.count();
      await button.click();
      await expect.poll(() => adds.count()).toBe(before - 1);
    }
    await expect.poll(() => column(page, 'Vorgeschlagen').getByRole('row').count()).toBe(proposedBefore + 3);
    for (const name of names) {
      await expect.poll(() => column(page, 'Vorgeschlagen').getByText(name, { exact: true }).count()).toBe(1);
    }
    // The column's heading counts its cards.
    expect(await board.getByRole('heading', { name: /^Vorgeschlagen/ }).textContent()).toContain(
      String(proposedBefore + 3),
    );

    // By keyboard: the card's "move" button opens the menu of the moves its stage allows.
    const moved = names[0]!;
    const contactedBefore = await column(page, 'Kontaktiert').getByRole('row').count();
    const trigger = board.getByRole('button', { name: `${moved} verschieben` });
    await trigger.focus();
    await trigger.press('Enter');
    const menu = page.getByRole('menu');
    // A proposed entry moves forward or out, never back to "Vorgeschlagen".
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Kontaktiert',
      'Vorgestellt',
      'Vorstellungsgespräch',
      'Angebot',
      'Vermittelt',
      'Abgesagt',
      'Zurückgezogen',
    ]);
    await page.getByRole('menuitem', { name: 'Kontaktiert' }).press('Enter');
    await expect.poll(() => column(page, 'Kontaktiert').getByText(moved, { exact: true }).count()).toBe(1);
    await expect.poll(() => column(page, 'Kontaktiert').getByRole('row').count()).toBe(contactedBefore + 1);
    expect(await column(page, 'Vorgeschlagen').getByText(moved, { exact: true }).count()).toBe(0);
    await expectSettledScreen(page);
    await screenshot(page, 'pipeline-1280');

    // The move holds after a reload: the server has it.
    await page.reload();
    await expect.poll(() => column(page, 'Kontaktiert').getByText(moved, { exact: true }).count()).toBe(1);

    await page.setViewportSize(PHONE);
    await expect.poll(() => column(page, 'Kontaktiert').getByText(moved, { exact: true }).count()).toBe(1);
    await expectSettledScreen(page);
    await screenshot(page, 'pipeline-360');
    await page.close();
  });
});
