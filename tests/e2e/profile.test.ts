import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, PHONE } from '../support/viewport';
import {
  accessibilityViolations,
  api,
  appHeading,
  dateFieldText,
  expectSettledScreen,
  launchBrowser,
  type RunningApp,
  startApp,
} from './harness';

describe('profile in a browser, in German', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-Mail-Adresse').fill('stella@matchwerk.example');
    await page.getByLabel('Passwort').fill('Matchwerk-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the dashboard with completeness and the matching switch, accessibly', async () => {
    await expect.poll(() => page.getByRole('img', { name: /Profil zu \d+\s%\svollständig/ }).count()).toBe(1);
    expect(await page.getByRole('switch').isChecked()).toBe(true);
    // Not protected by SMS yet: the dashboard leads to where that is set up.
    const protect = page.getByRole('region', { name: 'Anmeldeschutz' }).getByRole('link');
    expect(await protect.textContent()).toBe('Mit einem SMS-Code schützen');
    expect(await protect.getAttribute('href')).toBe('/mfa/register');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('edits two tabs, warns before leaving with unsaved changes, rolls back, then saves', async () => {
    await page.getByRole('link', { name: 'Profil', exact: true }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => appHeading(page)).toBe('Profil');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Vorname', { exact: false }).fill('Stefanie');
    await page.getByRole('tab', { name: 'Qualifikation' }).click();
    await page.getByLabel('Berufserfahrung', { exact: false }).fill('12');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Sie haben ungespeicherte Änderungen.');

    // Leaving asks first; staying keeps the edits.
    const asked: string[] = [];
    page.once('dialog', async (dialog) => {
      asked.push(dialog.message());
      await dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Übersicht' }).click();
    await expect
      .poll(() => asked)
      .toEqual(['Sie haben ungespeicherte Änderungen. Seite verlassen und Änderungen verwerfen?']);
    expect(page.url()).toMatch(/\/profile$/);

    await page.getByRole('button', { name: 'Alle Änderungen verwerfen' }).click();
    expect(await page.getByLabel('Berufserfahrung', { exact: false }).inputValue()).not.toBe('12');
    await page.getByRole('tab', { name: 'Persönliches' }).click();
    expect(await page.getByLabel('Vorname', { exact: false }).inputValue()).toBe('Stella');

    await page.getByLabel('Vorname', { exact: false }).fill('Stefanie');
    await page.getByRole('tab', { name: 'Qualifikation' }).click();
    await page.getByLabel('Berufserfahrung', { exact: false }).fill('12');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Ihre Änderungen sind gespeichert.');

    const saved = await api<{ values: Record<string, unknown> }>(page, 'GET', '/api/profile');
    expect(saved.values).toMatchObject({ first_name: 'Stefanie', experience_years: 12 });
  });

  it('takes a birth date typed the German way at 360 px, refuses one out of range in words, and saves it', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${app.url}/profile`);
    await expect.poll(() => appHeading(page)).toBe('Profil');
    await page.getByRole('tab', { name: 'Persönliches' }).click();
    const birth = page.getByRole('group', { name: 'Geburtsdatum' });
    const segments = birth.getByRole('spinbutton');
    // Ten years old is too young for a birth date the catalogue takes (14 to 100 years back).
    const tooYoung = new Date().getFullYear() - 10;
    await segments.first().focus();
    await page.keyboard.type(`0101${tooYoung}`);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByText('Dieses Datum liegt zu spät.').count()).toBe(1);
    await segments.first().focus();
    await page.keyboard.type('14031990');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByText('Dieses Datum liegt zu spät.').count()).toBe(0);
    expect(await dateFieldText(birth)).toBe('14.3.1990');
    await expectSettledScreen(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Ihre Änderungen sind gespeichert.');
    const saved = await api<{ values: Record<string, unknown> }>(page, 'GET', '/api/profile');
    expect(saved.values.birth_date).toBe('1990-03-14');
    await page.setViewportSize(LAPTOP);
  });

  it('uploads a photo that then shows in the header', async () => {
    const file = join(tmpdir(), 'matchwerk-e2e-photo.jpg');
    writeFileSync(
      file,
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
        .jpeg()
        .toBuffer(),
    );
    // The styled picker's button opens the file dialog; its input takes the file.
    expect(await page.getByRole('button', { name: 'Datei auswählen' }).count()).toBe(1);
    await page.locator('.photo-panel input[type=file]').setInputFiles(file);
    // The square crop comes first: a 400 × 300 picture, cropped to its centred square.
    // The square is uploaded as it is chosen: no second button (issue 22).
    await page.getByRole('button', { name: 'Dieses Quadrat verwenden' }).click();
    await expect.poll(() => page.locator('header img.header-avatar').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Foto löschen' }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('downloads the profile card as a PDF', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Profilkarte herunterladen (PDF)' }).click(),
    ]);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
  });
});
