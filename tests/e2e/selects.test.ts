import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMS_COUNTRIES } from '../../contract/account';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  expectSettledScreen,
  focusAndWait,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

/** Native <select>s a person could meet (react-aria keeps a hidden one, aria-hidden, for the form's data). */
const visibleNativeSelects = (page: Page) =>
  page.locator('select').evaluateAll((all) => all.filter((s) => !s.closest('[aria-hidden="true"]')).length);

/** The names in the list box once it is open and shows its options, in the order shown: read at once
 * after the Enter that opens it, the popover may not be drawn yet and the list would read empty. */
const optionNames = async (page: Page) => {
  const options = page.getByRole('listbox').getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  return options.evaluateAll((all) => all.map((o) => o.textContent?.trim() ?? ''));
};

/** The list box of a popover is on screen (a scroll of the page closes a combo box's). */
const listStillOpen = (page: Page) => page.getByRole('listbox').isVisible();

const sortedGerman = (names: string[]) => [...names].sort(new Intl.Collator('de').compare);

describe.each([
  ['1280 px', LAPTOP],
  ['360 px', PHONE],
])('choices from a list at %s, in German', (size, viewport) => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Once a native 18 px select of ~240 countries, though SMS go only to SMS_COUNTRIES.
  it('offers only the SMS countries for a phone number, by their German names', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'company@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/mfa/register`);
    const country = page.getByRole('button', { name: /Land/ });
    await expect.poll(() => country.textContent()).toContain('Deutschland');
    expect(await visibleNativeSelects(page)).toBe(0);
    await expectSettledScreen(page);

    await focusAndWait(country);
    await page.keyboard.press('Enter');
    const names = await optionNames(page);
    const german = new Intl.DisplayNames(['de'], { type: 'region' });
    expect(names).toEqual(sortedGerman(DEFAULT_SMS_COUNTRIES.map((code) => german.of(code) ?? code)));
    expect(names).not.toContain('Vereinigte Staaten');
    // Type-ahead and Enter choose, as in any list.
    await page.keyboard.type('Schweiz');
    await page.keyboard.press('Enter');
    await expect.poll(() => country.textContent()).toContain('Schweiz');
    await screenshot(page, `phone-country-${size}`);
    await page.close();
  });

  // The global search's bug (f63ea47), looked for in every list in a popover: when the popover was
  // the scroller, an option reached by the arrow keys far down made react-aria scroll the page to
  // show the list, the page's scroll closed a combo box's popover, and Enter chose nothing.
  it('arrows far down the phone country list and takes the option with Enter', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'company@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/mfa/register`);
    const country = page.getByRole('button', { name: /Land/ });
    await expect.poll(() => country.textContent()).toContain('Deutschland');
    await focusAndWait(country);
    await page.keyboard.press('Enter');
    const names = await optionNames(page);
    const from = names.indexOf('Deutschland');
    const steps = names.length - 1 - from;
    expect(steps).toBeGreaterThan(10);
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
    expect(await listStillOpen(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => country.textContent()).toContain(names.at(-1)!);
    await page.close();
  });

  it('arrows far down a tag picker of the job editor and picks the option with Enter', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/newJob`);
    const skills = page.getByRole('combobox', { name: 'Kenntnisse', exact: false }).first();
    // The editor's fields are there before its catalogue: a list opened that early has no options, so
    // the arrow is pressed until the list shows them.
    await expect
      .poll(async () => {
        if ((await page.getByRole('option').count()) === 0) {
          await skills.focus();
          await page.keyboard.press('ArrowDown');
        }
        return page.getByRole('option').count();
      })
      .toBeGreaterThan(25);
    const names = await optionNames(page);
    for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowDown');
    expect(await listStillOpen(page)).toBe(true);
    const active = await page.getByRole('option').and(page.locator('[data-focused]')).textContent();
    expect(names.indexOf(active?.trim() ?? '')).toBeGreaterThanOrEqual(20);
    await page.keyboard.press('Enter');
    const tags = page.getByRole('grid', { name: /^Gewählt: Kenntnisse/ });
    await expect.poll(() => tags.getByRole('row').count()).toBe(1);
    expect((await tags.getByRole('row').textContent())?.replace('×', '').trim()).toBe(active?.trim());
    await page.close();
  });

  it('asks the registration language with a react-aria select, each language by its own name', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${app.url}/register`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Registrieren');
    expect(await visibleNativeSelects(page)).toBe(0);
    const language = page.getByRole('button', { name: /Sprache für E-Mails und SMS/ });
    await expect.poll(() => language.textContent()).toContain('Deutsch');
    await expectSettledScreen(page);
    await language.click();
    expect(await optionNames(page)).toEqual(['Deutsch', 'English']);
    await page.keyboard.press('Escape');
    await page.close();
  });

  // Once sorted by ISO code, not by the names a person reads.
  it('lists a job’s languages by their German names', async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/newJob`);
    await page.getByRole('button', { name: 'Sprache hinzufügen' }).click();
    // The new row's language shows "—" (its level "B1").
    await page
      .getByRole('button', { name: /Sprache 1/ })
      .filter({ hasText: '—' })
      .click();
    const names = (await optionNames(page)).filter((name) => name !== '—');
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(sortedGerman(names));
    await page.keyboard.press('Escape');
    expect(await visibleNativeSelects(page)).toBe(0);
    await page.close();
  });
});

// Once the default list whatever the operator set: the server refused the other countries' numbers.
describe('the phone countries of an operator’s SMS_COUNTRIES', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ SMS_COUNTRIES: 'CH,AT' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('are the only ones offered, the first by name chosen where Germany is not among them', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await signIn(page, app.url, 'company@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/mfa/register`);
    const country = page.getByRole('button', { name: /Land/ });
    await expect.poll(() => country.textContent()).toContain('Österreich');
    await focusAndWait(country);
    await page.keyboard.press('Enter');
    expect(await optionNames(page)).toEqual(['Österreich', 'Schweiz']);
    await page.keyboard.press('Escape');
    await page.close();
  });
});
