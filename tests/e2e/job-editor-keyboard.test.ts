import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { appHeading, expectSettledScreen, launchBrowser, type RunningApp, signIn, startApp } from './harness';

/** What has the keyboard focus, in words: its role and name as a person hears it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : ((el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${name || el.textContent?.trim() || ''}`;
  });

/**
 * Tab presses from the title until "Job speichern" has the focus (at most `limit`). The title is typed
 * first, as a person does: an unchanged new job has nothing to save, and its button is disabled.
 */
async function tabsFromTitleToSave(page: Page, limit: number): Promise<{ presses: number; path: string[] }> {
  const title = page.getByLabel('Titel', { exact: false });
  await title.fill('Pflegefachkraft Leipzig');
  await expect.poll(() => page.getByRole('button', { name: 'Job speichern' }).isEnabled()).toBe(true);
  await title.focus();
  const path: string[] = [];
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    path.push(await focused(page));
    const onSave = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Job speichern');
    if (onSave) return { presses, path };
  }
  return { presses: Number.POSITIVE_INFINITY, path };
}

describe.each([
  ['1280 px', LAPTOP],
  ['360 px', PHONE],
])('the job editor by keyboard at %s, in German', (size, viewport) => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Once ~230 presses: every occupation, skill and licence was a checkbox of its own.
  it('reaches "Job speichern" from the title in at most 40 Tab presses with the demo catalogue', async () => {
    await page.goto(`${app.url}/newJob`);
    await expect.poll(() => appHeading(page)).toBe('Neuer Matching-Job');
    const { presses, path } = await tabsFromTitleToSave(page, 60);
    expect(presses, path.join('\n')).toBeLessThanOrEqual(40);
    await expectSettledScreen(page);
    await screenshot(page, `job-editor-${size}`);
  });

  it('picks an occupation by typing and Enter, and removes it by Backspace or from its tag by Delete', async () => {
    await page.goto(`${app.url}/newJob`);
    await expect.poll(() => appHeading(page)).toBe('Neuer Matching-Job');
    const occupation = page.getByRole('combobox', { name: 'Beruf', exact: false }).first();
    const name = (await occupation.getAttribute('aria-labelledby')) ?? '';
    expect(name).not.toBe('');
    const tags = page.getByRole('grid', { name: /^Gewählt: Beruf/ });

    await occupation.focus();
    await page.keyboard.type('Pfle');
    await expect.poll(() => page.getByRole('option').first().textContent()).toMatch(/^Pfle/);
    await page.keyboard.press('Enter');
    await expect.poll(() => tags.getByRole('row').count()).toBe(1);
    const picked = (await tags.getByRole('row').textContent())?.replace('×', '').trim() ?? '';
    expect(picked).toMatch(/^Pfle/);
    // The input is empty again, ready for the next value; the popup offers the picked one no more.
    expect(await occupation.inputValue()).toBe('');
    await expectSettledScreen(page);

    // Backspace in the empty input takes the last tag back.
    await page.keyboard.press('Backspace');
    await expect.poll(() => tags.count()).toBe(0);

    // Again, then from the tag itself: Tab reaches the tags after the input (one stop), Delete removes one.
    await page.keyboard.type('Pfle');
    await page.keyboard.press('Enter');
    await expect.poll(() => tags.getByRole('row').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(new RegExp(`^row ${picked}`));
    await page.keyboard.press('Delete');
    await expect.poll(() => tags.count()).toBe(0);
  });
});
