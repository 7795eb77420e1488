import type { Browser, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { Job, Run } from '../../contract/job';
import type { BrowserDriver, BrowserPage } from '../qa/browser';
import { agentJob, companyRequest, copyDraft, EVENTS, newDraft } from '../support/job-table';
import { type Expectation, type ModelTable, type TablePath, tableState } from '../support/model';
import { api, pickTag, type RunningApp, signIn } from './harness';

/*
 * The job tables' events as a person does them in the real app, and their states as the screen shows
 * them (tests/support/job-table.ts: agentJob, newDraft, copyDraft, companyRequest): the steps of the
 * fixed walks (job-model.test.ts) and of the paths `npm run qa -- run job-lifecycle --browser`
 * generates. An event becomes what a person does on the screen that runs the machine (the results
 * page, the editor, the new-job and copy forms, a company's request), or, when it is the server's
 * answer, either the real answer or one given in its place at the network (a failure, a conflict, a
 * run's progress held at a step), so that every answer a table names can be seen. Busy states pass
 * too fast to look at and are not checked.
 *
 * An existing job (agentJob) has two screens: the results page shows the run's region and the job's
 * status (run, archive, re-activate, delete, duplicate), the editor the form's (edit, save, roll back,
 * a conflict). A generated path moves between them where both regions are at rest and a reload shows
 * the same state (the server holds it, or the network gives the run the path heard); a step that
 * needs the other screen while the form holds unsaved changes or a run is in flight cannot be given,
 * and the path is not walked (planJobPath says which step and why).
 */

export type JobScreen = 'results' | 'editor' | 'draft' | 'copy' | 'company';

export interface JobStep {
  event: string;
  from: string;
  expect: Expectation;
}

/** One job screen being walked: what the page must show and what the network is told to answer. */
export interface JobPage {
  page: Page;
  table: ModelTable;
  screen: JobScreen;
  /** A label for failure messages (the walk's or the path's name). */
  name: string;
  uuid: string | null;
  feed: RunFeed | null;
  /** The title the form must show now. */
  title: string;
  /** The title the form holds as saved (what editBack and rollback go back to). */
  savedTitle: string;
  /**
   * The title the server holds: a reload, a copy and "take theirs" show it. It differs from savedTitle
   * after someone else saved: keepMine takes their version but keeps the form's saved values.
   */
  serverTitle: string;
  /** The walk left the screen (duplicate opens the copy). */
  left: boolean;
  /** The job has a run on the server (a results page in `idle` then no longer says it never ran). */
  ran: boolean;
  /** Net presses of the first weight's slider since the form was saved (editBack takes them back). */
  weightShift: number;
}

/** A path of the table along these events (a fixed walk, a hand-written case); throws where the table does not take one. */
export function pathAlong(table: ModelTable, events: string[], name = events.join(' ')): TablePath {
  let state = table.initial;
  const steps = events.map((event) => {
    const expect = table.states[state]?.[event];
    if (!expect) throw new Error(`${name}: ${state} does not take ${event}`);
    const step = { from: state, event, expect };
    state = expect.target;
    return step;
  });
  return { name, steps };
}

export const BUSY = /loading|requesting|saving|creating|archiving|activating|deleting/;
/** The results page's actions, by the table event each sends. */
export const RESULT_ACTIONS: Record<string, string> = {
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

export const JOB_PASSWORD = 'Matchwerk-Demo-2026';
export const AGENT = 'agent@matchwerk.example';
export const COMPANY = 'company@matchwerk.example';
/** How long a screen may take to show a state (a page load, a request). */
const WAIT = 10_000;

/** A call of the API: from a signed-in page (`api`) or from Node with a token (`nodeApi`). */
export type ApiCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function nodeApi(url: string, token: string): ApiCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (answer.status === 204 ? null : await answer.json()) as T;
  };
}

const errorBody = (status: number, code: string, fields?: Record<string, string[]>) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ status, code, message: code, requestId: 'walk', ...(fields ? { fields } : {}) }),
});

/**
 * The run's state as the page hears it: every event stream and, once a run was asked for, every poll
 * of the latest run is held until the walk answers it with a state of the table (`up…`), or lets the
 * server answer (`upDone`: the real run is done by then). Outside those, a run the walk made up (a
 * failed or cancelled one, `faked`; a run in flight as the page opens, `fakeOnce`) is what the page
 * loads.
 */
export class RunFeed {
  private held: Route[] = [];
  holdPolls = false;
  run: Run | null = null;
  /** The next load of the latest run is answered with this (once). */
  fakeOnce: Run | null = null;
  /** Every load of the latest run that is not held is answered with this. */
  faked: Run | null = null;

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
        if (route.request().method() !== 'GET') return void route.fallback();
        const fake = this.fakeOnce ?? (this.holdPolls ? null : this.faked);
        if (fake) {
          this.fakeOnce = null;
          return void route.fulfill({ status: 200, json: { run: fake } });
        }
        if (!this.holdPolls) return void route.continue();
        this.held.push(route);
      },
    );
  }

  /** The run is no longer watched (archived, deleted): the streams held for it were given up by the page. */
  drop() {
    this.held = [];
  }

  /** The page leaves the job (duplicate, another screen): its next requests are answered again. */
  async release() {
    this.holdPolls = false;
    for (const route of this.held.splice(0)) await route.continue().catch(() => undefined);
  }

  private async next(): Promise<Route> {
    await expect
      .poll(() => this.held.length, { timeout: 10_000, message: 'the page asks for the run' })
      .toBe(1);
    return this.held.shift() as Route;
  }

  /** The run as the walk makes it up: the real one in another state. */
  made(state: Run['state']): Run {
    return { ...(this.run as Run), state, progress: state === 'queued' ? 0 : 40 };
  }

  async answer(state: Run['state'] | 'server') {
    const route = await this.next();
    if (state === 'server') return route.continue();
    const run = this.made(state);
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

const title = (page: Page) => page.getByLabel('Titel', { exact: false });
/** A copy's title as the German editor starts it. */
export const copyTitle = (original: string) => `Kopie von ${original}`;
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saveButton = (page: Page, screen: JobScreen) =>
  button(page, screen === 'company' ? 'Anfrage senden' : 'Job speichern');
const weight = (page: Page) => page.getByRole('slider', { name: /^Gewichtung von/ }).first();

/** What the server is made to answer to the step after this one, set up before the person acts. */
async function prepare(ctx: JobPage, next: string | undefined) {
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
        { times: 1 },
      );
      break;
    case 'deleteFailed':
      await page.route(
        jobPath,
        (route) => (route.request().method() === 'DELETE' ? route.abort() : route.fallback()),
        { times: 1 },
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
    case 'savedStale':
      // The save changed criteria a run scored: the server's answer says so (this job never ran).
      await page.route(
        jobPath,
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback();
          const response = await route.fetch();
          const job = (await response.json()) as Job;
          await route.fulfill({ response, json: { ...job, criteriaChangedSinceRun: true } });
        },
        { times: 1 },
      );
      break;
    case 'saveConflict': {
      // Someone else saves the job first: the page's save names a version that is no longer current.
      const current = await api<Job>(page, 'GET', `/api/job/${uuid}`);
      const theirs = `${ctx.serverTitle} (von Kim)`;
      await api(page, 'POST', `/api/job/${uuid}`, {
        values: { ...current.values, title: theirs },
        criteria: current.criteria,
        version: current.version,
      });
      ctx.serverTitle = theirs;
      break;
    }
  }
}

/** Presses the first weight's slider once, up where it can go up (down at its top). */
async function pressWeight(page: Page, direction: 1 | -1): Promise<1 | -1> {
  const slider = weight(page);
  await slider.focus();
  if (direction === 1) {
    const now = Number(await slider.getAttribute('aria-valuenow'));
    const max = Number((await slider.getAttribute('aria-valuemax')) ?? 5);
    if (now >= max) direction = -1;
  }
  await slider.press(direction === 1 ? 'ArrowRight' : 'ArrowLeft');
  return direction;
}

/** What the person does for a table event (nothing when it is the server's answer, or a held answer). */
export async function jobAct(ctx: JobPage, step: JobStep, next: string | undefined): Promise<void> {
  const { page, screen } = ctx;
  await prepare(ctx, next);
  switch (step.event) {
    case 'retry':
      await button(page, 'Erneut versuchen').click();
      break;
    case 'run': {
      if (ctx.feed) {
        ctx.feed.holdPolls = true;
        ctx.feed.faked = null;
      }
      const answer = page.waitForResponse(
        (r) => r.url().endsWith(`/api/job/${ctx.uuid}/run`) && r.request().method() === 'POST',
      );
      await button(page, 'Matching starten').click();
      if (ctx.feed && next !== 'runRefused') {
        ctx.feed.run = ((await (await answer).json()) as { run: Run }).run;
        ctx.ran = true;
      }
      break;
    }
    case 'upQueued':
      await ctx.feed?.answer('queued');
      break;
    case 'upRunning':
      await ctx.feed?.answer('running');
      break;
    case 'upFailed':
    case 'upCancelled': {
      const state = step.event === 'upFailed' ? 'failed' : 'cancelled';
      await ctx.feed?.answer(state);
      // The page heard a run end so: reloaded (on the other screen), it hears the same.
      if (ctx.feed) ctx.feed.faked = ctx.feed.made(state);
      break;
    }
    case 'upDone':
      if (ctx.feed) ctx.feed.faked = null;
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
      // Back to what the form holds as saved (a copy: its title emptied, as the copy's table says).
      ctx.title = screen === 'copy' ? '' : ctx.savedTitle;
      await title(page).fill(ctx.title);
      while (screen === 'editor' && ctx.weightShift !== 0) {
        ctx.weightShift -= await pressWeight(page, ctx.weightShift > 0 ? -1 : 1);
      }
      break;
    case 'saveTooLong':
      // The field keeps to the catalogue's length, so a person cannot type a title too long: an empty
      // one is the invalid title they can give, refused by the same check before anything is sent.
      ctx.title = '';
      await title(page).fill('');
      await saveButton(page, screen).click();
      break;
    case 'criterion':
      // A saved job and its copy hold the demo job's criteria (its skills picked already): a weight moves.
      if (screen === 'editor' || screen === 'copy') {
        ctx.weightShift += await pressWeight(page, 1);
      } else {
        // A company's request form has the employment types, not the agent's skills.
        await pickTag(
          page,
          screen === 'company' ? 'Beschäftigungsarten' : 'Kenntnisse',
          screen === 'company' ? 'Vollzeit' : 'SQL',
        );
      }
      break;
    case 'save':
      await saveButton(page, screen).click();
      break;
    case 'saveAndRun':
      await button(page, 'Speichern und Matching starten').click();
      break;
    case 'saved':
    case 'savedStale':
    case 'created':
      ctx.savedTitle = ctx.title;
      ctx.serverTitle = ctx.title;
      ctx.weightShift = 0;
      break;
    case 'rollback':
      ctx.title = ctx.savedTitle;
      ctx.weightShift = 0;
      await button(page, 'Änderungen verwerfen').click();
      break;
    case 'keepMine':
      await button(page, 'Meine Fassung behalten').click();
      break;
    case 'takeTheirs':
      ctx.title = ctx.serverTitle;
      ctx.savedTitle = ctx.serverTitle;
      ctx.weightShift = 0;
      await button(page, 'Deren Fassung übernehmen').click();
      break;
    default:
      // The server's answer to the step before (real, or given at the network): nothing to do but look.
      break;
  }
}

const shown = (page: Page, name: string) => button(page, name).count();

/**
 * What the screen shows in a state of the table; false where it was not looked at (busy states).
 * Where the table has a row for the state, exactly the actions the row takes are offered.
 */
export async function jobCheck(ctx: JobPage, step: Pick<JobStep, 'expect'>, label: string): Promise<boolean> {
  const { page, screen } = ctx;
  const key = step.expect.target;
  const state = tableState(key);
  if (ctx.left) {
    // duplicate: the machine stays where it was and the route opens the copy in the editor.
    await expect
      .poll(() => title(page).inputValue(), { message: label, timeout: WAIT })
      .toBe(copyTitle(ctx.serverTitle));
    return true;
  }
  if (BUSY.test(state)) return false;
  const row = ctx.table.states[key];
  const error = step.expect.context?.error;
  if (typeof error === 'string') {
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: MESSAGES[error] ?? error })
            .count(),
        { message: `${label}: error`, timeout: WAIT },
      )
      .toBe(1);
  }
  if (state === 'loadFailed') {
    await expect.poll(() => shown(page, 'Erneut versuchen'), { message: label, timeout: WAIT }).toBe(1);
  }
  if (screen === 'results') {
    if (state === 'deleted') {
      await expect
        .poll(() => page.getByText('Der Job wurde gelöscht.').count(), { message: label, timeout: WAIT })
        .toBe(1);
      return true;
    }
    // Exactly the actions the table's row takes are offered; those offered are waited for first, so
    // that a missing one is not taken from a screen still showing the state before.
    const taken = row ?? {};
    const actions = Object.entries(RESULT_ACTIONS).sort(
      ([a], [b]) => Number(b in taken) - Number(a in taken),
    );
    for (const [event, name] of actions) {
      await expect
        .poll(() => shown(page, name), { message: `${label}: ${name} offered?`, timeout: WAIT })
        .toBe(event in taken ? 1 : 0);
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
    // Idle after the status or a deletion failed keeps showing the run the job had: what the page says
    // of the last run is looked at only where the table's state names it.
    const lastRunKnown = !(state.endsWith('run.idle') && ctx.ran);
    if (state.endsWith('run.idle') && !ctx.ran) {
      const never = page.getByText('Dieser Job ist noch nicht gelaufen', { exact: false });
      await expect.poll(() => never.count(), { message: `${label}: never ran`, timeout: WAIT }).toBe(1);
    }
    if (lastRunKnown) {
      const failed = page.getByText('Der letzte Lauf ist fehlgeschlagen', { exact: false });
      await expect
        .poll(() => failed.count(), { message: `${label}: failed run`, timeout: WAIT })
        .toBe(state.endsWith('failed') ? 1 : 0);
    }
    if (state.endsWith('done')) {
      await expect
        .poll(() => page.getByRole('heading', { name: 'Letzter Lauf' }).count(), {
          message: label,
          timeout: WAIT,
        })
        .toBe(1);
    }
    if (lastRunKnown) {
      const stale = page.getByText('Die Kriterien wurden seit diesem Lauf geändert', { exact: false });
      await expect
        .poll(() => stale.count(), { message: `${label}: criteria changed since the run`, timeout: WAIT })
        .toBe(key.endsWith('#stale') ? 1 : 0);
    }
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
    return true;
  }
  if (state === 'loadFailed') return true;
  await expect
    .poll(() => title(page).inputValue(), { message: `${label}: title`, timeout: WAIT })
    .toBe(ctx.title);
  if (row) {
    // The editor and the drafts: saving is offered exactly where the row takes `save`.
    await expect
      .poll(() => saveButton(page, screen).isEnabled(), { message: `${label}: save offered?`, timeout: WAIT })
      .toBe('save' in row);
    await expect
      .poll(() => shown(page, 'Änderungen verwerfen'), {
        message: `${label}: rollback offered?`,
        timeout: WAIT,
      })
      .toBe('rollback' in row ? 1 : 0);
    // "Save and run" is offered (enabled) exactly where the row takes it: an agent's unsaved draft.
    await expect
      .poll(
        async () => {
          const runButton = button(page, 'Speichern und Matching starten');
          return (await runButton.count()) === 1 && (await runButton.isEnabled());
        },
        { message: `${label}: save and run offered?`, timeout: WAIT },
      )
      .toBe('saveAndRun' in row);
    for (const [event, name] of [
      ['keepMine', 'Meine Fassung behalten'],
      ['takeTheirs', 'Deren Fassung übernehmen'],
    ] as const) {
      await expect
        .poll(() => shown(page, name), { message: `${label}: ${name}?`, timeout: WAIT })
        .toBe(event in row ? 1 : 0);
    }
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
  if (screen === 'company') {
    const sent = page.getByText('Ihre Anfrage wurde gesendet', { exact: false });
    await expect.poll(() => sent.count(), { message: `${label}: sent`, timeout: WAIT }).toBe(saved ? 1 : 0);
  } else {
    // A saved job with nothing unsaved offers its results.
    const onward = state.startsWith('active.editing.clean|');
    await expect
      .poll(() => shown(page, 'Zu den Ergebnissen'), { message: `${label}: to the results`, timeout: WAIT })
      .toBe(onward ? 1 : 0);
  }
  return true;
}

export const screenPath = (screen: JobScreen, uuid: string | null) =>
  ({
    results: `/matchingJobResult/${uuid}`,
    editor: `/editJob/${uuid}`,
    copy: `/duplicate/${uuid}`,
    draft: '/newJob',
    company: '/newJob',
  })[screen];

/**
 * Opens a job screen for a walk: the failed loads its first step asks for, the run feed of an
 * existing job (a run in flight as it opens: `running`, the real run in that state).
 */
export async function openJobScreen(
  ctx: JobPage,
  url: string,
  first: string | undefined,
  running?: Run,
): Promise<void> {
  const { page } = ctx;
  const fed = Boolean(ctx.uuid && (ctx.screen === 'results' || ctx.screen === 'editor' || running));
  if (first === 'loadFailed' || fed) {
    // The results page's first calls travel in the boot script's batch (src/api/early-calls.ts),
    // which the routes below would not see: refused, the client asks for each path itself.
    await page.route(
      (u) => u.pathname === '/api/batch',
      (route) => route.abort(),
      { times: 2 },
    );
  }
  if (first === 'loadFailed') {
    await page.route(
      (u) => u.pathname === `/api/job/${ctx.uuid}`,
      (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()),
      { times: 1 },
    );
  }
  if (fed && ctx.uuid) {
    ctx.feed = new RunFeed(page, ctx.uuid);
    await ctx.feed.install();
    if (running) {
      ctx.feed.run = running;
      ctx.feed.fakeOnce = { ...running, state: 'running', progress: 40 };
      // The page watches the run it loaded: its stream is held; a poll after it, too.
      ctx.feed.holdPolls = ctx.screen === 'results';
    }
  }
  await page.goto(`${url}${screenPath(ctx.screen, ctx.uuid)}`);
}

/**
 * Moves an existing job's walk to its other screen, where both regions are at rest (planJobPath
 * allows no other move): the page reloads the job, the network gives the run the path heard.
 */
async function moveTo(ctx: JobPage, url: string, screen: JobScreen, from: string): Promise<void> {
  await ctx.feed?.release();
  // Leaving a copy (after duplicate) asks before its unsaved draft is dropped.
  ctx.page.once('dialog', (d) => void d.accept().catch(() => undefined));
  ctx.screen = screen;
  ctx.left = false;
  ctx.title = ctx.serverTitle;
  ctx.savedTitle = ctx.serverTitle;
  ctx.weightShift = 0;
  await ctx.page.goto(`${url}${screenPath(screen, ctx.uuid)}`);
  await jobCheck(ctx, { expect: { target: from } }, `${ctx.name}: reopened on the ${screen} in ${from}`);
}

// ————— Generated paths —————

/**
 * What a person does on the editor: the form's events, which the table lists first (EVENTS: a person's
 * events, the form's before the run's, then the server's answers); on the results page: RESULT_ACTIONS.
 */
const EDITOR_ACTIONS: string[] = EVENTS.slice(0, EVENTS.indexOf('run'));
/** The events given on the editor, and on the results page: a person's, then the server's answers. */
const EDITOR_EVENTS = new Set([
  ...EDITOR_ACTIONS,
  ...['saved', 'savedStale', 'saveConflict', 'saveRejected', 'saveFailed'],
]);
const RESULT_EVENTS = new Set([
  ...Object.keys(RESULT_ACTIONS),
  ...['runQueued', 'runRunning', 'runRefused', 'upQueued', 'upRunning', 'upDone', 'upFailed', 'upCancelled'],
  ...['statusOk', 'statusFailed', 'deleted', 'deleteFailed'],
]);
/** What a person does (the other events are the server's answers). */
const USER_EVENTS = new Set([...EDITOR_ACTIONS, ...Object.keys(RESULT_ACTIONS), 'retry']);

/** The job a path opens, by how its load answers. */
export type JobSetup = 'none' | 'fresh' | 'stale' | 'ran' | 'archived';
const SETUPS: Record<string, JobSetup> = {
  loaded: 'fresh',
  loadFailed: 'fresh',
  loadedStale: 'stale',
  loadedRunning: 'ran',
  loadedArchived: 'archived',
};

export interface JobPlan {
  screen: JobScreen;
  setup: JobSetup;
  /** Before step i, the walk moves to this screen. */
  moves: (JobScreen | undefined)[];
  /** Why the path cannot be walked (its first step without a browser action); else undefined. */
  why?: string;
}

const fixedScreen = (table: ModelTable): JobScreen | undefined =>
  table === newDraft
    ? 'draft'
    : table === copyDraft
      ? 'copy'
      : table === companyRequest
        ? 'company'
        : undefined;

/**
 * The screen a generated path is walked on, the job it opens, where it moves between the results
 * page and the editor, or the first step a browser cannot give and why.
 */
export function planJobPath(table: ModelTable, path: TablePath): JobPlan {
  const steps = path.steps;
  const fixed = fixedScreen(table);
  const first = steps[0]?.event ?? '';
  const setup: JobSetup = fixed === 'draft' || fixed === 'company' ? 'none' : (SETUPS[first] ?? 'fresh');
  const firstAction = steps.find((s) => EDITOR_EVENTS.has(s.event) || RESULT_EVENTS.has(s.event));
  const start: JobScreen =
    fixed ?? (firstAction && EDITOR_EVENTS.has(firstAction.event) ? 'editor' : 'results');
  const moves: (JobScreen | undefined)[] = [];
  const plan = (why?: string): JobPlan => ({ screen: start, setup, moves, ...(why ? { why } : {}) });
  let screen = start;
  let left = false;
  // What a reload would show of the run: the server's (none, or done: demo runs end at once), or the
  // one the network gives in its place (a failed or cancelled run the path heard).
  let ran = setup === 'stale' || setup === 'ran';
  let faked: string | null = null;
  let criterion = false;
  for (const [i, s] of steps.entries()) {
    const at = `step ${i + 1} (in ${s.from}: ${s.event})`;
    const state = tableState(s.from);
    if (BUSY.test(state) && USER_EVENTS.has(s.event)) {
      return plan(`${at}: a person acts while a request is in flight, and the real server answers first`);
    }
    if (fixed === 'draft' || fixed === 'company') {
      if (s.event === 'saveTooLong') {
        return plan(
          `${at}: the title field stops at the catalogue's length, and the empty title a person can give leaves a new draft with nothing to save`,
        );
      }
      if (s.event === 'editBack' && criterion) {
        return plan(`${at}: the picked criterion stays; the table's editBack empties the whole draft`);
      }
      if (s.event === 'criterion') criterion = true;
      continue;
    }
    if (fixed === 'copy') continue;
    const need = EDITOR_EVENTS.has(s.event) ? 'editor' : RESULT_EVENTS.has(s.event) ? 'results' : screen;
    if (need !== screen || left) {
      const parts = /^active\.editing\.(\w+)\|active\.run\.(.+)$/.exec(state);
      if (!parts) return plan(`${at}: ${state} is shown on one screen only`);
      if (parts[1] !== 'clean') {
        return plan(
          `${at}: the results page has no form; on the way there the editor's ${parts[1]} form would be lost`,
        );
      }
      const run = parts[2] as string;
      if (!['idle', 'done', 'failed', 'cancelled'].includes(run)) {
        return plan(
          `${at}: the run in flight is watched on the results page only; the editor does not show it`,
        );
      }
      const reloads = run === 'idle' ? !ran && !faked : run === 'done' ? ran && !faked : faked === run;
      if (!reloads) {
        return plan(
          `${at}: reopened, the job would not be in ${s.from} (the server holds ${faked ? `a ${faked} run` : ran ? 'a done run' : 'no run'})`,
        );
      }
      moves[i] = need;
      screen = need;
      left = false;
    }
    if (screen === 'editor' && /requesting|inFlight/.test(tableState(s.expect.target))) {
      return plan(
        `${at}: the run in flight is watched on the results page only; the editor does not show it`,
      );
    }
    if (s.event === 'run' && steps[i + 1]?.event !== 'runRefused') {
      ran = true;
      faked = null;
    }
    if (s.event === 'upFailed') faked = 'failed';
    if (s.event === 'upCancelled') faked = 'cancelled';
    if (s.event === 'upDone') faked = null;
    if (s.event === 'duplicate') left = true;
  }
  return plan();
}

/** A generated path's page: the walk's state and its plan. */
export interface JobBrowserRun extends BrowserPage, JobPage {
  plan: JobPlan;
}

/** Sessions of the demo's agent and company, per instance: a path's page starts signed in. */
const sessions = new Map<string, { credentials: string; at: number }>();

/**
 * The stored credentials of a demo account on an instance, signed in once (the server allows 30
 * logins per address in five minutes; a run walks more paths than that). Signed in again after ten
 * minutes, before the access token (15 minutes) would need refreshing by several pages at once.
 */
async function credentialsOf(browser: Browser, app: RunningApp, email: string): Promise<string> {
  const key = `${app.url} ${email}`;
  const known = sessions.get(key);
  if (known && Date.now() - known.at < 10 * 60_000) return known.credentials;
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await signIn(page, app.url, email, { password: JOB_PASSWORD, landOn: /\/dashboard$/ });
    const credentials = (await page.evaluate(() => localStorage.getItem('credentials'))) ?? '';
    sessions.set(key, { credentials, at: Date.now() });
    return credentials;
  } finally {
    await context.close();
  }
}

/** The demo's TypeScript job, per instance: the model of every job a path makes. */
const models = new Map<string, Job>();

/** Jobs for the walks, made through the API (by the agent). */
export class JobFactory {
  constructor(
    private call: ApiCall,
    private modelJob: () => Promise<Job>,
  ) {}

  /** A job of its own with the criteria of the demo's TypeScript job (never run yet). */
  async fresh(name: string): Promise<{ uuid: string; title: string }> {
    const model = await this.modelJob();
    const job = await this.call<Job>('PUT', '/api/job', {
      values: { ...model.values, title: name },
      criteria: model.criteria,
    });
    return { uuid: job.uuid, title: name };
  }

  /** A fresh job run to its end: its latest run is done. */
  async ran(name: string): Promise<{ uuid: string; title: string; run: Run }> {
    const fresh = await this.fresh(name);
    await this.call('POST', `/api/job/${fresh.uuid}/run`);
    let run: Run | null = null;
    await expect
      .poll(
        async () => {
          run = (await this.call<{ run: Run | null }>('GET', `/api/job/${fresh.uuid}/run`)).run;
          return run?.state;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    return { ...fresh, run: run as unknown as Run };
  }

  /** A job run to its end whose criteria then changed (a weight moved by one): its results are stale. */
  async stale(name: string): Promise<{ uuid: string; title: string }> {
    const fresh = await this.ran(name);
    const job = await this.call<Job>('GET', `/api/job/${fresh.uuid}`);
    const [first, ...rest] = job.criteria as { weight: number }[];
    await this.call('POST', `/api/job/${fresh.uuid}`, {
      values: job.values,
      criteria: [{ ...first, weight: first?.weight === 5 ? 4 : (first?.weight ?? 3) + 1 }, ...rest],
      version: job.version,
    });
    return fresh;
  }

  /** A fresh job, archived. */
  async archived(name: string): Promise<{ uuid: string; title: string }> {
    const fresh = await this.fresh(name);
    await this.call('POST', `/api/job/changestatus/${fresh.uuid}`, { status: 'archived' });
    return fresh;
  }
}

/** A run's own job titles: paths against a running instance make new jobs each time. */
const runId = Date.now().toString(36);

function jobBrowser(name: string, table: ModelTable): BrowserDriver<JobBrowserRun> {
  return {
    table: name,
    spec: table,
    undrivable: (path) => planJobPath(table, path).why,
    async start(base, path) {
      const plan = planJobPath(table, path);
      const browser = base.context.browser() as Browser;
      const asCompany = table === companyRequest;
      const [agent, own] = await Promise.all([
        credentialsOf(browser, base.app, AGENT),
        asCompany ? credentialsOf(browser, base.app, COMPANY) : undefined,
      ]);
      // The path's page starts signed in (its storage holds the session, as after a login).
      await base.context.addInitScript((value: string) => {
        if (!localStorage.getItem('credentials')) localStorage.setItem('credentials', value);
      }, own ?? agent);
      const call = nodeApi(base.app.url, (JSON.parse(agent) as { token: string }).token);
      const jobs = new JobFactory(call, async () => {
        let model = models.get(base.app.url);
        if (!model) {
          const list = await call<{ items: Job[] }>('GET', '/api/jobs/list?status=active&limit=100');
          model = list.items.find((j) => j.values.title === 'Full-Stack-Entwickler/in TypeScript');
          if (!model)
            throw new Error(`${base.app.url} has no demo job "Full-Stack-Entwickler/in TypeScript"`);
          models.set(base.app.url, model);
        }
        return model;
      });
      const jobName = `QA ${path.name.slice(0, 40)} ${runId}${Math.floor(Math.random() * 1e4)}`;
      let job: { uuid: string; title: string; run?: Run } | null = null;
      if (plan.setup === 'fresh') job = await jobs.fresh(jobName);
      if (plan.setup === 'stale') job = await jobs.stale(jobName);
      if (plan.setup === 'ran') job = await jobs.ran(jobName);
      if (plan.setup === 'archived') job = await jobs.archived(jobName);
      const original = job?.title ?? '';
      const run: JobBrowserRun = {
        ...base,
        plan,
        table,
        screen: plan.screen,
        name: path.name,
        uuid: job?.uuid ?? null,
        feed: null,
        // A copy starts titled "Kopie von …" (issue 22): that is what its draft holds and goes back to.
        title: plan.screen === 'copy' ? copyTitle(original) : plan.screen === 'editor' ? original : '',
        savedTitle: plan.screen === 'copy' ? copyTitle(original) : original,
        serverTitle: original,
        left: false,
        ran: plan.setup === 'stale' || plan.setup === 'ran',
        weightShift: 0,
      };
      // A job opened with its run in flight: the real (done) run, held at `running` by the network.
      const running = path.steps[0]?.event === 'loadedRunning' ? job?.run : undefined;
      await openJobScreen(run, base.app.url, path.steps[0]?.event, running);
      return run;
    },
    async act(run, path, i) {
      const step = path.steps[i] as JobStep;
      const move = run.plan.moves[i];
      if (move) await moveTo(run, run.app.url, move, step.from);
      await jobAct(run, step, path.steps[i + 1]?.event);
    },
    async check(run, path, i) {
      const step = path.steps[i] as JobStep;
      return jobCheck(
        run,
        step,
        `${path.name}: step ${i + 1}: ${step.from} --${step.event}--> ${step.expect.target}`,
      );
    },
    async finish(run) {
      // A page that still holds unsaved edits asks before it closes; the path is over.
      run.page.on('dialog', (d) => void d.accept().catch(() => undefined));
      await run.feed?.release();
    },
  };
}

/**
 * The job's browser drivers, one per table, named as the model tests name the tables
 * (tests/support/job-replay.ts): `npm run qa -- run job-lifecycle --browser` (and job-form, which
 * replays the same tables).
 */
export const jobBrowsers: BrowserDriver<JobBrowserRun>[] = [
  jobBrowser('agent, an existing job', agentJob),
  jobBrowser('agent, a new job', newDraft),
  jobBrowser('agent, a copy', copyDraft),
  jobBrowser('company, a request', companyRequest),
];
