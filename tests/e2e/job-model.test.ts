import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Run } from '../../contract/job';
import { agentJob, companyRequest, copyDraft, newDraft } from '../support/job-table';
import { type Expectation, type ModelTable, tableState } from '../support/model';
import { accessibilityViolations, launchBrowser, logIn, pickTag, type RunningApp, startApp } from './harness';

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
 * Not walked (the unit test replays every one of them on the machine; the run prints what is left):
 * - editing events beside a run (an edit while a run is in flight or done) and run events beside an
 *   edit (a run asked for while the form is dirty or in conflict): the machine's two regions never
 *   share a screen — the results page has no form, the editor no run controls, each has its own actor;
 * - `loadedRunning`: a job opened while its run is in flight (demo runs end within milliseconds);
 * - events taken while busy (an edit while saving, an archive while a run is being requested);
 * - a draft's `saveTooLong`: an empty draft cannot be saved at all, and a draft's invalid title is the
 *   editor walk's; the other draft rows are walked in the new-job table and not again in the others.
 * `WALK_SHOTS=<dir>` saves a screenshot of a step that failed.
 */

type ScreenKind = 'results' | 'editor' | 'draft' | 'copy' | 'company';

interface Walk {
  name: string;
  table: ModelTable;
  screen: ScreenKind;
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

interface Step {
  event: string;
  from: string;
  expect: Expectation;
}

/** The table's states along a walk; throws when the walk is not a path of the table. */
function stepsOf(walk: Walk): Step[] {
  let state = walk.table.initial;
  return walk.events.map((event) => {
    const expect = walk.table.states[state]?.[event];
    if (!expect) throw new Error(`${walk.name}: ${state} does not take ${event}`);
    const step = { event, from: state, expect };
    state = expect.target;
    return step;
  });
}

const BUSY = /loading|requesting|saving|creating|archiving|activating|deleting/;
/** The results page's actions, by the table event each sends. */
const RESULT_ACTIONS: Record<string, string> = {
  run: 'Matching starten',
  archive: 'Archivieren',
  activate: 'Reaktivieren',
  duplicate: 'Duplizieren',
  delete: 'Löschen',
};
const MESSAGES: Record<string, string> = {
  'network.unreachable': 'Matchwerk ist nicht erreichbar.',
  'job.archived': 'ist archiviert und kann nicht geändert werden.',
  'request.invalid': 'Bitte prüfen Sie die markierten Felder.',
};

const PASSWORD = 'Matchwerk-Demo-2026';
/** How long a screen may take to show a state (a page load, a request). */
const WAIT = 10_000;

/** The API as the signed-in page calls it, with its token (for setting up and for "someone else"). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = JSON.parse(localStorage.getItem('credentials') ?? '{}') as { token: string };
      const answer = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.status === 204 ? null : answer.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

const errorBody = (status: number, code: string, fields?: Record<string, string[]>) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ status, code, message: code, requestId: 'walk', ...(fields ? { fields } : {}) }),
});

/**
 * The run's state as the page hears it: every event stream and, once a run was asked for, every poll
 * of the latest run is held until the walk answers it with a state of the table (`up…`), or lets the
 * server answer (`upDone`: the real run is done by then).
 */
class RunFeed {
  private held: Route[] = [];
  holdPolls = false;
  run: Run | null = null;

  constructor(
    private page: Page,
    private uuid: string,
  ) {}

  async install() {
    await this.page.route(
      (url) => url.pathname === `/api/job/${this.uuid}/run/events`,
      (route) => void this.held.push(route),
    );
    await this.page.route(
      (url) => url.pathname === `/api/job/${this.uuid}/run`,
      (route) => {
        if (route.request().method() !== 'GET' || !this.holdPolls) return void route.continue();
        this.held.push(route);
      },
    );
  }

  /** The run is no longer watched (archived, deleted): the streams held for it were given up by the page. */
  drop() {
    this.held = [];
  }

  /** The page leaves the job (duplicate): its next requests are answered by the server again. */
  async release() {
    this.holdPolls = false;
    for (const route of this.held.splice(0)) await route.continue();
  }

  private async next(): Promise<Route> {
    await expect
      .poll(() => this.held.length, { timeout: 10_000, message: 'the page asks for the run' })
      .toBe(1);
    return this.held.shift() as Route;
  }

  async answer(state: Run['state'] | 'server') {
    const route = await this.next();
    if (state === 'server') return route.continue();
    const run = { ...(this.run as Run), state, progress: state === 'queued' ? 0 : 40 };
    if (route.request().url().endsWith('/events')) {
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `event: run\ndata: ${JSON.stringify(run)}\n\n`,
      });
    }
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ run }) });
  }
}

interface WalkContext {
  page: Page;
  walk: Walk;
  uuid: string | null;
  feed: RunFeed | null;
  /** The title the form must show now. */
  title: string;
  savedTitle: string;
  /** The walk left the screen (duplicate opens the copy). */
  left: boolean;
}

const title = (page: Page) => page.getByLabel('Titel', { exact: false });
/** A copy's title as the German editor starts it. */
const copyTitle = (original: string) => `Kopie von ${original}`;
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saveButton = (page: Page, walk: Walk) =>
  button(page, walk.screen === 'company' ? 'Anfrage senden' : 'Job speichern');

/** What the server is made to answer to the step after this one, set up before the person acts. */
async function prepare(ctx: WalkContext, next: string | undefined) {
  const { page, uuid } = ctx;
  const jobPath = (url: URL) => url.pathname === `/api/job/${uuid}`;
  switch (next) {
    case 'runRefused':
      await page.route(
        (url) => url.pathname === `/api/job/${uuid}/run`,
        (route) =>
          route.request().method() === 'POST'
            ? route.fulfill(errorBody(409, 'job.archived'))
            : route.fallback(),
        { times: 1 },
      );
      break;
    case 'runRunning':
      await page.route(
        (url) => url.pathname === `/api/job/${uuid}/run`,
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback();
          const response = await route.fetch();
          const body = (await response.json()) as { run: Run };
          await route.fulfill({ response, json: { run: { ...body.run, state: 'running', progress: 40 } } });
        },
        { times: 1 },
      );
      break;
    case 'statusFailed':
      await page.route(
        (url) => url.pathname === `/api/job/changestatus/${uuid}`,
        (route) => route.abort(),
        {
          times: 1,
        },
      );
      break;
    case 'deleteFailed':
      await page.route(
        jobPath,
        (route) => (route.request().method() === 'DELETE' ? route.abort() : route.fallback()),
        {
          times: 1,
        },
      );
      break;
    case 'saveFailed':
      await page.route(
        (url) => url.pathname === '/api/job' || jobPath(url),
        (route) => (['PUT', 'POST'].includes(route.request().method()) ? route.abort() : route.fallback()),
        { times: 1 },
      );
      break;
    case 'saveRejected':
    case 'createRejected':
      await page.route(
        (url) => url.pathname === '/api/job' || jobPath(url),
        (route) =>
          ['PUT', 'POST'].includes(route.request().method())
            ? route.fulfill(errorBody(400, 'request.invalid', { title: ['field.too_long'] }))
            : route.fallback(),
        { times: 1 },
      );
      break;
    case 'saveConflict': {
      // Someone else saves the job first: the page's save names a version that is no longer current.
      const current = await api<Job>(page, 'GET', `/api/job/${uuid}`);
      const theirs = `${ctx.savedTitle} (von Kim)`;
      await api(page, 'POST', `/api/job/${uuid}`, {
        values: { ...current.values, title: theirs },
        criteria: current.criteria,
        version: current.version,
      });
      ctx.savedTitle = theirs;
      break;
    }
  }
}

/** What the person does for a table event (nothing when it is the server's answer, or a held answer). */
async function act(ctx: WalkContext, step: Step, next: string | undefined) {
  const { page, walk } = ctx;
  await prepare(ctx, next);
  switch (step.event) {
    case 'retry':
      await button(page, 'Erneut versuchen').click();
      break;
    case 'run': {
      if (ctx.feed) ctx.feed.holdPolls = true;
      const answer = page.waitForResponse(
        (r) => r.url().endsWith(`/api/job/${ctx.uuid}/run`) && r.request().method() === 'POST',
      );
      await button(page, 'Matching starten').click();
      if (ctx.feed && next !== 'runRefused')
        ctx.feed.run = ((await (await answer).json()) as { run: Run }).run;
      break;
    }
    case 'upQueued':
      await ctx.feed?.answer('queued');
      break;
    case 'upRunning':
      await ctx.feed?.answer('running');
      break;
    case 'upFailed':
      await ctx.feed?.answer('failed');
      break;
    case 'upCancelled':
      await ctx.feed?.answer('cancelled');
      break;
    case 'upDone':
      await ctx.feed?.answer('server');
      break;
    case 'archive':
      ctx.feed?.drop();
      await button(page, 'Archivieren').click();
      break;
    case 'activate':
      await button(page, 'Reaktivieren').click();
      break;
    case 'delete':
      ctx.feed?.drop();
      await button(page, 'Löschen').click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Job löschen' }).click();
      break;
    case 'duplicate':
      await ctx.feed?.release();
      await button(page, 'Duplizieren').click();
      await page.waitForURL(/\/duplicate\//);
      ctx.left = true;
      break;
    case 'edit':
      ctx.title = `${ctx.savedTitle || 'Lagerhelfer/in Bremen'} – geändert`;
      await title(page).fill(ctx.title);
      break;
    case 'editBack':
      ctx.title = ctx.savedTitle;
      await title(page).fill(ctx.title);
      break;
    case 'saveTooLong':
      // The field keeps to the catalogue's length, so a person cannot type a title too long: an empty
      // one is the invalid title they can give, refused by the same check before anything is sent.
      ctx.title = '';
      await title(page).fill('');
      await saveButton(page, walk).click();
      break;
    case 'criterion':
      if (walk.screen === 'editor') {
        const weight = page.getByRole('slider', { name: /^Gewichtung von/ }).first();
        await weight.focus();
        await weight.press('ArrowRight');
      } else {
        // A company's request form has the employment types, not the agent's skills.
        await pickTag(
          page,
          walk.screen === 'company' ? 'Beschäftigungsarten' : 'Kenntnisse',
          walk.screen === 'company' ? 'Vollzeit' : 'SQL',
        );
      }
      break;
    case 'save':
      await saveButton(page, walk).click();
      break;
    case 'saved':
    case 'created':
      ctx.savedTitle = ctx.title;
      break;
    case 'rollback':
      ctx.title = ctx.savedTitle;
      await button(page, 'Änderungen verwerfen').click();
      break;
    case 'keepMine':
      await button(page, 'Meine Fassung behalten').click();
      break;
    case 'takeTheirs':
      ctx.title = ctx.savedTitle;
      await button(page, 'Deren Fassung übernehmen').click();
      break;
    default:
      // The server's real answer to the step before: nothing to do but look.
      break;
  }
}

const shown = (page: Page, name: string) => button(page, name).count();

/** What the screen shows in a state of the table (busy states are not looked at). */
async function check(ctx: WalkContext, step: Step) {
  const { page, walk } = ctx;
  const key = step.expect.target;
  const state = tableState(key);
  const label = `${walk.name}: ${step.from} --${step.event}--> ${key}`;
  if (ctx.left) {
    // duplicate: the machine stays where it was and the route opens the copy in the editor.
    await expect
      .poll(() => title(page).inputValue(), { message: label, timeout: WAIT })
      .toBe(copyTitle(ctx.savedTitle));
    return;
  }
  if (BUSY.test(state)) return;
  const row = walk.table.states[key] ?? {};
  const error = step.expect.context?.error;
  if (typeof error === 'string') {
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: MESSAGES[error] ?? error })
            .count(),
        {
          message: `${label}: error`,
          timeout: WAIT,
        },
      )
      .toBe(1);
  }
  if (state === 'loadFailed') {
    await expect.poll(() => shown(page, 'Erneut versuchen'), { message: label, timeout: WAIT }).toBe(1);
  }
  if (walk.screen === 'results') {
    if (state === 'deleted') {
      await expect
        .poll(() => page.getByText('Der Job wurde gelöscht.').count(), { message: label, timeout: WAIT })
        .toBe(1);
      return;
    }
    // Exactly the actions the table's row takes are offered; those offered are waited for first, so
    // that a missing one is not taken from a screen still showing the state before.
    const actions = Object.entries(RESULT_ACTIONS).sort(([a], [b]) => Number(b in row) - Number(a in row));
    for (const [event, name] of actions) {
      await expect
        .poll(() => shown(page, name), { message: `${label}: ${name} offered?`, timeout: WAIT })
        .toBe(event in row ? 1 : 0);
    }
    const progress = page.getByRole('progressbar');
    if (state.includes('inFlight')) {
      const value = state.endsWith('queued') ? '0' : '40';
      await expect
        .poll(() => progress.getAttribute('aria-valuenow'), { message: `${label}: progress`, timeout: WAIT })
        .toBe(value);
    } else {
      await expect.poll(() => progress.count(), { message: `${label}: no progress`, timeout: WAIT }).toBe(0);
    }
    // Idle: the job never ran (every walk's job is new, or its one run was refused).
    if (state.endsWith('run.idle')) {
      const never = page.getByText('Dieser Job ist noch nicht gelaufen', { exact: false });
      await expect.poll(() => never.count(), { message: `${label}: never ran`, timeout: WAIT }).toBe(1);
    }
    const failed = page.getByText('Der letzte Lauf ist fehlgeschlagen', { exact: false });
    await expect
      .poll(() => failed.count(), { message: `${label}: failed run`, timeout: WAIT })
      .toBe(state.endsWith('failed') ? 1 : 0);
    if (state.endsWith('done')) {
      await expect
        .poll(() => page.getByRole('heading', { name: 'Letzter Lauf' }).count(), {
          message: label,
          timeout: WAIT,
        })
        .toBe(1);
    }
    const stale = page.getByText('Die Kriterien wurden seit diesem Lauf geändert', { exact: false });
    await expect
      .poll(() => stale.count(), { message: `${label}: criteria changed since the run`, timeout: WAIT })
      .toBe(key.endsWith('#stale') ? 1 : 0);
    const archived = page.getByText('Dieser Job ist archiviert', { exact: false });
    await expect
      .poll(() => archived.count(), { message: `${label}: archived note`, timeout: WAIT })
      .toBe(state === 'archived' ? 1 : 0);
    if (state !== 'loadFailed') {
      const edit = page.getByRole('link', { name: 'Bearbeiten', exact: true });
      await expect
        .poll(() => edit.count(), { message: `${label}: edit link`, timeout: WAIT })
        .toBe(state === 'archived' ? 0 : 1);
    }
    return;
  }
  if (state === 'loadFailed') return;
  await expect
    .poll(() => title(page).inputValue(), { message: `${label}: title`, timeout: WAIT })
    .toBe(ctx.title);
  // The editor and the drafts: saving is offered exactly where the row takes `save`.
  await expect
    .poll(() => saveButton(page, walk).isEnabled(), { message: `${label}: save offered?`, timeout: WAIT })
    .toBe('save' in row);
  await expect
    .poll(() => shown(page, 'Änderungen verwerfen'), {
      message: `${label}: rollback offered?`,
      timeout: WAIT,
    })
    .toBe('rollback' in row ? 1 : 0);
  for (const [event, name] of [
    ['keepMine', 'Meine Fassung behalten'],
    ['takeTheirs', 'Deren Fassung übernehmen'],
  ] as const) {
    await expect
      .poll(() => shown(page, name), { message: `${label}: ${name}?`, timeout: WAIT })
      .toBe(event in row ? 1 : 0);
  }
  const summary = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie diese Felder:' });
  const titleError = (step.expect.context?.formErrors as Record<string, unknown> | undefined)?.title;
  if (titleError) {
    await expect
      .poll(() => summary.filter({ hasText: 'Titel' }).count(), {
        message: `${label}: summary`,
        timeout: WAIT,
      })
      .toBe(1);
  }
  const saved = state.startsWith('active');
  if (walk.screen === 'company') {
    const sent = page.getByText('Ihre Anfrage wurde gesendet', { exact: false });
    await expect.poll(() => sent.count(), { message: `${label}: sent`, timeout: WAIT }).toBe(saved ? 1 : 0);
  } else {
    const onward = state === 'active.editing.clean|active.run.idle';
    await expect
      .poll(() => shown(page, 'Zu den Ergebnissen'), { message: `${label}: to the results`, timeout: WAIT })
      .toBe(onward ? 1 : 0);
  }
}

const seen = new Map<ModelTable, Set<string>>();
/** The table transitions walked, as "state --event-->" per table. */
const walked = new Map<ModelTable, Set<string>>();

async function runWalk(context: BrowserContext, walk: Walk, setup: { uuid: string | null; title: string }) {
  const page = await context.newPage();
  const ctx: WalkContext = {
    page,
    walk,
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
    left: false,
  };
  const steps = stepsOf(walk);
  if (steps[0]?.event === 'loadFailed') {
    // The results page's job is also one of the boot script's early calls (src/api/early-calls.ts),
    // whose failure the client asks again: both must fail for the page to show the failed load.
    await page.route(
      (url) => url.pathname === `/api/job/${setup.uuid}`,
      (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()),
      { times: walk.screen === 'results' ? 2 : 1 },
    );
  }
  if (walk.screen === 'results' && setup.uuid) {
    ctx.feed = new RunFeed(page, setup.uuid);
    await ctx.feed.install();
  }
  const path = {
    results: `/matchingJobResult/${setup.uuid}`,
    editor: `/editJob/${setup.uuid}`,
    copy: `/duplicate/${setup.uuid}`,
    draft: '/newJob',
    company: '/newJob',
  }[walk.screen];
  await page.goto(`${(context as BrowserContext & { appUrl: string }).appUrl}${path}`);
  const visited = seen.get(walk.table) ?? new Set<string>();
  seen.set(walk.table, visited);
  visited.add(walk.table.initial);
  for (const [i, step] of steps.entries()) {
    try {
      await act(ctx, step, steps[i + 1]?.event);
      await check(ctx, step);
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

describe('job model paths in a browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let agent: BrowserContext & { appUrl: string };
  let company: BrowserContext & { appUrl: string };
  let setupPage: Page;
  const demo = new Map<string, Job>();

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    agent = Object.assign(await browser.newContext(), { appUrl: app.url });
    company = Object.assign(await browser.newContext(), { appUrl: app.url });
    setupPage = await agent.newPage();
    await logIn(setupPage, app.url, 'agent@matchwerk.example', {
      password: PASSWORD,
      landOn: /\/dashboard$/,
    });
    const companyPage = await company.newPage();
    await logIn(companyPage, app.url, 'company@matchwerk.example', {
      password: PASSWORD,
      landOn: /\/dashboard$/,
    });
    await companyPage.close();
    for (const status of ['active', 'archived']) {
      const list = await api<{ items: Job[] }>(setupPage, 'GET', `/api/jobs/list?status=${status}&limit=100`);
      for (const job of list.items) demo.set(String(job.values.title), job);
    }
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
    process.stdout.write(`not walked from a resting state (${notWalked.length}): ${notWalked.join('; ')}\n`);
    await browser?.close();
    await app?.stop();
  });

  /** A job of its own for a walk, with the criteria of the demo's TypeScript job (never run yet). */
  async function freshJob(name: string): Promise<{ uuid: string; title: string }> {
    const model = demo.get('Full-Stack-Entwickler/in TypeScript') as Job;
    const job = await api<Job>(setupPage, 'PUT', '/api/job', {
      values: { ...model.values, title: name },
      criteria: model.criteria,
    });
    return { uuid: job.uuid, title: name };
  }

  /** A fresh job run to its end, then its criteria changed (a weight up by one): its results are stale. */
  async function staleJob(name: string): Promise<{ uuid: string; title: string }> {
    const fresh = await freshJob(name);
    await api(setupPage, 'POST', `/api/job/${fresh.uuid}/run`);
    await expect
      .poll(
        async () =>
          (await api<{ run: { state: string } | null }>(setupPage, 'GET', `/api/job/${fresh.uuid}/run`)).run
            ?.state,
        {
          timeout: 60_000,
        },
      )
      .toBe('done');
    const job = await api<Job>(setupPage, 'GET', `/api/job/${fresh.uuid}`);
    const [first, ...rest] = job.criteria as { weight: number }[];
    await api(setupPage, 'POST', `/api/job/${fresh.uuid}`, {
      values: job.values,
      criteria: [{ ...first, weight: first!.weight === 5 ? 4 : first!.weight + 1 }, ...rest],
      version: job.version,
    });
    return fresh;
  }

  it('every walk is a path of its table', () => {
    for (const walk of [...RESULT_WALKS, ...EDITOR_WALKS])
      expect(() => stepsOf(walk), walk.name).not.toThrow();
  });

  it.each(RESULT_WALKS.map((w) => [w.name, w] as const))('results page: %s', async (_name, walk) => {
    const job = walk.demoJob ? (demo.get(walk.demoJob) as Job) : null;
    const setup = job
      ? { uuid: job.uuid, title: String(job.values.title) }
      : walk.stale
        ? await staleJob(`Modellpfad ${RESULT_WALKS.indexOf(walk) + 1}`)
        : await freshJob(`Modellpfad ${RESULT_WALKS.indexOf(walk) + 1}`);
    await runWalk(agent, walk, setup);
  });

  it.each(EDITOR_WALKS.map((w) => [w.name, w] as const))('editor: %s', async (_name, walk) => {
    const setup =
      walk.screen === 'editor' || walk.screen === 'copy'
        ? await freshJob(`Editorpfad ${EDITOR_WALKS.indexOf(walk) + 1}`)
        : { uuid: null, title: '' };
    await runWalk(walk.screen === 'company' ? company : agent, walk, setup);
  });

  it('the walks reached every state of the tables a person sees', () => {
    const missing: string[] = [];
    for (const table of [agentJob, newDraft, copyDraft, companyRequest]) {
      const states = Object.keys(table.states).filter((k) => !BUSY.test(k));
      for (const s of states) if (!seen.get(table)?.has(s)) missing.push(s);
    }
    expect(missing).toEqual([]);
  });
});
