import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from '../support/viewport';
import { api, expectSettledScreen, launchBrowser, type RunningApp, signIn, startApp } from './harness';

// Issue 42 in a browser, in German, at 1280 and 360 px: an agent deletes a candidate they look
// after from the candidate's page — the dialog names what goes, asks a reason and the name typed,
// says what is missing, and once it is done the table says so with a toast and the candidate is
// gone. A company that is still the client of an active job names that job and is not deleted.
// Every screen axe-clean and without sideways scrolling.

const COLOGNE = 2886242;
const DELETED = 'Gelöscht. Die Löschung ist ohne personenbezogene Daten vermerkt.';

async function newNova(page: Page, lastName: string): Promise<string> {
  const created = await api<{ uuid: string }>(page, 'PUT', '/api/agent/profile', {
    type: 'nova',
    values: {
      first_name: 'Erika',
      last_name: lastName,
      city: { id: COLOGNE },
      occupation: 'electrician',
      skills: ['electrical_installation'],
    },
  });
  return created.uuid;
}

describe('the agency deletes, in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each([
    ['1280 px', LAPTOP, 'Löschprobe'],
    ['360 px', PHONE, 'Schmalprobe'],
  ] as const)(
    'a candidate the agent looks after, with a reason and the name typed, at %s',
    async (_w, viewport, last) => {
      const page = await browser.newPage({ viewport });
      page.setDefaultTimeout(10_000);
      await signIn(page, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
      const uuid = await newNova(page, last);
      const name = `Erika ${last}`;
      await page.goto(`${app.url}/novas/view/${uuid}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);

      await page.getByRole('button', { name: 'Löschen', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `${name} löschen?` });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByText('Das kann nicht rückgängig gemacht werden.', { exact: false }).count())
        .toBe(1);
      expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
        'das Profil und sein Verlauf (1 Eintrag)',
        '0 Pipeline-Einträge; jeder Job behält seinen Verlauf, anonymisiert',
      ]);

      // Neither a reason nor the name: the dialog stays and says what is missing first.
      const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' });
      await confirm.click();
      await expect
        .poll(() => dialog.getByText('Bitte wählen Sie, warum der Datensatz gelöscht wird.').count())
        .toBe(1);
      await dialog.getByRole('button', { name: /Grund/ }).click();
      await page.getByRole('option', { name: 'Doppelter Datensatz' }).click();
      const typed = dialog.getByRole('textbox', { name: `Zur Bestätigung „${name}“ eingeben` });
      await typed.fill('Erika Anders');
      await confirm.click();
      await expect
        .poll(() =>
          dialog
            .getByText('Geben Sie zur Bestätigung den Namen oder die E-Mail-Adresse genau wie angezeigt ein.')
            .count(),
        )
        .toBe(1);
      await expectSettledScreen(page);
      await screenshot(page, `erase-candidate-dialog-${viewport.width}`);

      await typed.fill(name.toLowerCase());
      await confirm.click();
      await page.waitForURL(/\/novas(\?|$)/);
      await expect.poll(() => page.getByText(DELETED).count()).toBe(1);
      await expectSettledScreen(page);
      await screenshot(page, `erase-candidate-done-${viewport.width}`);

      // Gone: its page answers that it does not exist, and the table no longer finds it.
      const gone = await page.evaluate(async (path) => {
        const { token } = JSON.parse(localStorage.getItem('credentials') ?? '{}') as { token: string };
        return (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).status;
      }, `/api/agent/profile/${uuid}`);
      expect(gone).toBe(404);
      await page.close();
    },
  );

  it('a company that is the client of an active job names the job and stays', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    page.setDefaultTimeout(10_000);
    await signIn(page, app.url, 'senior@matchwerk.example', { landOn: /\/dashboard$/ });
    const company = await api<{ uuid: string }>(page, 'PUT', '/api/agent/company', {
      values: { name: 'Löschprobe Logistik GmbH', city: { id: COLOGNE } },
    });
    // A job for the company as client, with a demo job's values and criteria.
    const list = await api<{ items: { uuid: string }[] }>(page, 'GET', '/api/jobs/list?limit=1');
    const model = await api<{ values: Record<string, unknown>; criteria: unknown[] }>(
      page,
      'GET',
      `/api/job/${list.items[0]?.uuid}`,
    );
    await api(page, 'PUT', '/api/job', {
      values: { ...model.values, title: 'Lager Köln (Löschprobe)', target_types: ['stella'] },
      criteria: model.criteria,
      client: company.uuid,
    });
    await page.goto(`${app.url}/companies/view/${company.uuid}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Löschprobe Logistik GmbH');
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Löschprobe Logistik GmbH löschen?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('link', { name: 'Lager Köln (Löschprobe)' }).count()).toBe(1);
    await dialog.getByRole('button', { name: /Grund/ }).click();
    await page.getByRole('option', { name: 'Nicht mehr benötigt' }).click();
    await dialog.getByRole('textbox', { name: /Zur Bestätigung/ }).fill('Löschprobe Logistik GmbH');
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(
            'Diese Firma ist Kunde aktiver Jobs. Archivieren Sie diese zuerst, dann löschen Sie die Firma.',
          )
          .count(),
      )
      .toBe(1);
    await expectSettledScreen(page);
    await screenshot(page, 'erase-company-active-jobs-1280');
    // Still there: the page shows it after the refusal.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Löschprobe Logistik GmbH');
    await page.close();
  });
});
