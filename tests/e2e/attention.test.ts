import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { expectSettledScreen, launchBrowser, type RunningApp, signIn, startApp } from './harness';

// Issue 21 point 7 in a browser, in German, on the demo data: the agent's dashboard leads with the
// attention band, each count links to a list that shows exactly the counted rows, a zero shows as
// done; every page axe-clean and without sideways scrolling at 1280 and 360 px.

const band = (page: Page) => page.getByRole('region', { name: 'Braucht Ihre Aufmerksamkeit' });
/** The count an item shows (its link's first figure). */
async function countOf(page: Page, item: string): Promise<number> {
  const value = band(page).locator(`[data-attention="${item}"] .attention-value`);
  await expect.poll(() => value.textContent()).toMatch(/^(\d+|✓)$/);
  const text = (await value.textContent()) ?? '';
  return text === '✓' ? 0 : Number(text);
}
const open = async (page: Page, item: string) => {
  await band(page).locator(`[data-attention="${item}"] .attention-link`).click();
};
const rows = (page: Page) => page.locator('main table tbody tr');

describe.each([
  ['1280 px', LAPTOP],
  ['360 px', PHONE],
])("the agent's attention in a browser, in German, at %s", (_width, viewport) => {
  // An app per width: the walk marks the demo's company answer as seen.
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it(`the band comes first and each count opens its rows, at ${viewport.width} px`, async () => {
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(10_000);
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    const dashboard = `${app.url}/dashboard`;

    // First: the band's heading is the first heading under the page title.
    await expect.poll(() => band(page).count()).toBe(1);
    const headings = await page.locator('main h2').allTextContents();
    expect(headings[0]).toBe('Braucht Ihre Aufmerksamkeit');
    // The page's introduction stays under its title, before the band (not between band and figures).
    const intro = page.locator('main p', { hasText: 'Ihre Übersicht: was neu ist' });
    expect(
      await intro.evaluate(
        (p, region) => Boolean(p.compareDocumentPosition(region as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
        await band(page).elementHandle(),
      ),
    ).toBe(true);
    expect(await countOf(page, 'follow-ups')).toBe(2);
    expect(await countOf(page, 'unanswered')).toBe(1);
    expect(await countOf(page, 'stale')).toBe(1);
    const requests = await countOf(page, 'requests');
    expect(requests).toBeGreaterThan(0);
    // The demo data holds one answer of Mainsoft the agent has not seen (server/demo/pipeline.ts).
    expect(await countOf(page, 'answers')).toBe(1);
    await expectSettledScreen(page);
    await screenshot(page, `attention-${viewport.width}`);

    await open(page, 'follow-ups');
    await page.waitForURL(/\/pipeline\/today$/);
    await expect.poll(() => page.locator('.follow-up-list li').count()).toBe(2);
    await expectSettledScreen(page);

    await page.goto(dashboard);
    await open(page, 'unanswered');
    await page.waitForURL(/\/pipeline\/attention\?kind=unanswered$/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Pflegefachkraft');
    await expectSettledScreen(page);

    await page.goto(dashboard);
    await open(page, 'stale');
    await page.waitForURL(/\/matchingJob\?.*stale=yes/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Kriterien seit dem Lauf geändert');
    await expectSettledScreen(page);

    await page.goto(dashboard);
    await open(page, 'requests');
    await page.waitForURL(/\/matchingJob\?.*agent=none/);
    await expect.poll(() => rows(page).count()).toBe(requests);
    expect(await page.getByRole('button', { name: /^Übernehmen|übernehmen$/ }).count()).toBe(requests);
    await expectSettledScreen(page);

    await page.goto(dashboard);
    await open(page, 'answers');
    await page.waitForURL(/\/pipeline\/attention\?kind=answers$/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Interessiert');
    await expectSettledScreen(page);
    // "Seen" takes it off the list and the count: a zero shows as done, not hidden.
    await rows(page)
      .first()
      .getByRole('button', { name: /als gesehen markieren$/ })
      .click();
    await expect.poll(() => page.getByText('Keine neue Antwort: hier ist nichts zu tun.').count()).toBe(1);
    await page.goto(dashboard);
    expect(await countOf(page, 'answers')).toBe(0);
    await expect
      .poll(() => band(page).getByRole('link', { name: 'Keine neue Antwort eines Unternehmens' }).count())
      .toBe(1);
    await page.close();
  });
});
