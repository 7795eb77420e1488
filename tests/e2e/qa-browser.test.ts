import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserQaFile, Instances, walkPath } from '../qa/browser';
import { summarise } from '../qa/cli';
import { generatePaths, parseGenerator } from '../qa/generators';
import { writeReport } from '../qa/report';
import type { TablePath } from '../support/model';
import { sessionTable } from '../support/session-table';
import { launchBrowser } from './harness';
import { sessionBrowser } from './session-driver';

/*
 * The QA tool's browser runs (`npm run qa -- run session --browser`, tests/qa/browser.ts) on one short
 * generated path of the session: walked against a started instance it passes, leaves a screenshot per
 * step that the report shows beside the step; walked with a wrong expectation it fails on that step,
 * says what the page showed and prints the command that replays it in the browser.
 */

const generator = parseGenerator('a_star(reached(authenticated.idle))');
const session = [{ name: 'session', slug: 'session', file: 'tests/e2e/session-model.test.ts' }];

describe('npm run qa -- run session --browser', () => {
  const instances = new Instances();
  let browser: Browser;
  let dir: string;
  let path: TablePath;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchwerk-qa-browser-'));
    browser = await launchBrowser();
    path = generatePaths(sessionTable, generator, 1)[0] as TablePath;
  });
  afterAll(async () => {
    await browser?.close();
    await instances.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('walks the generated path, and the report shows each step with its screenshot', async () => {
    expect(path.steps.map((s) => `${s.from} --${s.event}--> ${s.expect.target}`)).toEqual([
      'loggedOut --login--> authenticating',
      'authenticating --loginOk--> authenticated.idle',
    ]);
    const result = await walkPath(sessionBrowser, browser, instances, path, 1, join(dir, 'shots', 'path-1'));
    expect(result.failure).toBeUndefined();
    expect(result.status).toBe('passed');
    // The busy state passes too fast to check; the dashboard is looked at.
    expect(result.steps.map((s) => s.looked)).toEqual([false, true]);
    for (const step of result.steps) expect(existsSync(step.screenshot ?? ''), step.event).toBe(true);

    const report = writeReport(
      [
        browserQaFile('session', session[0]?.file ?? '', { generator, seed: 1 }, [
          { driver: sessionBrowser, paths: [result] },
        ]),
      ],
      [],
      join(dir, 'index.html'),
    );
    // Opened from disk in Chromium: every step beside its screenshot, each loaded, nothing from the network.
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      fetched.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(report).href);
    // A passed path's steps are folded: opened as a person opens them.
    await page.locator('#m-session ~ details summary').first().click();
    const steps = page.locator('#m-session ~ details li');
    expect(await steps.count()).toBe(2);
    for (const [i, step] of path.steps.entries()) {
      const li = steps.nth(i);
      expect(await li.textContent()).toContain(step.event);
      const src = (await li.locator('img').getAttribute('src')) ?? '';
      // Relative, beside the step, leading to the screenshot.
      expect(src).toBe(`shots/path-1/step-${i + 1}.png`);
      expect(await li.locator('a').getAttribute('href')).toBe(src);
      expect(existsSync(resolve(dirname(report), src))).toBe(true);
      await li.locator('img').scrollIntoViewIfNeeded();
      await expect
        .poll(() => li.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await page.locator('#m-session + p').textContent()).toContain('in Chromium');
    expect(fetched).toEqual([]);
    await context.close();
  });

  it('fails a path whose expectation the screen contradicts, naming the step and the replay command', async () => {
    // The table built wrong: the login leads to the SMS code, where the real app opens the dashboard.
    const [login, loginOk] = path.steps;
    const wrong = {
      ...path,
      steps: [
        login,
        { ...loginOk, expect: { ...loginOk?.expect, target: 'mfaPending#cooling' } },
      ] as TablePath['steps'],
    };
    const result = await walkPath(sessionBrowser, browser, instances, wrong, 1, join(dir, 'shots', 'wrong'));
    expect(result.status).toBe('failed');
    expect(result.failure?.step).toBe(1);
    const lines: string[] = [];
    const ok = summarise(
      (l) => lines.push(l),
      session,
      [
        browserQaFile('session', session[0]?.file ?? '', { generator, seed: 1 }, [
          { driver: sessionBrowser, paths: [result] },
        ]),
      ],
      { generator, seed: 1, table: undefined },
    );
    expect(ok).toBe(false);
    const text = lines.join('\n');
    expect(text).toContain('FAIL session in Chromium (an instance of its own): 0/1 paths');
    expect(text).toContain('at step 2: in authenticating: loginOk → mfaPending#cooling');
    expect(text).toContain('expected: "mfaPending#cooling"');
    expect(text).toMatch(/observed: \{"url":"http:\/\/[^"]+\/dashboard","headings":\["Übersicht"/);
    expect(text).toContain(
      "replay: npm run qa -- run session --generator 'a_star(reached(authenticated.idle))' --seed 1 --path 1 --browser",
    );
    expect(text).toContain(`screenshot: ${join(dir, 'shots', 'wrong', 'step-2-failed.png')}`);
  });
});
