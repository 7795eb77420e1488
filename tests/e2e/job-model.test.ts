import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../contract/job';
import { describeBrowserPaths, Instances, walkPath } from '../qa/browser';
import { DEFAULT_GENERATOR, generatePaths, parseGenerator } from '../qa/generators';
import { qaRun } from '../qa/run-options';
import { agentJob, companyRequest, copyDraft, newDraft, shownState } from '../support/job-table';
import type { ModelTable } from '../support/model';
import { accessibilityViolations, api, launchBrowser, type RunningApp, signIn, startApp } from './harness';
import {
  AGENT,
  BUSY,
  COMPANY,
  copyTitle,
  JOB_PASSWORD,
  JobFactory,
  type JobPage,
  type JobScreen,
  type JobStep,
  jobAct,
  jobBrowsers,
  jobCheck,
  openJobScreen,
  pathAlong,
  planJobPath,
} from './job-driver';

/*
 * The job machine's paths (issue 11: "the same paths driven in the browser"), walked in the real built
 * app on the demo data. Each walk is a sequence of events of one of the job's expectation tables
 * (tests/support/job-table.ts, the ones the unit test replays on the machine). An event becomes what a
 * person does on the screen that runs the machine (the results page, the editor, the new-job and copy
 * forms), or, when it is the server's answer, either the real answer or one the test gives in its place
 * at the network (a failure, a conflict, a run's progress held at a step), so that every answer the table
 * names can be seen. After every step the screen must show what the table says of the state it names:
 * which actions are offered (exactly the user events the table's row takes), progress, the archived
 * note, errors, the saved or unsaved form. Busy states pass too fast to look at and are not checked.
 *
 * Not walked by the fixed walks (the unit test replays every one of them on the machine; the run prints
 * what is left; `npm run qa -- run job-lifecycle --browser` walks the generated paths through the same
 * driver, and says which it cannot walk and why):
 * - editing events beside a run (an edit while a run is in flight; beside an ended run only in the
 *   generated paths below, which reopen the job in the editor) and run events beside an edit (a run
 *   asked for while the form is dirty or in conflict): the machine's two regions never share a
 *   screen — the results page has no form, the editor no run controls, each has its own actor;
 * - `loadedRunning`: a job opened while its run is in flight (demo runs end within milliseconds; the
 *   generated paths below give it at the network);
 * - events taken while busy (an edit while saving, an archive while a run is being requested);
 * - a draft's `saveTooLong`: an empty draft cannot be saved at all, and a draft's invalid title is the
 *   editor walk's; the other draft rows are walked in the new-job table and not again in the others.
 * `WALK_SHOTS=<dir>` saves a screenshot of a step that failed.
 */

interface Walk {
  name: string;
  table: ModelTable;
  screen: JobScreen;
  events: string[];
  /** The demo job to open instead of a fresh one. */
  demoJob?: string;
  /** A job run to its end whose criteria then changed: the results are from the old criteria. */
  stale?: true;
}

const RESULT_WALKS: Walk[] = [
  {
    name: 'a run from the request to its results, then cancelled and failed runs',
    table: agentJob,
    screen: 'results',
    events: [
      'loaded',
      'run',
      'runQueued',
      'upRunning',
      'upDone',
      'run',
      'runRunning',
      'upCancelled',
      'run',
      'runQueued',
      'upFailed',
    ],
  },
  {
    name: 'a refused run; archive, re-activate and delete',
    table: agentJob,
    screen: 'results',
    events: [
      'loaded',
      'run',
      'runRefused',
      'archive',
      'statusOk',
      'activate',
      'statusOk',
      'delete',
      'deleted',
    ],
  },
  {
    name: 'a failed load retried; failed archiving and deleting; duplicate',
    table: agentJob,
    screen: 'results',
    events: [
      'loadFailed',
      'retry',
      'loaded',
      'archive',
      'statusFailed',
      'delete',
      'deleteFailed',
      'duplicate',
    ],
  },
  {
    name: 'archiving stops a run in flight; an archived job is duplicated',
    table: agentJob,
    screen: 'results',
    events: ['loaded', 'run', 'runQueued', 'archive', 'statusOk', 'duplicate'],
  },
  {
    name: 'a run heard going back and forth between queued and running',
    table: agentJob,
    screen: 'results',
    events: [
      'loaded',
      'run',
      'runQueued',
      'upQueued',
      'upCancelled',
      'run',
      'runRunning',
      'upRunning',
      'upQueued',
      'upDone',
      'archive',
      'statusOk',
      'delete',
      'deleted',
    ],
  },
  {
    name: 'a failed run started again; a done job deleted',
    table: agentJob,
    screen: 'results',
    events: ['loaded', 'run', 'runRunning', 'upFailed', 'run', 'runQueued', 'upDone', 'delete', 'deleted'],
  },
  {
    name: 'a running job archived, then deleted',
    table: agentJob,
    screen: 'results',
    events: ['loaded', 'run', 'runRunning', 'archive', 'statusOk', 'delete', 'deleted'],
  },
  {
    name: 'a job whose criteria changed after its run',
    table: agentJob,
    screen: 'results',
    events: ['loadedStale'],
    stale: true,
  },
  {
    name: "the demo's archived job",
    table: agentJob,
    screen: 'results',
    events: ['loadedArchived'],
    demoJob: 'Lagerlogistik Hamburg',
  },
];

const EDITOR_WALKS: Walk[] = [
  {
    name: 'edit, take it back, save, change a weight, roll back',
    table: agentJob,
    screen: 'editor',
    events: ['loaded', 'edit', 'editBack', 'edit', 'save', 'saved', 'criterion', 'rollback'],
  },
  {
    name: 'someone else saved: keep mine, then take theirs',
    table: agentJob,
    screen: 'editor',
    events: [
      'loaded',
      'edit',
      'save',
      'saveConflict',
      'keepMine',
      'save',
      'saved',
      'edit',
      'save',
      'saveConflict',
      'takeTheirs',
    ],
  },
  {
    name: 'an invalid form, a save the server refuses, a save that fails',
    table: agentJob,
    screen: 'editor',
    events: ['loaded', 'saveTooLong', 'edit', 'save', 'saveRejected', 'save', 'saveFailed'],
  },
  {
    name: 'a new job: changed and changed back, refused, failed, created',
    table: newDraft,
    screen: 'draft',
    events: [
      'edit',
      'editBack',
      'criterion',
      'edit',
      'save',
      'createRejected',
      'save',
      'saveFailed',
      'save',
      'created',
    ],
  },
  {
    name: 'a copy: a failed load retried, then saved as a new job',
    table: copyDraft,
    screen: 'copy',
    events: ['loadFailed', 'retry', 'loaded', 'edit', 'save', 'created'],
  },
  {
    name: "a company's request",
    table: companyRequest,
    screen: 'company',
    events: ['criterion', 'edit', 'save', 'created'],
  },
];

/** The table's steps along a walk; throws when the walk is not a path of the table. */
const stepsOf = (walk: Walk): JobStep[] => pathAlong(walk.table, walk.events, walk.name).steps;

const seen = new Map<ModelTable, Set<string>>();
/** The table transitions walked, as "state --event-->" per table. */
const walked = new Map<ModelTable, Set<string>>();

async function runWalk(
  context: BrowserContext & { appUrl: string },
  walk: Walk,
  setup: { uuid: string | null; title: string },
) {
  const page = await context.newPage();
  const ctx: JobPage = {
    page,
    table: walk.table,
    screen: walk.screen,
    name: walk.name,
    uuid: setup.uuid,
    feed: null,
    // A copy starts titled "Kopie von …" (issue 22): that is what its draft holds and goes back to.
    title: walk.screen === 'copy' ? copyTitle(setup.title) : walk.screen === 'editor' ? setup.title : '',
    savedTitle:
      walk.screen === 'draft' || walk.screen === 'company'
        ? ''
        : walk.screen === 'copy'
          ? copyTitle(setup.title)
          : setup.title,
    serverTitle: setup.title,
    left: false,
    ran: walk.stale ?? false,
    weightShift: 0,
  };
  const steps = stepsOf(walk);
  await openJobScreen(ctx, context.appUrl, steps[0]?.event);
  const visited = seen.get(walk.table) ?? new Set<string>();
  seen.set(walk.table, visited);
  visited.add(walk.table.initial);
  for (const [i, step] of steps.entries()) {
    try {
      await jobAct(ctx, step, steps[i + 1]?.event);
      await jobCheck(ctx, step, `${walk.name}: ${step.from} --${step.event}--> ${step.expect.target}`);
    } catch (error) {
      if (process.env.WALK_SHOTS)
        await page.screenshot({
          path: `${process.env.WALK_SHOTS}/${walk.name.slice(0, 30)}.png`,
          fullPage: true,
        });
      throw error;
    }
    visited.add(step.expect.target);
    walked.set(walk.table, (walked.get(walk.table) ?? new Set()).add(`${step.from} --${step.event}-->`));
  }
  expect(await accessibilityViolations(page), walk.name).toEqual([]);
  // A page that still holds unsaved edits asks before it closes; the walk is over.
  page.on('dialog', (d) => void d.accept());
  await page.close({ runBeforeUnload: false });
}

/*
 * The generated paths: `npm run qa -- run job-lifecycle --browser` walks every one of
 * shortest(edge_coverage(100)) a browser can (116 of 146, six to eight minutes on the shared CI box; the
 * existing job's 82 alone six), too long for `npm test` beside the fixed walks (90 s). Here the driver
 * walks those of the existing job that the fixed walks cannot: the ones that move between the results
 * page and the editor, once for each state the job is reopened in.
 */
const MOVING = (() => {
  const byReopening = new Map<string, { index: number; path: (typeof paths)[number] }>();
  const paths = generatePaths(agentJob, parseGenerator(DEFAULT_GENERATOR), 1);
  for (const [i, path] of paths.entries()) {
    const plan = planJobPath(agentJob, path);
    const at = plan.moves.findIndex(Boolean);
    const from = path.steps[at]?.from;
    if (plan.why || at < 0 || !from || byReopening.has(from)) continue;
    byReopening.set(from, { index: i + 1, path });
  }
  return [...byReopening.values()];
})();

const qa = qaRun();
// `npm run qa -- run job-lifecycle --browser` (or job-form: both replay the job's tables): the
// generator's paths of the four tables instead of the fixed walks.
if (qa?.browser)
  describeBrowserPaths(qa.machine === 'job-form' ? 'job form' : 'job lifecycle', jobBrowsers, qa);
else describeWalks();

function describeWalks() {
  describe('job model paths in a browser', () => {
    let app: RunningApp;
    let browser: Browser;
    let agent: BrowserContext & { appUrl: string };
    let company: BrowserContext & { appUrl: string };
    let setupPage: Page;
    let jobs: JobFactory;
    const demo = new Map<string, Job>();

    beforeAll(async () => {
      [app, browser] = await Promise.all([startApp(), launchBrowser()]);
      agent = Object.assign(await browser.newContext(), { appUrl: app.url });
      company = Object.assign(await browser.newContext(), { appUrl: app.url });
      setupPage = await agent.newPage();
      await signIn(setupPage, app.url, AGENT, { password: JOB_PASSWORD, landOn: /\/dashboard$/ });
      const companyPage = await company.newPage();
      await signIn(companyPage, app.url, COMPANY, { password: JOB_PASSWORD, landOn: /\/dashboard$/ });
      await companyPage.close();
      for (const status of ['active', 'archived']) {
        const list = await api<{ items: Job[] }>(
          setupPage,
          'GET',
          `/api/jobs/list?status=${status}&limit=100`,
        );
        for (const job of list.items) demo.set(String(job.values.title), job);
      }
      jobs = new JobFactory(
        (method, path, body) => api(setupPage, method, path, body),
        async () => demo.get('Full-Stack-Entwickler/in TypeScript') as Job,
      );
    });
    afterAll(async () => {
      const tables = [agentJob, newDraft, copyDraft, companyRequest];
      const all = tables.reduce(
        (n, t) => n + Object.values(t.states).reduce((m, row) => m + Object.keys(row).length, 0),
        0,
      );
      const ran = tables.reduce((n, t) => n + (walked.get(t)?.size ?? 0), 0);
      const shownStates = tables.flatMap((t) =>
        Object.keys(t.states)
          .filter((k) => !BUSY.test(k))
          .map((k) => [t, k] as const),
      );
      const saw = shownStates.filter(([t, k]) => seen.get(t)?.has(k)).length;
      process.stdout.write(
        `job model in the browser: ${saw}/${shownStates.length} table states a person sees, ${ran}/${all} table transitions walked\n`,
      );
      // The transitions out of states a person sees that no walk takes (the unit test replays them all).
      const notWalked = tables.flatMap((t) =>
        Object.entries(t.states)
          .filter(([k]) => !BUSY.test(k))
          .flatMap(([k, row]) => Object.keys(row).map((e) => `${k} --${e}-->`))
          .filter((name) => !walked.get(t)?.has(name)),
      );
      process.stdout.write(
        `not walked from a resting state (${notWalked.length}): ${notWalked.join('; ')}\n`,
      );
      await browser?.close();
      await app?.stop();
    });

    it('every walk is a path of its table', () => {
      for (const walk of [...RESULT_WALKS, ...EDITOR_WALKS])
        expect(() => stepsOf(walk), walk.name).not.toThrow();
    });

    it.each(RESULT_WALKS.map((w) => [w.name, w] as const))('results page: %s', async (_name, walk) => {
      const job = walk.demoJob ? (demo.get(walk.demoJob) as Job) : null;
      const name = `Modellpfad ${RESULT_WALKS.indexOf(walk) + 1}`;
      const setup = job
        ? { uuid: job.uuid, title: String(job.values.title) }
        : walk.stale
          ? await jobs.stale(name)
          : await jobs.fresh(name);
      await runWalk(agent, walk, setup);
    });

    it.each(EDITOR_WALKS.map((w) => [w.name, w] as const))('editor: %s', async (_name, walk) => {
      const setup =
        walk.screen === 'editor' || walk.screen === 'copy'
          ? await jobs.fresh(`Editorpfad ${EDITOR_WALKS.indexOf(walk) + 1}`)
          : { uuid: null, title: '' };
      await runWalk(walk.screen === 'company' ? company : agent, walk, setup);
    });

    describe('generated paths that move between the results page and the editor', () => {
      let shots: string;
      beforeAll(() => {
        shots = mkdtempSync(join(tmpdir(), 'matchwerk-job-paths-'));
      });
      afterAll(() => rmSync(shots, { recursive: true, force: true }));
      const agentBrowser = jobBrowsers.find((d) => d.spec === agentJob);

      it('there is one for each run the job is reopened with: done, failed, cancelled', () => {
        expect(MOVING.map((p) => p.path.steps.map((s) => s.event))).toEqual([
          ['loadedRunning', 'upDone', 'edit'],
          ['loadedRunning', 'upFailed', 'edit'],
          ['loadedRunning', 'upCancelled', 'edit'],
        ]);
      });

      it.each(MOVING.map((p) => [p.index, p.path.name, p] as const))(
        'path %i (%s), walked by the QA driver',
        async (index, _name, { path }) => {
          if (!agentBrowser) throw new Error('no browser driver for the existing job');
          // The walks' instance (the existing job's paths need no server settings of their own).
          const instances = new Instances(app);
          const result = await walkPath(
            agentBrowser,
            browser,
            instances,
            path,
            index,
            join(shots, `path-${index}`),
          );
          expect(result.failure, JSON.stringify(result.failure)).toBeUndefined();
          expect(result.status).toBe('passed');
          // The reopened editor is looked at, not only photographed.
          expect(result.steps.at(-1)?.looked).toBe(true);
          for (const s of path.steps) {
            seen.get(agentJob)?.add(s.expect.target);
            walked.get(agentJob)?.add(`${s.from} --${s.event}-->`);
          }
        },
      );
    });

    it('the walks reached every state of the tables a person sees', () => {
      const missing: string[] = [];
      for (const table of [agentJob, newDraft, copyDraft, companyRequest]) {
        // A state the table labels by what the machine remembers (archived#done, dirty#tooLong) is
        // one screen: reaching one of its labels reaches it (the in-process run replays them all).
        const states = new Set(
          Object.keys(table.states)
            .filter((k) => !BUSY.test(k))
            .map(shownState),
        );
        const reached = new Set([...(seen.get(table) ?? [])].map(shownState));
        for (const s of states) if (!reached.has(s)) missing.push(s);
      }
      expect(missing).toEqual([]);
    });
  });
}
