import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { expectSettledScreen, launchBrowser, type RunningApp, signIn, startApp } from './harness';

// Issue 20 point 2 in a browser, in German: an agent adds a note to a candidate's timeline, logs a
// call (its day typed in German at 360 px), corrects the note, filters by kind; the candidate's own
// pages never show any of it.

const NOTE = 'Telefonisch erreicht, sucht ab Juni. Lebenslauf: https://example.org/lebenslauf';
const CORRECTED = 'Telefonisch erreicht, sucht ab Juli.';

describe('the timeline in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('an agent adds a note and a call on a candidate and sees them, at 1280 and 360 px; the candidate never', async () => {
    const agent = await browser.newPage({ viewport: LAPTOP });
    agent.setDefaultTimeout(10_000);
    await signIn(agent, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await agent.goto(`${app.url}/stellas?q=neumann`);
    await agent.getByRole('link', { name: 'Stella Neumann' }).click();
    await agent.waitForURL(/\/stellas\/view\//);
    const timeline = agent.getByRole('region', { name: 'Verlauf' });
    // The demo candidate's history starts with her registration.
    await expect.poll(() => timeline.getByText('Registriert').count()).toBeGreaterThan(0);
    await expectSettledScreen(agent);

    // A note, typed with the keyboard.
    await timeline.getByRole('textbox', { name: 'Notiz' }).fill(NOTE);
    await timeline.getByRole('button', { name: 'Notiz hinzufügen' }).press('Enter');
    await expect.poll(() => timeline.getByText('Telefonisch erreicht, sucht ab Juni.').count()).toBe(1);
    // The address in the text is a link.
    expect(await timeline.locator('a[href="https://example.org/lebenslauf"]').textContent()).toBe(
      'https://example.org/lebenslauf',
    );

    // A call of yesterday, logged on a phone: its day typed the German way (tt.mm.jjjj) into the
    // app's date field, which starts at today and takes no day after it.
    await agent.setViewportSize(PHONE);
    await timeline.getByRole('button', { name: /Art/ }).click();
    await agent.getByRole('option', { name: 'Anruf', exact: true }).click();
    await timeline.getByRole('textbox', { name: 'Zusammenfassung' }).fill('Rückruf wegen Gehalt');
    const dateField = timeline.getByRole('group', { name: 'Datum' });
    const dateSegments = dateField.getByRole('spinbutton');
    const typed = (day: Date) =>
      `${String(day.getDate()).padStart(2, '0')}${String(day.getMonth() + 1).padStart(2, '0')}${day.getFullYear()}`;
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    await dateSegments.first().focus();
    await agent.keyboard.type(typed(inTwoDays));
    await agent.keyboard.press('Tab');
    await expect.poll(() => dateField.locator('..').textContent()).toContain('Dieses Datum liegt zu spät.');
    const yesterday = new Date(Date.now() - 86_400_000);
    await dateSegments.first().focus();
    await agent.keyboard.type(typed(yesterday));
    await agent.keyboard.press('Tab');
    await expect.poll(() => timeline.getByText('Dieses Datum liegt zu spät.').count()).toBe(0);
    await expectSettledScreen(agent);
    await timeline.getByRole('button', { name: 'Anruf festhalten' }).click();
    await expect.poll(() => timeline.getByText('Rückruf wegen Gehalt').count()).toBe(1);
    await agent.setViewportSize(LAPTOP);
    // The date is written the German way.
    const expected = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(yesterday);
    expect(await timeline.locator('li', { hasText: 'Rückruf wegen Gehalt' }).textContent()).toContain(
      expected,
    );

    // The own note, corrected within its 24 hours.
    await timeline.getByRole('button', { name: 'Notiz bearbeiten' }).click();
    const editor = timeline.getByRole('form', { name: 'Notiz bearbeiten' });
    await editor.getByRole('textbox', { name: 'Notiz' }).fill(CORRECTED);
    await editor.getByRole('button', { name: 'Notiz speichern' }).click();
    await expect.poll(() => timeline.getByText(CORRECTED).count()).toBe(1);
    // The list reloads after the save; the mark comes with the reloaded entry.
    await expect.poll(() => timeline.getByText('bearbeitet').count()).toBeGreaterThan(0);

    // Only the calls.
    await timeline.getByRole('button', { name: /Anzeigen/ }).click();
    await agent.getByRole('option', { name: 'Anrufe', exact: true }).click();
    // The old list stays until the filtered page arrives, then the list is empty for a moment:
    // wait for the note gone and the call shown together.
    await expect
      .poll(async () => [
        await timeline.getByText(CORRECTED).count(),
        await timeline.getByText('Rückruf wegen Gehalt').count(),
      ])
      .toEqual([0, 1]);
    await expectSettledScreen(agent);
    await screenshot(agent, 'timeline-1280');

    await agent.setViewportSize(PHONE);
    await expect.poll(() => timeline.getByText('Rückruf wegen Gehalt').isVisible()).toBe(true);
    await expectSettledScreen(agent);
    await screenshot(agent, 'timeline-360');

    // The table's "last contact" is the note of today.
    await agent.setViewportSize(LAPTOP);
    await agent.goto(`${app.url}/stellas?q=neumann`);
    const today = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date());
    await expect
      .poll(() => agent.getByRole('row', { name: /Stella Neumann/ }).textContent())
      .toContain(today);
    await agent.close();

    // The candidate herself, on her own pages, sees none of it.
    const candidate = await browser.newPage({ viewport: PHONE });
    candidate.setDefaultTimeout(10_000);
    await signIn(candidate, app.url, 'stella@matchwerk.example', { landOn: /\/dashboard$/ });
    for (const path of ['/dashboard', '/profile']) {
      await candidate.goto(`${app.url}${path}`);
      await expect.poll(() => candidate.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expect.poll(() => candidate.locator('[aria-busy="true"]').count()).toBe(0);
      const text = (await candidate.locator('body').textContent()) ?? '';
      expect(text, path).not.toContain('Telefonisch erreicht');
      expect(text, path).not.toContain('Rückruf wegen Gehalt');
      expect(await candidate.getByRole('region', { name: 'Verlauf' }).count(), path).toBe(0);
    }
    await candidate.close();
  });
});
