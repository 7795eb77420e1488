import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { expectSettledScreen, launchBrowser, type RunningApp, signIn, startApp } from './harness';

/** Each stage box and each name in it that is wider than it may be (its text runs out of its box). */
const overflowingLabels = (page: Page) =>
  page
    .locator('.stage, .stage-name, .stage-next')
    .evaluateAll((all) =>
      all
        .filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 ||
            el.getBoundingClientRect().right >
              (el.closest('.stage')?.getBoundingClientRect().right ?? Infinity) + 1,
        )
        .map((el) => el.textContent ?? ''),
    );

/** The names of a diagram's stages (the top level's and the nested ones'). */
const stageNames = (page: Page, diagram: string) =>
  page
    .getByRole('list', { name: diagram })
    .locator('.stage-name')
    .evaluateAll((all) => all.map((el) => el.textContent ?? ''));

describe.each([
  ['1280 px', LAPTOP],
  ['360 px', PHONE],
])('the lifecycle page at %s, in German', (size, viewport) => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Once a developer's graph of every machine state, labels running out of their boxes, and for an
  // agent the profile's matching instead of the job lifecycle.
  it('shows an agent the job lifecycle with the jobs in each stage, every name inside its box', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/lifecycle`);
    const jobs = page.getByRole('list', { name: 'Phasen eines Jobs' });
    await expect.poll(() => jobs.locator('.stage-count').count()).toBe(3);
    expect(await stageNames(page, 'Phasen eines Jobs')).toEqual([
      'Neuer Job, noch nicht gespeichert',
      'Aktiv',
      'Noch kein Lauf',
      'Lauf wartet oder läuft',
      'Lauf fertig: Ergebnisse da',
      'Lauf fehlgeschlagen',
      'Lauf abgebrochen',
      'Archiviert',
      'Gelöscht',
    ]);
    const active = jobs
      .locator('.stage')
      .filter({ has: page.locator(':scope > .stage-head .stage-name', { hasText: /^Aktiv$/ }) });
    expect(await active.locator(':scope > .stage-head .stage-count').textContent()).toMatch(/^\d+ Jobs?$/);
    expect(await active.locator(':scope > .stage-next').textContent()).toBe(
      'Danach: Archiviert oder Gelöscht',
    );
    expect(await overflowingLabels(page)).toEqual([]);
    await expectSettledScreen(page);
    await screenshot(page, `lifecycle-agent-${size}`);
    await page.close();
  });

  it('shows a candidate in plain words what happens with the profile and where it went, no diagrams', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'stella@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/lifecycle`);
    const steps = page.getByRole('region', { name: 'Was mit Ihrem Profil geschieht' });
    await expect.poll(() => steps.getByRole('listitem').count()).toBe(6);
    expect(await steps.getByRole('listitem').first().textContent()).toBe('Sie haben sich registriert: ja');
    await expect
      .poll(() => page.getByRole('region', { name: 'Wohin Ihr Profil gesendet wurde' }).count())
      .toBe(1);
    // The machines' diagrams are the agents'.
    expect(await page.getByRole('list', { name: 'Schritte der Registrierung' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Phasen eines Jobs' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Hier stehen Sie' }).textContent()).toMatch(
      /abgeschlossen/,
    );
    expect(await overflowingLabels(page)).toEqual([]);
    await expectSettledScreen(page);
    await screenshot(page, `lifecycle-candidate-${size}`);
    await page.close();
  });
});
