import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  type RunningApp,
  readOutbox,
  signIn,
  startApp,
  textNow,
} from './harness';

// The senior agent's team (issue 42) on the demo data, in German: creates an agent, sees the team row,
// hands a colleague's records over and deactivates the new agent; a plain agent sees the list only.

/** A react-aria select inside `scope`: its button opens the list, the option is chosen by name. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: RegExp, option: RegExp) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('the senior agent’s team in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    context = await browser.newContext({ viewport: LAPTOP, locale: 'de-DE' });
    page = await context.newPage();
    await signIn(page, app.url, 'senior@matchwerk.example', { path: '/agent/view' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('creates an agent, who is mailed a link, and shows them as a row of the team', async () => {
    await expect.poll(() => appHeading(page)).toBe('Agenten');
    await expect.poll(() => page.getByRole('heading', { name: 'Team' }).count()).toBe(1);
    const form = page.getByRole('form', { name: 'Neuer Agent' });
    await form.getByLabel('Vorname').fill('Nora');
    await form.getByLabel('Nachname').fill('Neumann');
    await form.getByLabel('E-Mail').fill('nora.neumann@matchwerk.example');
    await form.getByRole('button', { name: 'Agent anlegen' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Der Agent ist angelegt und per E-Mail eingeladen.');
    const card = page.getByRole('listitem', { name: 'Nora Neumann' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await textNow(card)).toMatch(/0\s*überfällige Wiedervorlagen/);
    const mail = (await readOutbox(app.url)).filter((m) => m.to === 'nora.neumann@matchwerk.example').at(-1);
    expect(mail?.text).toMatch(/\/user\/reset-password\//);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'laptop-team');
  });

  it('hands everything of an agent over to the new one, then deactivates the new agent with it all', async () => {
    const alex = page.getByRole('listitem', { name: /Alex/ }).first();
    await choose(page, alex, /Übergeben an/, /Nora Neumann/);
    await alex.getByRole('button', { name: /^Alles übergeben: / }).click();
    await expect
      .poll(async () => (await page.getByRole('status').allTextContents()).join(' '))
      .toMatch(/Übergeben:/);
    const nora = page.getByRole('listitem', { name: 'Nora Neumann' });
    await expect
      .poll(async () => /[1-9]\d*\s*Kandidat\/innen zugewiesen/.test(await textNow(nora)))
      .toBe(true);

    // Deactivating alone is refused while Nora looks after records; with whom to take them, it goes.
    await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/betreut noch/));
    await choose(page, nora, /Übergeben an/, /Alex/);
    await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Der Zugang ist deaktiviert.');
    await expect.poll(async () => textNow(nora)).toMatch(/Deaktiviert/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('fits a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Team' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'phone-team');
  });

  it('shows a plain agent the list without the team', async () => {
    const other = await browser.newContext({ viewport: LAPTOP, locale: 'de-DE' });
    const agentPage = await other.newPage();
    await signIn(agentPage, app.url, 'agent@matchwerk.example', { path: '/agent/view' });
    await expect.poll(() => appHeading(agentPage)).toBe('Agenten');
    expect(await agentPage.getByRole('heading', { name: 'Team' }).count()).toBe(0);
    await other.close();
  });
});
