import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, LAPTOP, overflowingElements, PHONE, screenshot } from '../support/viewport';
import {
  accessibilityViolations,
  appHeading,
  launchBrowser,
  type RunningApp,
  signIn,
  startApp,
} from './harness';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** The app (not the prerendered first paint) shows the page. */
async function appShows(page: Page, title: string) {
  await expect.poll(() => page.locator('#prerendered').count()).toBe(0);
  await expect.poll(() => heading(page)).toBe(title);
}

/** Signs in through the harness and waits for the app's dashboard. */
async function logInToDashboard(page: Page, app: RunningApp, email: string) {
  await signIn(page, app.url, email, { landOn: /\/dashboard$/ });
  await appShows(page, 'Übersicht');
}

/** No sideways scrolling, no axe violation; a screenshot to look at. */
async function checkPage(page: Page, name: string) {
  const overflow = await horizontalOverflow(page);
  expect(
    overflow,
    `${name} is wider than the window: ${(await overflowingElements(page)).join(', ')}`,
  ).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, name);
}

/** Under 768 px the navigation sits behind the menu button, which opens it. */
async function menuOpensNavigation(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Menü', exact: true });
  const target = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: link });
  expect(await target.isVisible()).toBe(false);
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => target.isVisible()).toBe(true);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const)('the shell at %s size, in German', (size, viewport) => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  const narrow = viewport.width < 768;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('paints the shell and the text of / and /login before any JavaScript runs', async () => {
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    const page = await context.newPage();
    // The app's code never arrives: what shows is the HTML alone (axe still runs, injected by the test).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(app.url);
    expect(await heading(page)).toBe('Menschen und Jobs zusammenbringen');
    expect(await page.getByRole('link', { name: 'Registrieren' }).first().isVisible()).toBe(true);
    expect(await page.locator('link[rel="preload"][href="/assets/i18n/de.json"]').count()).toBe(1);
    expect(await page.locator('script:not([src]), style, [style]').count()).toBe(0);
    await checkPage(page, `${size}-first-paint-landing`);
    await page.goto(`${app.url}/login`);
    expect(await heading(page)).toBe('Anmelden');
    expect(await page.getByLabel('E-Mail-Adresse').count()).toBe(1);
    await checkPage(page, `${size}-first-paint-login`);
    await context.close();
  });

  it('shows the public pages without sideways scrolling', async () => {
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    const page = await context.newPage();
    // The landing is its prerendered page (the app starts there only on demand, src/boot.ts); its
    // menu works all the same.
    await page.goto(app.url);
    expect(await heading(page)).toBe('Menschen und Jobs zusammenbringen');
    expect(await page.getByRole('heading', { name: 'So funktioniert es' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Anmelden' }).count()).toBeGreaterThan(0);
    await checkPage(page, `${size}-landing`);
    if (narrow) await menuOpensNavigation(page, 'Über uns');
    expect(await page.locator('#prerendered').count()).toBe(1);
    await page.goto(`${app.url}/about`);
    await appShows(page, 'Über Matchwerk');
    await checkPage(page, `${size}-about`);
    await page.goto(`${app.url}/login`);
    await appShows(page, 'Anmelden');
    await checkPage(page, `${size}-login`);
    await context.close();
  });

  it.each([
    ['candidate', 'stella@matchwerk.example', ['Übersicht', 'Profil', 'Lebenszyklus'], 'Stellas'],
    [
      'company',
      'company@matchwerk.example',
      ['Unternehmensprofil', 'Neue Stellenanfrage', 'Konto'],
      'Stellas',
    ],
    ['agent', 'agent@matchwerk.example', ['Stellas', 'Lunas', 'Novas', 'Unternehmen'], 'Profil'],
  ] as const)('shows the %s dashboard with the role navigation only', async (role, email, links, absent) => {
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    const page = await context.newPage();
    await logInToDashboard(page, app, email);
    await checkPage(page, `${size}-dashboard-${role}`);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    if (narrow) await menuOpensNavigation(page, links[0]);
    for (const link of links)
      expect(await nav.getByRole('link', { name: link, exact: true }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: absent, exact: true }).count()).toBe(0);
    // The avatar menu: profile, settings, logout.
    await page.getByRole('button', { name: 'Kontomenü' }).click();
    expect(await page.getByRole('link', { name: 'Einstellungen' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Abmelden' }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, `${size}-account-menu-${role}`);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Abmelden' }).isVisible()).toBe(false);

    // Opened afresh, the dashboard's data replaces its skeleton without pushing anything visible
    // (cumulative layout shift ≤ 0.05; the footer moving down was 0.12).
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await appShows(page, 'Übersicht');
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    ).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it('shows the lifecycle with where the candidate stands', async () => {
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    const page = await context.newPage();
    await logInToDashboard(page, app, 'stella@matchwerk.example');
    await page.goto(`${app.url}/lifecycle`);
    await appShows(page, 'Lebenszyklus');
    // A candidate reads plain words: where they stand and what happens with the profile (issue 42);
    // the machines' diagrams are the agents'.
    expect(await page.getByText('Ihre Registrierung ist abgeschlossen').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Was mit Ihrem Profil geschieht' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Wohin Ihr Profil gesendet wurde' }).count())
      .toBe(1);
    expect(await page.getByRole('list', { name: 'Zustände der Sitzung' }).count()).toBe(0);
    await checkPage(page, `${size}-lifecycle`);
    await context.close();
  });

  it('keeps the shell while the workspace loads slowly, and offers a retry that works when it failed', async () => {
    context = await browser.newContext({ viewport, locale: 'de-DE' });
    const page = await context.newPage();
    await logInToDashboard(page, app, 'company@matchwerk.example');
    let mode: 'slow' | 'fail' | 'pass' = 'slow';
    let release = () => {};
    let held = false;
    // The boot script's first calls travel in one batch (src/api/early-calls.ts): refused, the app
    // asks for the session itself, through the route below.
    await page.route('**/api/batch', (route) => route.abort());
    await page.route('**/api/session', async (route) => {
      if (mode === 'fail') return route.fulfill({ status: 503, body: '{"code":"unavailable"}' });
      // Only the first call is held: when the hold outlasts the short test token, the call after the
      // token refresh must go through.
      if (mode === 'slow' && !held) {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return route.continue();
    });
    await page.goto(`${app.url}/profile`);
    // The skeleton is checked while the preload's call is really held (on a loaded machine the
    // page may still be verifying the token when a first skeleton shows).
    await expect.poll(() => held, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('.skeleton').count()).toBe(1);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await screenshot(page, `${size}-skeleton`);
    release();
    await expect.poll(() => heading(page)).toBe('Profil');
    mode = 'fail';
    await page.goto(`${app.url}/dashboard`);
    await expect.poll(() => heading(page)).toBe('Diese Seite konnte nicht geladen werden');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await checkPage(page, `${size}-load-failed`);
    mode = 'pass';
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect.poll(() => appHeading(page)).toBe('Übersicht');
    await context.close();
  });
});
