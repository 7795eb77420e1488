import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  launchBrowser,
  logIn,
  type RunningApp,
  readOutbox,
  startApp,
} from './harness';

/*
 * Issue 22, "Broken or wrong": each item as a new user met it, in German on the demo data, at 360 and
 * 1280 px. Widths are measured, not compared as pictures.
 */

/** Files to pick: a real picture, a text file, and a text file named like a picture. */
const files = (() => {
  const dir = tmpdir();
  const text = join(dir, 'matchwerk-notes.txt');
  const fakeJpeg = join(dir, 'matchwerk-not-a-picture.jpg');
  writeFileSync(text, 'plain text');
  writeFileSync(fakeJpeg, 'not a picture');
  return { picture: join(dir, 'matchwerk-red.png'), text, fakeJpeg };
})();

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function checked(page: Page, name: string) {
  expect(await accessibilityViolations(page), name).toEqual([]);
  expect(await horizontalOverflow(page), `${name}: sideways scrolling`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe.each([
  ['360 px', PHONE],
  ['1280 px', LAPTOP],
])('issue 22, broken or wrong, at %s', (width, viewport) => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const fresh = async () => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    return context.newPage();
  };
  const signedIn = async (email: string) => {
    const page = await fresh();
    await logIn(page, app.url, email, { landOn: /\/(dashboard|profile)$/ });
    return page;
  };

  beforeAll(async () => {
    await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toFile(files.picture);
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  const pick = async (page: Page, file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Datei auswählen' }).click();
    await (await chooser).setFiles(file);
  };
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  it("a company's page gives its values a readable column", async () => {
    const page = await signedIn('agent@matchwerk.example');
    await page.goto(`${app.url}/companies`);
    await page.locator('a[href*="/companies/view/"]').first().click();
    await page.waitForURL(/\/companies\/view\//);
    const values = page.getByRole('region', { name: 'Unternehmensdaten' }).locator('dd');
    await expect.poll(() => values.count()).toBeGreaterThanOrEqual(5);
    const widths = await values.evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().width));
    for (const w of widths) expect(w, `a value is ${w} px wide`).toBeGreaterThanOrEqual(120);
    // Letter by letter the page was over 3000 px tall; the whole company fits in a few screens.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(viewport.width < 400 ? 6000 : 2400);
    await checked(page, `company-view-${width}`);
  });

  it('the about page names the agency of the Impressum', async () => {
    const page = await fresh();
    await page.goto(`${app.url}/about`);
    await expect.poll(() => heading(page)).toBe('Über Matchwerk');
    const text = () => page.locator('main').textContent();
    await expect.poll(text).toContain('Matchwerk Personaldienste GmbH');
    expect(await text()).toContain('Erika Mustermann');
    expect(await text()).not.toContain('Anna Berger');
    expect(await text()).not.toContain('Personalvermittlung GmbH');
    await checked(page, `about-${width}`);
  });

  it('registration step 4 names what is missing, an unpicked and an unknown place; the URL follows the step', async () => {
    const email = `neu.${viewport.width}@example.org`;
    const page = await fresh();
    await page.goto(`${app.url}/register`);
    await page.getByRole('radio', { name: 'Ich suche Arbeit', exact: true }).check();
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('Kaffeetasse-Regenbogen-Leuchtturm-42');
    await page.getByLabel(/Allgemeinen Geschäftsbedingungen/).check();
    await page.getByLabel(/Vertragsbedingungen/).check();
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await page.waitForURL(/\/register\?step=2$/);
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(app.url)).filter((m) => m.to === email).at(-1);
        link = /\/user\/validate\/([^\s"<>]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    const other = await page.context().newPage();
    await other.goto(`${app.url}/user/validate/${link}`);
    await other.getByText('Danke: Ihre E-Mail-Adresse ist bestätigt.').waitFor();
    await other.close();
    await page.getByRole('button', { name: 'Überspringen: kein SMS-Schutz' }).click();
    await page.getByRole('heading', { name: 'Was Agenten zuerst wissen müssen' }).waitFor();
    expect(new URL(page.url()).search).toBe('?step=4');

    // Submitted empty: every missing field is named, in the summary and at the field.
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect.poll(() => page.getByText('Bitte füllen Sie dieses Feld aus.').count()).toBe(6);
    await checked(page, `register-step4-empty-${width}`);

    const place = page.getByLabel('Wohnort', { exact: false });
    await place.fill('Xyzqwv');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Kein Ort gefunden' }).count())
      .toBe(1);
    await page.getByLabel('Vorname', { exact: false }).fill('Sina');
    await page.getByLabel('Nachname', { exact: false }).fill('Brandt');
    await place.fill('Leipz');
    await page
      .getByRole('button', { name: /^Leipzig \(DE\)/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    // Typed but not picked: the translated reason, not the browser's nor "fill in this field".
    await expect.poll(() => page.getByText('Bitte wählen Sie einen Ort aus der Liste.').count()).toBe(2);
    expect(await page.getByText('Bitte füllen Sie dieses Feld aus.').count()).toBe(0);
    await page
      .getByRole('button', { name: /^Leipzig \(DE\)/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await page.getByRole('heading', { name: 'Foto', level: 2 }).waitFor();
    expect(new URL(page.url()).search).toBe('?step=5');

    // Not a picture: a clear message, never a broken image.
    await pick(page, files.text);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Bitte wählen Sie ein JPEG-, PNG- oder WebP-Bild.');
    await pick(page, files.fakeJpeg);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Diese Datei ist kein Bild, das wir lesen können.');
    expect(await page.locator('.photo-panel img').count()).toBe(0);
    await checked(page, `register-step5-not-a-picture-${width}`);
  });

  it('"Use this square" uploads the cropped photo, and the header avatar shows it at once', async () => {
    const page = await signedIn('luna@matchwerk.example');
    await page.goto(`${app.url}/profile`);
    const headerAvatar = page.locator('.header-avatar');
    expect(await headerAvatar.evaluate((e) => e.tagName)).toBe('SPAN');
    await pick(page, files.picture);
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Dieses Quadrat verwenden' }).click();
    expect((await uploaded).ok()).toBe(true);
    // Nothing waits for a second button.
    expect(await page.getByRole('button', { name: 'Foto hochladen' }).count()).toBe(0);
    await expect.poll(() => headerAvatar.evaluate((e) => e.tagName)).toBe('IMG');
    await expect.poll(() => page.getByRole('img', { name: 'Ihr Profilfoto' }).count()).toBe(1);
    await checked(page, `photo-uploaded-${width}`);
  });
});
