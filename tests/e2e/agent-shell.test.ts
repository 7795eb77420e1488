import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  api,
  appHeading,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

// The agent's shell (issue 20, points 5 and 7) on the demo data, in German at 360 and 1280 px: the
// side navigation, the search field reached by Ctrl+K and `/` that opens a candidate, and the job
// list and results page telling of criteria changed since the run.

const searchField = (page: Page) =>
  page.getByRole('combobox', { name: 'Kandidaten, Unternehmen und Jobs suchen' });

/** axe-core once nothing loads any more. */
async function accessible(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const)('the agent shell at %s size, in German', (size, viewport) => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const narrow = viewport.width < 768;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('has a side navigation (behind the menu button when narrow) that leads to the tables', async () => {
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const stellas = nav.getByRole('link', { name: 'Stellas', exact: true });
    const menu = page.getByRole('button', { name: 'Menü', exact: true });
    // One navigation, and it is the side one: the top bar offers none to agents.
    // (Folded under 768 px, it is hidden from the accessibility tree until the menu opens.)
    await expect.poll(() => page.locator('nav.side-nav').count()).toBe(1);
    expect(await page.locator('header nav').count()).toBe(0);
    if (narrow) {
      expect(await stellas.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } else {
      expect(await menu.isVisible()).toBe(false);
      const box = await nav.boundingBox();
      const main = await page.getByRole('heading', { level: 1 }).boundingBox();
      // Beside the page, on its left.
      expect(box!.x + box!.width).toBeLessThanOrEqual(main!.x);
    }
    await expect.poll(() => stellas.isVisible()).toBe(true);
    await accessible(page);
    await screenshot(page, `${size}-agent-shell-nav`);
    await stellas.click();
    await page.waitForURL(/\/stellas(\?|$)/);
    await expect.poll(() => appHeading(page)).toBe('Stellas');
    expect(await page.locator('.side-nav a[aria-current="page"]').textContent()).toBe('Stellas');
    // Chosen: the menu folds again.
    if (narrow) expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await accessible(page);
  });

  it('Ctrl+K finds a candidate by name, grouped, and Enter opens them', async () => {
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    // The demo stella by name and e-mail: the generated candidates hold many a Neumann.
    await page.keyboard.type('neumann stella');
    const hit = page.getByRole('option', { name: /Stella Neumann/ });
    await expect.poll(() => hit.count()).toBe(1);
    // Grouped: the hit sits in the "Stellas" group.
    expect(
      await page
        .getByRole('group', { name: 'Stellas' })
        .getByRole('option', { name: /Stella Neumann/ })
        .count(),
    ).toBe(1);
    expect(await hit.textContent()).toContain('stella@matchwerk.example');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `${size}-agent-search`);
    // While the list is open react-aria hides the page behind it from assistive technology (axe
    // counts the focusable links there); the page is checked after the list closed.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/stellas\/view\/[0-9a-f-]{36}$/);
    await expect.poll(() => appHeading(page)).toBe('Stella Neumann');
    // The field is empty again for the next search.
    expect(await searchField(page).inputValue()).toBe('');
    await accessible(page);
  });

  it('`/` focuses the search from any page, outside a text field; a company and a job are found too', async () => {
    await page.goto(`${app.url}/matchingJob`);
    await expect.poll(() => appHeading(page)).toBe('Matching-Jobs');
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    await page.keyboard.type('rheinwerk');
    await expect
      .poll(() => page.getByRole('group', { name: 'Unternehmen' }).getByRole('option').count())
      .toBeGreaterThan(0);
    // The job's client: only the job holds it.
    await searchField(page).fill('');
    await page.keyboard.type('isartal');
    const job = page
      .getByRole('group', { name: 'Matching-Jobs' })
      .getByRole('option', { name: /Pflegefachkraft/ });
    await expect.poll(() => job.count()).toBe(1);
    // Closed again: the page is checked.
    await page.keyboard.press('Escape');
    await accessible(page);
  });

  it('opens a job, a company and a candidate hit reached with the arrow keys, by Enter', async () => {
    // Issue 20, point 7: a hit below the first ones opens its record. Jobs come last in the list; with
    // many hits above them the arrow keys scrolled the page and that closed the list, so Enter opened
    // nothing.
    const cases = [
      {
        query: 'typescript',
        group: 'Matching-Jobs',
        name: /Full-Stack-Entwickler\/in TypeScript/,
        to: 'matchingJobResult',
      },
      {
        query: 'lagerlogistik',
        group: 'Matching-Jobs',
        name: /Lagerlogistik Hamburg/,
        to: 'matchingJobResult',
      },
      { query: 'rheinwerk', group: 'Unternehmen', name: /Rheinwerk/, to: 'companies/view' },
      { query: 'neumann stella', group: 'Stellas', name: /Stella Neumann/, to: 'stellas/view' },
    ];
    for (const { query, group, name, to } of cases) {
      await page.goto(`${app.url}/matchingJob`);
      await expect.poll(() => appHeading(page)).toBe('Matching-Jobs');
      await page.keyboard.press('Control+k');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
        .toBe('combobox');
      await page.keyboard.type(query);
      const hit = page.getByRole('group', { name: group }).getByRole('option', { name }).first();
      await expect.poll(() => hit.count(), { message: query }).toBe(1);
      // Down the list until the wanted hit is the active option (the field's aria-activedescendant).
      const wanted = await hit.getAttribute('id');
      const count = await page.getByRole('option').count();
      for (let i = 0; i < count; i++) {
        await page.keyboard.press('ArrowDown');
        if ((await searchField(page).getAttribute('aria-activedescendant')) === wanted) break;
      }
      expect(await searchField(page).getAttribute('aria-activedescendant'), query).toBe(wanted);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => new URL(page.url()).pathname, { message: query })
        .toMatch(new RegExp(`^/${to}/[0-9a-f-]{36}$`));
      await expect.poll(() => appHeading(page), { message: query }).toMatch(name);
      expect(await searchField(page).inputValue()).toBe('');
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await accessible(page);
  });

  it('keeps what is typed before the combobox has loaded, and opens its hits then (issue 22)', async () => {
    // The field at rest is a plain input; its first focus loads react-aria's combobox. A slow network
    // holds that code back while the agent types.
    const slow = await context.newPage();
    slow.setDefaultTimeout(10_000);
    await slow.route(/\/assets\/global-search-field-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await slow.goto(`${app.url}/matchingJob`);
    await expect.poll(() => appHeading(slow)).toBe('Matching-Jobs');
    // At rest: the same name and role, closed, before any code of the combobox ran.
    const field = searchField(slow);
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await field.click();
    await slow.keyboard.type('neumann stella');
    // Loaded: the text is the combobox's, the focus too, and the hit is offered.
    const hit = slow.getByRole('option', { name: /Stella Neumann/ });
    await expect.poll(() => hit.count(), { timeout: 10_000 }).toBe(1);
    expect(await searchField(slow).inputValue()).toBe('neumann stella');
    expect(await slow.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await slow.keyboard.press('Escape');
    await slow.close();
  });

  it('marks a job whose criteria changed since its run in the list and on its results page, with "run again"', async () => {
    const list = await api<{
      items: {
        uuid: string;
        values: { title: string };
        version: number;
        criteria: { key: string; value: unknown; weight: number; must: boolean }[];
        lastRun: { state: string } | null;
      }[];
    }>(page, 'GET', '/api/jobs/list?limit=100');
    const job = list.items.find((j) => j.lastRun?.state === 'done' && j.values.title.startsWith('Pflege'))!;
    const criteria = job.criteria.map((c, i) => ({
      key: c.key,
      value:
        c.key === 'location'
          ? { id: (c.value as { id: number }).id, radius_km: (c.value as { radius_km: number }).radius_km }
          : c.value,
      weight: i === 0 ? (c.weight === 5 ? 4 : 5) : c.weight,
      must: c.must,
    }));
    const full = await api<{ values: Record<string, unknown>; client: { uuid: string } | null }>(
      page,
      'GET',
      `/api/job/${job.uuid}`,
    );
    // Its client stays: left out, the body would name none, and the job has a submission to it in play.
    await api(page, 'POST', `/api/job/${job.uuid}`, {
      values: full.values,
      criteria,
      client: full.client?.uuid ?? null,
      version: job.version,
    });

    await page.goto(`${app.url}/matchingJob`);
    await expect.poll(() => appHeading(page)).toBe('Matching-Jobs');
    const row = page.getByRole('row', { name: new RegExp(job.values.title.replace(/[()/]/g, '.')) });
    await expect.poll(() => row.getByText('Kriterien seit dem Lauf geändert').count()).toBe(1);
    // Every job the server counts stale is marked, and no other (the demo data holds a stale job too).
    const stale = await api<{ items: { criteriaChangedSinceRun: boolean }[] }>(
      page,
      'GET',
      '/api/jobs/list?status=active&limit=20',
    );
    const marked = page.locator('main table tbody').getByText('Kriterien seit dem Lauf geändert');
    expect(await marked.count()).toBe(stale.items.filter((j) => j.criteriaChangedSinceRun).length);
    await accessible(page);
    await screenshot(page, `${size}-job-list-stale`);

    await row.getByRole('link').first().click();
    await page.waitForURL(/\/matchingJobResult\//);
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Die Kriterien wurden seit diesem Lauf geändert' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.getByRole('button', { name: 'Erneut starten' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await accessible(page);
    await screenshot(page, `${size}-results-stale`);
    // Run again: when the run is done, its results are fresh.
    await notice.getByRole('button', { name: 'Erneut starten' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect
      .poll(
        async () =>
          (await api<{ criteriaChangedSinceRun: boolean }>(page, 'GET', `/api/job/${job.uuid}`))
            .criteriaChangedSinceRun,
        {
          timeout: 30_000,
        },
      )
      .toBe(false);
    await page.goto(`${app.url}/matchingJob`);
    await expect.poll(() => appHeading(page)).toBe('Matching-Jobs');
    // Its row is no longer marked (the job list's filter names the mark too, so the row is asked).
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText('Kriterien seit dem Lauf geändert').count()).toBe(0);
  });
});
