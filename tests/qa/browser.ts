import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, type RunningApp, startApp } from '../e2e/harness';
import { type Expectation, type ModelTable, rowsOf, ruleOf, type TablePath } from '../support/model';
import { generatePaths } from './generators';
import { type QaFile, type QaPathResult, type QaRun, type QaStep, qaSlug, writeQaFile } from './run-options';

/*
 * `npm run qa -- run <machine> --browser`: the generator's paths (the same ones the in-process run
 * replays, same expression and seed) walked in the real built app in Chromium. A machine's browser
 * driver (tests/e2e/<machine>-driver.ts, shared with its fixed walks in tests/e2e/<machine>-model.test.ts)
 * turns each step's event into what a person does (or nothing, when it is the server's answer) and
 * checks that the screen shows the step's target. A path with a step the driver cannot give in a
 * browser is not run, and says which step; a screenshot is saved after every step (QA_SHOTS) and the
 * report shows it beside the step.
 */

export interface BrowserStep {
  from: string;
  event: string;
  expect: Expectation;
}

/** A path's browser: its instance, its own context (storage) and the page the path runs on. */
export interface BrowserPage {
  app: RunningApp;
  context: BrowserContext;
  page: Page;
}

/** A table's steps in a browser. */
export interface BrowserDriver<R extends BrowserPage = BrowserPage> {
  /** The table's name as the model test names it (the machine's, when it has one table). */
  table: string;
  spec: ModelTable;
  /** Where a path starts (the default `start` opens it). */
  startPath?: string;
  /** Why a path cannot be walked in a browser (its first step without a browser action); else undefined. */
  undrivable(path: TablePath): string | undefined;
  /** Server settings a path needs: it runs on an instance of its own with them (none: the shared one). */
  serverFor?(path: TablePath): Record<string, string>;
  /** Prepares the path's page (default: opens `startPath`). */
  start?(base: BrowserPage, path: TablePath): Promise<R>;
  /** What a person does for step `i` (nothing for the server's answer). */
  act(run: R, path: TablePath, i: number): Promise<void>;
  /** Checks the screen shows step `i`'s target; false where the state is not looked at (busy). */
  check(run: R, path: TablePath, i: number): Promise<boolean>;
  finish?(run: R): Promise<void>;
}

/** Where instances come from: the shared one (QA_BASE or started once) and those with settings of their own. */
export class Instances {
  private started = new Map<string, Promise<RunningApp>>();
  /** `shared`: an instance a test started already, for the paths without settings of their own (not stopped here). */
  constructor(private shared?: RunningApp) {}
  get(env: Record<string, string> = {}): Promise<RunningApp> {
    if (this.shared && Object.keys(env).length === 0) return Promise.resolve(this.shared);
    const key = JSON.stringify(env);
    let app = this.started.get(key);
    if (!app) {
      app = startApp(env);
      this.started.set(key, app);
    }
    return app;
  }
  async stop(): Promise<void> {
    for (const app of this.started.values()) await (await app).stop();
    this.started.clear();
  }
}

/** What the page shows when a check failed: its address, headings and alerts. */
async function observe(page: Page): Promise<Record<string, unknown>> {
  const text = async (role: 'heading' | 'alert') =>
    (
      await page
        .getByRole(role)
        .allTextContents()
        .catch(() => [])
    )
      .map((t) => t.trim())
      .filter(Boolean);
  return { url: page.url(), headings: await text('heading'), alerts: await text('alert') };
}

const firstLine = (message: string) => message.split('\n').find((l) => l.trim()) ?? message;

/**
 * Walks one path in a browser context of its own: before each step the driver acts, after it the
 * screen is checked and photographed (`shots`: the folder for this path's screenshots). Never throws:
 * the result says which step failed, what was expected and what the page showed.
 */
export async function walkPath<R extends BrowserPage>(
  driver: BrowserDriver<R>,
  browser: Browser,
  instances: Instances,
  path: TablePath,
  index: number,
  shots: string,
): Promise<QaPathResult> {
  const result: QaPathResult = {
    index,
    name: path.name,
    steps: path.steps.map((s) => stepOf(driver.spec, s)),
    status: 'not run',
  };
  const skipped = driver.undrivable(path);
  if (skipped) return { ...result, skipped };
  mkdirSync(shots, { recursive: true });
  const app = await instances.get(driver.serverFor?.(path) ?? {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const page = await context.newPage();
  let run: R | undefined;
  let step = -1;
  let inAxe = false;
  try {
    const base = { app, context, page };
    if (driver.start) run = await driver.start(base, path);
    else {
      await page.goto(`${app.url}${driver.startPath ?? '/'}`);
      run = base as R;
    }
    for (step = 0; step < path.steps.length; step++) {
      await driver.act(run, path, step);
      const looked = await driver.check(run, path, step);
      const shot = join(shots, `step-${step + 1}.png`);
      await run.page.screenshot({ path: shot });
      result.steps[step] = { ...(result.steps[step] as QaStep), screenshot: shot, looked };
      // Every screen a person sees is axe-core clean and kept to its Content-Security-Policy (a busy
      // state's page may be half way to the next one: not looked at).
      if (looked) {
        inAxe = true;
        // Polled: a page just navigated to may not have its title yet (CSP reports stay once made).
        const page = run.page;
        await expect.poll(() => accessibilityViolations(page), { message: 'axe-core and CSP' }).toEqual([]);
        inAxe = false;
      }
    }
    result.status = 'passed';
  } catch (error) {
    const at = Math.min(step, path.steps.length - 1);
    const s = path.steps[at];
    const where = run?.page ?? page;
    const shot = join(shots, `step-${at + 1}-failed.png`);
    await where.screenshot({ path: shot }).catch(() => undefined);
    if (result.steps[at]) result.steps[at] = { ...(result.steps[at] as QaStep), screenshot: shot };
    result.status = 'failed';
    result.failure = {
      step: at,
      what: s
        ? `${s.from} --${s.event}--> ${s.expect.target}: ${inAxe ? 'axe-core and CSP on the screen' : 'the screen'}`
        : `the first page (${driver.startPath ?? 'as the driver opens it'})`,
      expected: inAxe ? [] : s?.expect.target,
      observed: await observe(where).catch(() => ({ url: where.url() })),
      message: firstLine((error as Error).message),
    };
  } finally {
    if (run && driver.finish) await driver.finish(run).catch(() => undefined);
    // A page that still holds unsaved edits asks before it closes; the path is over.
    page.on('dialog', (d) => void d.accept().catch(() => undefined));
    await context.close().catch(() => undefined);
  }
  return result;
}

function stepOf(table: ModelTable, s: TablePath['steps'][number]): QaStep {
  const rule = ruleOf(table, s.from, s.expect);
  return { from: s.from, event: s.event, target: s.expect.target, ...(rule ? { rule } : {}) };
}

/** The QA file of a browser run (the table's rows from its spec, no machine graph: the app runs the machine). */
export function browserQaFile(
  name: string,
  file: string,
  run: Pick<QaRun, 'generator' | 'seed'>,
  tables: { driver: Pick<BrowserDriver, 'table' | 'spec'>; paths: QaPathResult[] }[],
): QaFile {
  return {
    name,
    file,
    generator: run.generator.text,
    seed: run.seed,
    dump: false,
    browser: { base: process.env.QA_BASE || null },
    tables: tables.map(({ driver, paths }) => ({
      name: driver.table,
      initial: driver.spec.initial,
      events: [...driver.spec.events],
      rows: rowsOf(driver.spec),
      paths,
    })),
    machines: [],
    finishedAt: new Date().toISOString(),
  };
}

/**
 * The browser tests of a machine under `npm run qa -- run <machine> --browser` (QA_BROWSER=1): one
 * test per generated path a browser can walk, results and screenshots to QA_OUT and QA_SHOTS.
 */
export function describeBrowserPaths(
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: drivers of several tables keep their own page state
  drivers: BrowserDriver<any>[],
  qa: QaRun,
): void {
  const chosen = drivers.filter((d) => !qa.table || d.table === qa.table);
  const shotsRoot = qa.shots ?? join(qa.out, '..', 'shots');
  describe(`${name}: generated paths in a browser (${qa.generator.text}, seed ${qa.seed})`, () => {
    const instances = new Instances();
    let browser: Browser;
    const results = new Map<BrowserDriver, QaPathResult[]>();
    let file = '';
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      writeQaFile(
        qa,
        name,
        browserQaFile(
          name,
          file,
          qa,
          chosen.map((driver) => ({ driver, paths: results.get(driver) ?? [] })),
        ),
      );
      await browser?.close();
      await instances.stop();
    });
    for (const driver of chosen) {
      const all = generatePaths(driver.spec, qa.generator, qa.seed)
        .map((path, i) => ({ path, index: i + 1 }))
        .filter((p) => qa.path === undefined || p.index === qa.path);
      const out: QaPathResult[] = [];
      results.set(driver, out);
      const drivable = all.filter((p) => !driver.undrivable(p.path));
      for (const p of all.filter((x) => driver.undrivable(x.path))) {
        out.push({
          index: p.index,
          name: p.path.name,
          steps: p.path.steps.map((s) => stepOf(driver.spec, s)),
          status: 'not run',
          skipped: driver.undrivable(p.path),
        });
      }
      const prefix = chosen.length > 1 ? `${driver.table}: ` : '';
      it(`${prefix}a browser can walk some of the ${all.length} paths`, () => {
        file ||= relative(process.cwd(), expect.getState().testPath ?? '');
        // A run with nothing to walk must not pass as if it had walked.
        expect(
          drivable.length,
          `no path of ${qa.generator.text} (seed ${qa.seed}) can be walked in a browser: ${out.map((r) => `path ${r.index}: ${r.skipped}`).join('; ')}`,
        ).toBeGreaterThan(0);
      });
      for (const p of drivable) {
        it(
          `${prefix}path ${p.index}: ${p.path.name}`,
          async () => {
            file ||= relative(process.cwd(), expect.getState().testPath ?? '');
            // Recorded before the walk: a path whose test times out is reported, not left out.
            const result: QaPathResult = {
              index: p.index,
              name: p.path.name,
              steps: p.path.steps.map((s) => stepOf(driver.spec, s)),
              status: 'failed',
              failure: {
                step: -1,
                what: 'the walk did not finish (its test timed out: see the output above)',
                expected: 'the walk to end',
                observed: 'timed out',
                message: 'timed out',
              },
            };
            out.push(result);
            out.sort((a, b) => a.index - b.index);
            const shots = join(shotsRoot, qaSlug(name), qaSlug(driver.table), `path-${p.index}`);
            const walked = await walkPath(driver, browser, instances, p.path, p.index, shots);
            delete result.failure;
            Object.assign(result, walked);
            const failure = walked.failure;
            if (failure) throw new Error(`step ${failure.step + 1}: ${failure.what}: ${failure.message}`);
          },
          // A server to start for the first path, then up to 20 s a step (a page load, an SMS).
          60_000 + 20_000 * p.path.steps.length,
        );
      }
    }
  });
}
