import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  api,
  appHeading,
  expectSettledScreen,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

// A phone number on every candidate (issue 42, PRODUCT.md §11): the candidate enters it on a phone
// in German, typed as they dial it; the agent finds them by its digits and sees it in the table.

/** A react-aria select: its button opens the list, the option is chosen by name. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a candidate’s phone number in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the candidate enters it at 360 px: shown as dialled, a wrong one refused in words, saved in E.164', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, app.url, 'luna@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/profile`);
    await expect.poll(() => appHeading(page)).toBe('Profil');
    await page.getByRole('tab', { name: 'Persönliches' }).click();
    const phone = page.getByLabel('Telefon', { exact: true });
    // The demo's number (a film and television number of Hamburg), as a German reader dials it.
    await expect.poll(() => phone.inputValue()).toBe('040 66969125');
    expect(await phone.getAttribute('type')).toBe('tel');
    expect(await phone.getAttribute('autocomplete')).toBe('tel');
    expect(await accessibilityViolations(page)).toEqual([]);

    await phone.fill('0151 234');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const refusal =
      'Bitte geben Sie eine Telefonnummer so ein, wie Sie sie wählen würden, z. B. 0151 23456789 oder +43 664 1234567.';
    // Said beside the field and tied to it (the form's list of problems may name it once more).
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    const said = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(said).toContain(refusal);
    expect((await api<{ values: Record<string, unknown> }>(page, 'GET', '/api/profile')).values.phone).toBe(
      '+494066969125',
    );

    await phone.fill('0151 2345 6789');
    await choose(page, 'Am besten erreichbar', 'Abends (18–20 Uhr)');
    await expect.poll(() => page.getByText(refusal).count()).toBe(0);
    await expectSettledScreen(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'candidate-phone-360');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Ihre Änderungen sind gespeichert.');
    // The server's E.164 comes back as the candidate dials it.
    await expect.poll(() => phone.inputValue()).toBe('01512 3456789');
    const saved = await api<{ values: Record<string, unknown> }>(page, 'GET', '/api/profile');
    expect(saved.values).toMatchObject({ phone: '+4915123456789', contact_time: 'evening' });
    await page.close();
  });

  it('the agent finds her by the digits as typed, sees the number in the table at 1280 and 360 px and in her form', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/lunas`);
    await expect.poll(() => appHeading(page)).toBe('Lunas');
    const table = page.getByRole('table', { name: 'Lunas' });
    await expect.poll(() => table.getByRole('columnheader', { name: 'Telefon' }).count()).toBe(1);
    await page.getByLabel('Suche', { exact: true }).fill('0151 2345');
    await expect
      .poll(async () => {
        if ((await page.locator('[aria-busy="true"]').count()) > 0) return [];
        return table.locator('tbody th').allTextContents();
      })
      .toEqual(['Luna Kaya']);
    const number = table.getByRole('link', { name: '01512 3456789' });
    expect(await number.getAttribute('href')).toBe('tel:+4915123456789');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-phone-table-1280');
    // On a phone the table scrolls in its frame; the page does not.
    await page.setViewportSize(PHONE);
    await expectSettledScreen(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'candidate-phone-table-360');

    // The agent edits it in the candidate's own form on her page.
    await page.setViewportSize(LAPTOP);
    await table.getByRole('link', { name: 'Luna Kaya' }).click();
    await page.waitForURL(/\/lunas\/view\//);
    const phone = page.getByLabel('Telefon', { exact: true });
    await expect.poll(() => phone.inputValue()).toBe('01512 3456789');
    expect(await phone.getAttribute('type')).toBe('tel');
    expect(await phone.getAttribute('autocomplete')).toBe('tel');
    await page.close();
  });
});
