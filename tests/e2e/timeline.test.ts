import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  api,
  appHeading,
  expectSettledScreen,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

// Issue 20 point 2 in a browser, in German: an agent adds a note to a candidate's timeline, logs a
// call (its day typed in German at 360 px), corrects the note, filters by kind; the candidate's own
// pages never show any of it.

/** The demo's developer job for Mainsoft AG, whose pipeline is filled (server/demo/pipeline.ts). */
const JOB = '5eed10b0-0000-4000-8000-000000000001';
const JOB_TITLE = 'Full-Stack-Entwickler/in TypeScript';

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

  // Issue 42: each entry names the other side as a link, and an edit names its fields as the form does.
  it("names the other side of each entry as a link and an edit's fields by their labels, at 1280 and 360 px", async () => {
    const agent = await browser.newPage({ viewport: LAPTOP });
    agent.setDefaultTimeout(10_000);
    await signIn(agent, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await agent.goto(`${app.url}/matchingJobResult/${JOB}`);
    const jobTimeline = agent.getByRole('region', { name: 'Verlauf' });
    // The job's pipeline history names each candidate; the link leads to the candidate's page.
    const moves = jobTimeline.getByRole('listitem').filter({ hasText: 'Pipeline-Stufe geändert' });
    await expect.poll(() => moves.count()).toBeGreaterThan(0);
    expect(await moves.first().textContent()).toContain('Kandidat/in:');
    await expectSettledScreen(agent);
    const candidateLink = moves.first().getByRole('link');
    const name = (await candidateLink.textContent()) ?? '';
    expect(name).not.toBe('');
    await candidateLink.click();
    await agent.waitForURL(/\/(stellas|lunas|novas)\/view\/[0-9a-f-]{36}$/);
    await expect.poll(() => appHeading(agent)).toBe(name);
    const uuid = agent.url().split('/').pop() ?? '';

    // The candidate's timeline names the job and its client, both links.
    const timeline = agent.getByRole('region', { name: 'Verlauf' });
    const move = timeline.getByRole('listitem').filter({ hasText: 'Pipeline-Stufe geändert' }).first();
    await expect
      .poll(() => move.getByRole('link', { name: JOB_TITLE }).getAttribute('href'))
      .toBe(`/matchingJobResult/${JOB}`);
    expect(await move.textContent()).toContain('Kunde:');
    expect(await move.getByRole('link', { name: 'Mainsoft AG' }).getAttribute('href')).toMatch(
      /^\/companies\/view\/[0-9a-f-]{36}$/,
    );
    await expectSettledScreen(agent);

    // An agent edits what the person is about and when they are free: the timeline names the form's labels.
    const { profile } = await api<{ profile: { values: Record<string, unknown>; version: number } }>(
      agent,
      'GET',
      `/api/agent/profile/${uuid}`,
    );
    await api(agent, 'POST', `/api/agent/profile/${uuid}`, {
      values: { ...profile.values, about: 'Sucht ein Team mit Verantwortung.', available_from: '2027-02-01' },
      version: profile.version,
    });
    await agent.reload();
    const edit = timeline.getByRole('listitem').filter({ hasText: 'Profil bearbeitet' }).first();
    await expect.poll(() => edit.textContent()).toContain('Felder: Über die Person, Verfügbar ab');
    expect(await edit.textContent()).not.toMatch(/about|available_from/);
    await expectSettledScreen(agent);
    await screenshot(agent, 'timeline-references-1280');

    await agent.setViewportSize(PHONE);
    await expect.poll(() => edit.getByText(/Über die Person, Verfügbar ab/).isVisible()).toBe(true);
    await expect.poll(() => move.getByRole('link', { name: JOB_TITLE }).isVisible()).toBe(true);
    // Nothing of the entry runs wider than the phone's screen.
    const overflow = await move.evaluate((li) => li.scrollWidth > li.clientWidth);
    expect(overflow).toBe(false);
    await expectSettledScreen(agent);
    await screenshot(agent, 'timeline-references-360');
    await agent.close();
  });
});
