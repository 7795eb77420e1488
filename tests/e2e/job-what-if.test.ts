import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, logIn, type RunningApp, startApp } from './harness';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
/** The demo's "Full-Stack-Entwickler/in TypeScript": skills weighted 5, not a must-have (server/demo/jobs.ts). */
const FULL_STACK = '5eed10b0-0000-4000-8000-000000000001';
/** The test answers the what-if itself, so that each question has numbers of its own to show. */
const answer = (included: number, excludedBy: Record<string, number>) => ({
  considered: 300,
  included,
  excludedBy,
  histogram: Array(20).fill(0),
  best: [],
});

describe('the what-if beside the editor of a saved job, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage();
    await logIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Once a fault: on editJob the first change of a criterion asked nothing, and the panel kept the saved job's numbers.
  it('asks again at the first change of a must-have and shows the answer', async () => {
    const asked: { criteria: { key: string; must?: boolean; weight?: number }[] }[] = [];
    await page.route('**/api/job/preview', async (route) => {
      const body = route.request().postDataJSON() as (typeof asked)[number];
      asked.push(body);
      const skillsMust = body.criteria.some((c) => c.key === 'skills' && c.must === true);
      await route.fulfill({ json: skillsMust ? answer(40, { skills: 80 }) : answer(120, {}) });
    });
    await page.goto(`${app.url}/editJob/${FULL_STACK}`);
    await expect.poll(() => heading(page)).toBe('Matching-Job bearbeiten');
    const whatIf = page.getByRole('complementary', { name: 'Was wäre, wenn' });
    await expect.poll(() => whatIf.getByText('120 von 300 Kandidat/innen kämen in Frage.').count()).toBe(1);
    const questions = asked.length;

    // react-aria's switch hides its input under the drawn track: the label is what a user clicks.
    await page.getByText('Kenntnisse ist ein Muss-Kriterium', { exact: true }).click();
    await expect.poll(() => whatIf.getByText('40 von 300 Kandidat/innen kämen in Frage.').count()).toBe(1);
    await expect.poll(() => whatIf.getByText('Kenntnisse schließt 80 aus').count()).toBe(1);
    expect(asked.length).toBe(questions + 1);
    expect(asked.at(-1)?.criteria.find((c) => c.key === 'skills')).toMatchObject({ must: true, weight: 5 });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
