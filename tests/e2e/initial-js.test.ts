import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../contract/storage-keys';
import { gzipKb, initialChunks, PAGES } from '../../scripts/chunk-sizes';
import { CHUNK_GRAPH, type ChunkNode } from '../../scripts/vite-chunk-graph';
import { launchBrowser, logIn, type RunningApp, signIn, startApp } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The API GETs a request makes: its own path, or the paths of a batch (POST /api/batch, in which
 * the boot script sends a page's first calls).
 */
function apiGets(request: Request): string[] {
  const url = new URL(request.url());
  if (url.pathname === '/api/batch' && request.method() === 'POST')
    return (JSON.parse(request.postData() ?? '{}') as { paths?: string[] }).paths ?? [];
  return url.pathname.startsWith('/api/') && request.method() === 'GET' ? [url.pathname + url.search] : [];
}

// scripts/chunk-sizes.ts counts a page's initial JavaScript from the build's chunk graph; here the
// browser says what the page really loads until the app shows it, so that the figure cannot leave
// out a chunk (a lazy import that runs at start after all).
describe('the initial JavaScript of the prerendered pages', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(PAGES.map((page) => [page.path, page] as const))(
    '%s loads only the chunks chunk-sizes counts, within its limit',
    async (path, page) => {
      const graph = JSON.parse(readFileSync(`${root}/${CHUNK_GRAPH}`, 'utf8')) as ChunkNode[];
      const counted = initialChunks(graph, page.routes, page.startsApp);
      const context = await browser.newContext({ locale: 'de-DE' });
      const tab = await context.newPage();
      const loaded = new Set<string>();
      tab.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) loaded.add(pathname.slice(1));
      });
      await tab.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
      if (page.startsApp) {
        // The app has replaced the prerendered markup: everything it needed to get there has loaded.
        await expect.poll(() => tab.locator('#prerendered').count()).toBe(0);
        await tab.waitForLoadState('networkidle');
      } else {
        // The landing stays its prerendered page, without the app, a while after it loaded.
        await tab.waitForTimeout(1_000);
        expect(await tab.locator('#prerendered').count()).toBe(1);
      }
      await context.close();
      expect([...loaded].filter((file) => !counted.includes(file))).toEqual([]);
      const kb = [...loaded].reduce((sum, file) => sum + gzipKb(readFileSync(`${root}/dist/${file}`)), 0);
      expect(kb).toBeLessThanOrEqual(page.limitKb);
    },
  );

  it('starts the app on the landing when the visitor picks English, signs in elsewhere, or is signed in', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const tab = await context.newPage();
    await tab.goto(app.url, { waitUntil: 'networkidle' });
    await tab.getByRole('button', { name: 'English' }).click();
    await expect
      .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
      .toBe('Matching people to jobs');
    expect(await tab.locator('#prerendered').count()).toBe(0);
    // The choice is kept: the next visit starts the app at once, in English.
    await tab.reload();
    await expect
      .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
      .toBe('Matching people to jobs');

    // Signed in in another tab: the landing offers the dashboard.
    const other = await context.newPage();
    await other.goto(app.url, { waitUntil: 'networkidle' });
    await other.evaluate(() => localStorage.removeItem('language'));
    await other.reload({ waitUntil: 'networkidle' });
    expect(await other.locator('#prerendered').count()).toBe(1);
    await logIn(tab, app.url, 'stella@matchwerk.example', { landOn: /\/dashboard$/ });
    await expect
      .poll(() => other.getByRole('link', { name: 'Zu meiner Übersicht' }).count())
      .toBeGreaterThan(0);
    expect(await other.locator('#prerendered').count()).toBe(0);
    // Signed in already: the app starts at once.
    const third = await context.newPage();
    await third.goto(app.url);
    await expect.poll(() => third.locator('#prerendered').count()).toBe(0);
    await context.close();
  });
});

// Issue 22: a signed-in page's route chunks once waited for the app's own chunk to run, and the
// candidate table's first page for the route's chunks.
describe('a signed-in page’s first loads', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  /** A German browser context signed in as `email` (the session in its storage), for the tabs a test opens. */
  const signedIn = async (email: string) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await signIn(await context.newPage(), app.url, email, { landOn: /\/dashboard$/ });
    return context;
  };

  it('preloads the route chunks the build lists for the address and asks for the table’s first page once', async () => {
    const preloads = JSON.parse(readFileSync(`${root}/dist/route-preloads.json`, 'utf8')) as {
      pattern: string;
      files: string[];
    }[];
    const listed = preloads.find((p) => new RegExp(p.pattern).test('/stellas'))?.files ?? [];
    expect(listed.some((file) => /stellas\.index-/.test(file))).toBe(true);
    const context = await signedIn('agent@matchwerk.example');
    const other = await context.newPage();
    const lists: string[] = [];
    other.on('request', (request) => {
      for (const call of apiGets(request)) if (call.startsWith('/api/profile/list')) lists.push(call);
    });
    await other.goto(`${app.url}/stellas`);
    await expect.poll(() => other.locator('#prerendered').count()).toBe(0);
    await other.waitForLoadState('networkidle');
    const links = await other
      .locator('link[rel="modulepreload"]')
      .evaluateAll((all) => all.map((link) => new URL((link as HTMLLinkElement).href).pathname.slice(1)));
    expect(listed.filter((file) => !links.includes(file))).toEqual([]);
    // The boot script's early call is the table's: the app takes its answer instead of asking again.
    expect(lists).toHaveLength(1);
    // The rows are drawn in the background (Deferred), possibly after the network fell quiet.
    await expect.poll(() => other.getByRole('row').count()).toBeGreaterThan(1);
    await context.close();
  });
  // Issue 22: the dashboard's largest text was drawn only by the app, with its data (LCP 4 s on a
  // phone); its title and introduction are in the page now, the same for every user type.
  it('paints the dashboard’s title and introduction before the app, hidden for a visitor who chose English', async () => {
    const context = await signedIn('stella@matchwerk.example');
    const intro = 'Ihre Übersicht: was neu ist und was Ihre Aufmerksamkeit braucht.';
    // Without the app's code (its framework chunk refused) the page is what the server sent and
    // the boot script made of it.
    const withoutApp = await context.newPage();
    await withoutApp.route(/\/assets\/framework-[^/]*\.js$/, (route) => route.abort());
    await withoutApp.goto(`${app.url}/dashboard`);
    const prerendered = withoutApp.locator('#prerendered');
    await expect.poll(() => prerendered.getByRole('heading', { level: 1 }).textContent()).toBe('Übersicht');
    expect(await prerendered.getByText(intro).isVisible()).toBe(true);
    expect(await withoutApp.title()).toBe('Übersicht · Matchwerk');
    // The route's chunks are named for the boot script, as on the shell's pages.
    expect(await withoutApp.locator('meta[name="matchwerk-route-chunks"]').count()).toBe(1);
    await withoutApp.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
    await withoutApp.reload();
    await expect.poll(() => prerendered.locator('[data-prerendered-text]').getAttribute('hidden')).toBe('');
    expect(await prerendered.getByText(intro).isVisible()).toBe(false);
    expect(await prerendered.getByRole('status').count()).toBe(1);
    // With the app, the same text in the chosen language, once.
    const english = await context.newPage();
    await english.goto(`${app.url}/dashboard`);
    await expect.poll(() => english.locator('#prerendered').count()).toBe(0);
    await expect.poll(() => english.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    expect(await english.getByText('Your overview: what is new and what needs your attention.').count()).toBe(
      1,
    );
    await context.close();
  });
  // Issue 22: a candidate table's largest text, the vetting filter's help, waited for the app.
  it('paints a candidate table’s title and filters before the app, inert, without styles the CSP refuses', async () => {
    const context = await signedIn('agent@matchwerk.example');
    const withoutApp = await context.newPage();
    const refused: string[] = [];
    withoutApp.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await withoutApp.route(/\/assets\/framework-[^/]*\.js$/, (route) => route.abort());
    await withoutApp.goto(`${app.url}/stellas`);
    const prerendered = withoutApp.locator('#prerendered');
    await expect.poll(() => prerendered.getByRole('heading', { level: 1 }).textContent()).toBe('Stellas');
    const help =
      'Neu: in den letzten 14 Tagen selbst registriert, niemandem zugewiesen und noch kein Eintrag eines Agenten in der Chronik.';
    expect(await prerendered.getByText(help).isVisible()).toBe(true);
    // The selects are their closed look (src/ui/components/select.tsx), with the chosen option, inert
    // with the rest of the filters; no inline style anywhere.
    const assigned = prerendered.locator('.rac-field', { hasText: 'Zuständigkeit' });
    expect(await assigned.locator('.rac-select-button').textContent()).toContain('Alle');
    expect(await assigned.evaluate((field) => field.closest('[inert]') !== null)).toBe(true);
    expect(await prerendered.locator('[style]').count()).toBe(0);
    expect(refused.filter((text) => /Content Security Policy/.test(text))).toEqual([]);
    // Nothing typed before the app starts is lost: the prerendered fields take no focus.
    await prerendered.getByRole('searchbox').click({ force: true });
    expect(await withoutApp.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
    // With a query the filters would differ: the shell and its skeleton instead.
    await withoutApp.goto(`${app.url}/stellas?status=active`);
    expect(await prerendered.getByRole('heading', { level: 1 }).count()).toBe(0);
    // With the app, the filters once and working.
    const live = await context.newPage();
    await live.goto(`${app.url}/stellas`);
    await expect.poll(() => live.locator('#prerendered').count()).toBe(0);
    await expect.poll(() => live.getByText(help).count()).toBe(1);
    await live.getByRole('searchbox', { name: 'Suche' }).fill('Kaya');
    await expect.poll(() => new URL(live.url()).searchParams.get('q')).toBe('Kaya');
    await context.close();
  });
  // Issue 22: the prerendered pages put the footer below the fold and their header's border 1 px
  // beyond it, so a title and a skeleton could scroll; Chromium flashes the overlay scrollbar of a
  // page that can scroll when it loads, ~20 frames drawn (and captured by Lighthouse) while the app starts.
  it('paints a signed-in page that does not scroll before the app; the footer comes with the app', async () => {
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ locale: 'de-DE', viewport });
      const tab = await context.newPage();
      await signIn(tab, app.url, 'agent@matchwerk.example', { landOn: /\/dashboard$/ });
      const withoutApp = await context.newPage();
      await withoutApp.route(/\/assets\/framework-[^/]*\.js$/, (route) => route.abort());
      for (const path of [
        '/dashboard',
        '/stellas',
        '/matchingJobResult/5eed10b0-0000-4000-8000-000000000001',
      ]) {
        await withoutApp.goto(`${app.url}${path}`);
        await expect.poll(() => withoutApp.locator('#prerendered main').count()).toBe(1);
        expect(
          await withoutApp.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
        ).toBe(0);
        expect(await withoutApp.locator('#prerendered footer').count()).toBe(0);
      }
      // The login works without the app: its legal links stay.
      const anonymous = await browser.newContext({ locale: 'de-DE', viewport });
      const login = await anonymous.newPage();
      await login.route(/\/assets\/framework-[^/]*\.js$/, (route) => route.abort());
      await login.goto(`${app.url}/login`);
      expect(
        await login.locator('#prerendered footer').getByRole('link', { name: 'Impressum' }).count(),
      ).toBe(1);
      await anonymous.close();
      // With the app, the footer is there.
      await tab.goto(`${app.url}/dashboard`);
      await expect.poll(() => tab.locator('#prerendered').count()).toBe(0);
      await expect
        .poll(() => tab.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).count())
        .toBe(1);
      await context.close();
    }
  });
  // Issue 22: Lighthouse's simulation charges every request before the data's paint a round trip over
  // one of six HTTP/1.1 connections; the signed-in app's small shared modules were nine files of
  // 1–5 kB (vite.config.ts, `app-core`).
  // 18 since the route table (issue 43, decision 0032): the dashboard's pipeline calls and the
  // photo/phone modules now arrive as files of their own (16 before). To win back: group the
  // table's entries the signed-in pages share without putting them on /login (app-core is there).
  it('draws an agent’s dashboard after at most 18 script files, the signed-in app’s shared modules in one', async () => {
    const context = await signedIn('agent@matchwerk.example');
    const other = await context.newPage();
    const scripts: string[] = [];
    let drawn = false;
    other.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!drawn && /^\/assets\/.*\.js$/.test(path) && !path.includes('.worker')) scripts.push(path);
    });
    await other.goto(`${app.url}/dashboard`);
    await expect
      .poll(() => other.getByRole('heading', { name: 'Braucht Ihre Aufmerksamkeit' }).count())
      .toBe(1);
    drawn = true;
    expect(scripts.filter((path, i) => scripts.indexOf(path) !== i)).toEqual([]);
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(18);
    expect(scripts.filter((path) => /\/app-core-/.test(path))).toHaveLength(1);
    await context.close();
  });
  /**
   * A signed-in user's dashboard opened in a new tab: every API GET it made (a batch's paths
   * included) and the batches, once `heading` shows.
   */
  const dashboardCalls = async (email: string, heading: string) => {
    const context = await signedIn(email);
    const other = await context.newPage();
    const calls: string[] = [];
    const batches: string[][] = [];
    other.on('request', (request) => {
      calls.push(...apiGets(request));
      if (new URL(request.url()).pathname === '/api/batch') batches.push(apiGets(request));
    });
    await other.goto(`${app.url}/dashboard`);
    await expect.poll(() => other.locator('#prerendered').count()).toBe(0);
    await other.waitForLoadState('networkidle');
    await expect.poll(() => other.getByRole('heading', { name: heading }).count()).toBe(1);
    await context.close();
    return { calls, batches };
  };
  it('asks for each of an agent’s dashboard calls once: the boot script’s early answers are taken', async () => {
    const { calls, batches } = await dashboardCalls('agent@matchwerk.example', 'Braucht Ihre Aufmerksamkeit');
    expect(calls.filter((call) => call.startsWith('/api/agent/attention'))).toHaveLength(1);
    expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
    // They came in two requests (POST /api/batch): the session's, then the page's.
    expect(batches).toHaveLength(2);
    expect(batches[0]).toContain('/api/session');
    expect(batches[1]?.some((call) => call.startsWith('/api/agent/dashboard'))).toBe(true);
  });
  it('asks for each of a company’s dashboard calls once, all of them early: none waits for another', async () => {
    const { calls, batches } = await dashboardCalls('company@matchwerk.example', 'Meine Stellenanfragen');
    expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
    // Every call of the page came in the boot script's two batches: the session's, then the page's.
    expect(batches).toHaveLength(2);
    expect(batches[0]).toContain('/api/user/consents');
    expect(batches[1]).toEqual([
      '/api/client/jobs',
      '/api/jobs/list?status=active&sort=updated&page=1&limit=20',
    ]);
    expect(calls.filter((call) => !batches.flat().includes(call))).toEqual([]);
  });
});
