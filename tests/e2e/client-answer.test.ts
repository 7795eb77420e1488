import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, overflowingElements, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  launchBrowser,
  type RunningApp,
  readOutbox,
  signIn,
  startApp,
  textNow,
} from './harness';

/*
 * Issue 21's journey in a browser, in German, at 360 and 1280 px, on the demo data: the agent adds
 * three candidates of the Mainsoft job's results to the pipeline, moves one by keyboard to
 * "Kontaktiert", sends two to the client's contact (one mail, two PDF cards in the outbox); Mainsoft
 * signs in, finds the two anonymised cards among the candidates sent to it and answers one
 * "Interessiert" (and takes a wrong "Kein Interesse" back with "Antwort ändern"); the agent's board then shows that candidate in "Vorstellungsgespräch" with the
 * answer, and the agent's dashboard counts it among the company answers, listed with its comment.
 */

/** The demo job for Mainsoft AG (server/demo/jobs.ts). */
const MAINSOFT_JOB = '5eed10b0-0000-4000-8000-000000000001';

const column = (page: Page, stage: string) => page.getByRole('grid', { name: new RegExp(`^${stage}:`) });

async function checked(page: Page, name: string) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await accessibilityViolations(page), name).toEqual([]);
  expect(await horizontalOverflow(page), (await overflowingElements(page)).join(', ')).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe.each([
  ['360 px', PHONE],
  ['1280 px', LAPTOP],
])('the company answers, at %s', (width, viewport) => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('agent adds, moves and sends two candidates; Mainsoft answers one "interested"; the board shows it in interview', async () => {
    const agent = await browser.newContext({ viewport });
    const page = await agent.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
    await page.goto(`${app.url}/matchingJobResult/${MAINSOFT_JOB}`);
    const board = page.getByRole('region', { name: 'Pipeline' });

    // Three candidates of the results into the pipeline.
    const adds = page.getByRole('button', { name: /in die Pipeline aufnehmen$/ });
    await expect.poll(() => adds.count()).toBeGreaterThan(2);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const button = adds.first();
      names.push(
        ((await button.getAttribute('aria-label')) ?? '').replace(/ in die Pipeline aufnehmen$/, ''),
      );
      const before = await adds.count();
      await button.click();
      await expect.poll(() => adds.count()).toBe(before - 1);
    }
    // The board is the job page's own tab (issue 42 major 4).
    const tab = (name: string) => page.getByRole('tab', { name }).click();
    await tab('Pipeline');
    for (const name of names)
      await expect.poll(() => column(page, 'Vorgeschlagen').getByText(name, { exact: true }).count()).toBe(1);

    // One of them by keyboard to "Kontaktiert".
    const trigger = board.getByRole('button', { name: `${names[0]} verschieben` });
    await trigger.focus();
    await trigger.press('Enter');
    await page.getByRole('menuitem', { name: 'Kontaktiert' }).press('Enter');
    await expect
      .poll(() => column(page, 'Kontaktiert').getByText(names[0]!, { exact: true }).count())
      .toBe(1);

    // The contacted one and another to the client's contact, from the results.
    await tab('Ergebnisse');
    for (const name of names.slice(0, 2))
      await page.locator('table.results tr', { hasText: name }).locator('label.rac-checkbox').click();
    const open = page.getByRole('button', { name: /^An Kunden senden/ });
    await expect.poll(() => open.textContent()).toBe('An Kunden senden (2)');
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Kandidaten an den Kunden senden' });
    await expect
      .poll(() => dialog.getByRole('button', { name: /Kontakt/ }).textContent())
      .toContain('Priya Nair');
    await dialog.getByRole('button', { name: 'Mail anzeigen' }).click();
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Die Mail an Priya Nair mit 2 Karten ist unterwegs.');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    const mail = (await readOutbox(app.url)).filter((m) => m.to === 'priya.nair@mainsoft.example').at(-1);
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    const references = mail!.attachments.map((a) => a.fileName.replace(/\.pdf$/, ''));
    expect(references).toEqual([expect.stringMatching(/^MW-/), expect.stringMatching(/^MW-/)]);
    // The board reads the sent entries afresh on the next visit.
    await page.reload();
    await tab('Pipeline');
    for (const name of names.slice(0, 2))
      await expect.poll(() => column(page, 'Vorgestellt').getByText(name, { exact: true }).count()).toBe(1);

    // Mainsoft signs in: its dashboard leads to the candidates sent for the job.
    const company = await browser.newContext({ viewport });
    const client = await company.newPage();
    client.setDefaultTimeout(10_000);
    await signIn(client, app.url, 'mainsoft@matchwerk.example', { landOn: /\/dashboard$/ });
    const sent = client.getByRole('region', { name: 'Kandidat/innen für Sie' });
    await sent.getByRole('link', { name: 'Full-Stack-Entwickler/in TypeScript' }).click();
    await client.waitForURL(/\/clientCandidates\//);
    const card = (reference: string) => client.getByRole('article', { name: `Referenz ${reference}` });
    for (const reference of references) {
      await expect.poll(() => card(reference).count()).toBe(1);
      const text = (await card(reference).textContent()) ?? '';
      expect(text).toContain('Anonymisierte Karte');
      for (const name of names) expect(text).not.toContain(name);
      expect(text).not.toMatch(/Score|Punkte/);
    }
    // The agency's e-mail address stands on one line of its card (at 1280 px it broke in the word).
    const agency = card(references[0]!).getByText(/@matchwerk\.example/);
    const lines = await agency.evaluate((element) => {
      const range = document.createRange();
      const text = [...element.childNodes].find((node) => node.textContent?.includes('@'));
      if (!text) return 0;
      const at = text.textContent?.indexOf('@') ?? 0;
      range.setStart(text, Math.max(0, at - 7));
      range.setEnd(text, Math.min(text.textContent?.length ?? 0, at + 18));
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await checked(client, `client-candidates-${width}`);
    // The mail's link to one card (issue 42) opens the page on that card, focused.
    const link = new RegExp(`(http\\S+\\?card=${references[1]})`).exec(mail!.text)?.[1];
    expect(link).toContain(`/clientCandidates/`);
    await client.goto(link!);
    await expect.poll(() => client.evaluate(() => document.activeElement?.id)).toBe(`card-${references[1]}`);
    expect(await card(references[1]!).getAttribute('class')).toContain('client-card-focused');

    const chosen = card(references[0]!);
    await chosen.getByLabel('Kommentar (optional)').fill('Gern ein Gespräch nächste Woche.');
    await chosen.getByRole('button', { name: `Interessiert an Referenz ${references[0]}` }).click();
    // The answer replaces the buttons: the badge and the comment as recorded.
    await expect.poll(() => chosen.getByRole('button', { name: /^Interessiert an/ }).count()).toBe(0);
    expect(await chosen.locator('.badge').textContent()).toBe('Interessiert');
    expect(await chosen.getByText('Gern ein Gespräch nächste Woche.').count()).toBe(1);
    // The other one still awaits the answer.
    expect(
      await card(references[1]!)
        .getByRole('button', { name: /^Kein Interesse an/ })
        .count(),
    ).toBe(1);
    await checked(client, `client-answered-${width}`);

    // A wrong tap (issue 42): the company takes "Kein Interesse" back within 10 minutes, and the
    // candidate awaits its answer again.
    const other = card(references[1]!);
    await other.getByRole('button', { name: `Kein Interesse an Referenz ${references[1]}` }).click();
    await expect.poll(() => other.locator('.badge').textContent()).toBe('Kein Interesse');
    const change = other.getByRole('button', { name: `Antwort ändern zu Referenz ${references[1]}` });
    await checked(client, `client-answer-change-${width}`);
    await change.click();
    await expect.poll(() => other.getByRole('button', { name: /^Kein Interesse an/ }).count()).toBe(1);
    expect(await change.count()).toBe(0);

    // The agent's board: one of the two sent is in "Vorstellungsgespräch", with the client's answer.
    await page.reload();
    const interview = column(page, 'Vorstellungsgespräch');
    await expect
      .poll(async () => {
        const counts = await Promise.all(
          names.slice(0, 2).map((name) => interview.getByText(name, { exact: true }).count()),
        );
        return counts.reduce((a, b) => a + b, 0);
      })
      .toBe(1);
    expect(await interview.getByText('Gern ein Gespräch nächste Woche.').count()).toBe(1);
    await checked(page, `client-answer-board-${width}`);

    // The agent's dashboard tells of the answer (beside the demo's one not yet seen), and its list
    // names it with the comment; "seen" takes it off.
    await page.goto(`${app.url}/dashboard`);
    const band = page.getByRole('region', { name: 'Braucht Ihre Aufmerksamkeit' });
    await expect
      .poll(() => band.locator('[data-attention="answers"] .attention-value').textContent())
      .toBe('2');
    await band.locator('[data-attention="answers"] .attention-link').click();
    await page.waitForURL(/\/pipeline\/attention\?kind=answers$/);
    const answer = page.locator('main table tbody tr', { hasText: 'Gern ein Gespräch nächste Woche.' });
    await expect.poll(() => answer.count()).toBe(1);
    expect(await answer.textContent()).toContain('Full-Stack-Entwickler/in TypeScript');
    await checked(page, `client-answer-dashboard-${width}`);
    await answer.getByRole('button', { name: /als gesehen markieren$/ }).click();
    await expect.poll(() => answer.count()).toBe(0);
    await expect.poll(() => page.locator('main table tbody tr').count()).toBe(1);

    // The agency changes the job's client (issue 41): asked first, as candidates sent to Mainsoft are
    // in play; confirmed, the change goes through, and Mainsoft keeps what it got.
    await page.goto(`${app.url}/editJob/${MAINSOFT_JOB}`);
    const clientField = page.getByRole('combobox', { name: 'Kunde' });
    await expect.poll(() => clientField.inputValue()).toBe('Mainsoft AG');
    await clientField.fill('rhein');
    await page.getByRole('option', { name: 'Rheinwerk Logistik GmbH' }).click();
    await page.getByRole('button', { name: 'Job speichern' }).click();
    await expect
      .poll(() => textNow(page.getByRole('alert')))
      .toContain('Sie bleiben bei diesem Kunden, der sie weiter sieht.');
    const confirm = page.getByText(
      'Kunden trotzdem ändern: Die bisher geschickten Kandidat/innen bleiben bei Mainsoft AG',
    );
    await checked(page, `job-client-change-${width}`);
    await confirm.click();
    await page.getByRole('button', { name: 'Job speichern' }).click();
    await page.getByRole('button', { name: 'Zu den Ergebnissen' }).click();
    await page.waitForURL(/\/matchingJobResult\//);
    await expect
      .poll(() =>
        page.locator('.job-client-line').getByRole('link', { name: 'Rheinwerk Logistik GmbH' }).count(),
      )
      .toBe(1);
    await client.reload();
    for (const reference of references) await expect.poll(() => card(reference).count()).toBe(1);
    await company.close();
    await agent.close();
  });
});
