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
// hands a colleague's records over, deactivates the new agent after a question (cancelled once) and
// reactivates them; the senior's own card offers no deactivation; a plain agent sees the list only.

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

    // Deactivation asks first. Nora looks after records and nobody is chosen to take them: the question
    // says so and cannot be confirmed; cancelled, nothing happened.
    await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).click();
    let question = page.getByRole('alertdialog', { name: 'Nora Neumann deaktivieren?' });
    await expect.poll(() => question.count()).toBe(1);
    expect(await textNow(question)).toMatch(/betreut noch/);
    expect(await question.getByRole('button', { name: 'Deaktivieren', exact: true }).isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect(await textNow(nora)).not.toMatch(/Deaktiviert/);

    // With Alex chosen to take them, the question names what happens, and the yes deactivates.
    await choose(page, nora, /Übergeben an/, /Alex/);
    await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).click();
    question = page.getByRole('alertdialog', { name: 'Nora Neumann deaktivieren?' });
    await expect.poll(() => question.count()).toBe(1);
    const said = await textNow(question);
    expect(said).toMatch(/kann sich nicht mehr anmelden/);
    expect(said).toMatch(/Alex.*übernimmt/);
    await question.getByRole('button', { name: 'Deaktivieren', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Der Zugang ist deaktiviert.');
    await expect.poll(() => question.count()).toBe(0);
    await expect.poll(async () => textNow(nora)).toMatch(/Deaktiviert/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('offers no deactivation on the signed-in senior’s own card', async () => {
    const own = page.getByRole('listitem', { name: 'Sabine Hoffmann' });
    await expect.poll(() => own.count()).toBe(1);
    expect(await own.getByRole('button', { name: /^Deaktivieren/ }).count()).toBe(0);
    // Another agent's card has it.
    const alex = page.getByRole('listitem', { name: /Alex/ }).first();
    expect(await alex.getByRole('button', { name: /^Deaktivieren: / }).count()).toBe(1);
  });

  it('reactivates the deactivated agent', async () => {
    const nora = page.getByRole('listitem', { name: 'Nora Neumann' });
    await nora.getByRole('button', { name: 'Reaktivieren: Nora Neumann' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Der Zugang ist wieder aktiv.');
    await expect.poll(async () => textNow(nora)).not.toMatch(/Deaktiviert/);
    expect(await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).count()).toBe(1);
    expect(await nora.getByRole('button', { name: /^Reaktivieren/ }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('fits a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Team' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'phone-team');
    // The question fits too: Nora looks after nothing now, so it can be confirmed; here it is cancelled.
    const nora = page.getByRole('listitem', { name: 'Nora Neumann' });
    await nora.getByRole('button', { name: 'Deaktivieren: Nora Neumann' }).click();
    const question = page.getByRole('alertdialog', { name: 'Nora Neumann deaktivieren?' });
    await expect.poll(() => question.count()).toBe(1);
    expect(await textNow(question)).toMatch(/betreut keine/);
    expect(await question.getByRole('button', { name: 'Deaktivieren', exact: true }).isDisabled()).toBe(
      false,
    );
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'phone-team-deactivate');
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => question.count()).toBe(0);
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
