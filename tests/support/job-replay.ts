import { expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { Run } from '../../contract/job';
import type * as FormModule from '../../src/machines/jobs/job-form.machine';
import type * as LifecycleModule from '../../src/machines/jobs/job-lifecycle.machine';
import { deferredActors } from './deferred-actors';
import {
  ARCHIVED,
  agentJob,
  ask,
  companyRequest,
  copyDraft,
  EVENTS,
  fields,
  newDraft,
  run,
  S,
  SAVED,
  SAVED_STALE,
  STALE,
  STORED,
  THEIRS,
  TOO_LONG,
} from './job-table';
import { describeModelTable, type Inspector, type ModelTable, stateKey, type TableReplay } from './model';

/*
 * The job tables (job-table.ts) replayed on the job's two machines together: the lifecycle and its
 * `form` child are one job to the person using it, so a row names both (`active.editing.dirty|
 * active.run.idle`) and the driver shows them as one snapshot. Each machine's own test file
 * (job-lifecycle.model.test.ts, job-form.model.test.ts) replays them, so a mutant of either machine
 * meets the whole specification. The what-if is a stand-in that records every question it is asked.
 */

export type JobModules = { lifecycle: typeof LifecycleModule; form: typeof FormModule };

export interface JobConfig {
  uuid: string | null;
  copyOf?: string | null;
  asCompany: boolean;
}

const formOfSaved = { values: SAVED.values, criteria: SAVED.criteria };
const IDS = ['loadJob', 'changeStatus', 'deleteJob', 'requestRun', 'createJob', 'saveJob'] as const;
/** setTimeout(0) waits a millisecond; the replays send thousands of events, and need only the promises settled. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** The lifecycle and its form started as one job, driven by the tables' event names. */
export function startJob({ lifecycle, form }: JobModules, config: JobConfig, inspect: Inspector) {
  const fx = deferredActors(IDS);
  const calls: { src: string; input: unknown }[] = [];
  const record = (src: string, input: unknown) => calls.push({ src, input });
  let watcher: ((event: { type: 'job.runUpdate'; run: Run }) => void) | null = null;
  const actor = createActor(
    lifecycle.jobLifecycleMachine.provide({
      actors: {
        loadJob: fx.actors.loadJob,
        changeStatus: fx.actors.changeStatus,
        deleteJob: fx.actors.deleteJob,
        requestRun: fx.actors.requestRun,
        watchRun: fromCallback(({ sendBack, input }) => {
          record('watchRun', input);
          watcher = sendBack as typeof watcher;
          return () => {
            watcher = null;
          };
        }),
        form: form.jobFormMachine.provide({
          actors: {
            createJob: fx.actors.createJob,
            saveJob: fx.actors.saveJob,
            // Each question the form asks the what-if, with what it asks about.
            whatIf: fromCallback(({ receive }) => {
              receive((event) => {
                const { type, query } = event as { type: string; query?: unknown };
                record('whatIf', type === 'preview.update' ? query : event);
              });
            }) as never,
          },
        }),
      },
      // The results page reloads its lists.
      actions: { resultsReplaced: () => record('resultsReplaced', null) },
    }),
    { input: { ...config, fields }, inspect },
  );
  // The page opens the editor on a copy.
  actor.on('job.openCopy', ({ uuid }) => record('openCopy', { uuid }));
  // The page offers to undo an archiving it just did.
  actor.on('job.archived', ({ uuid }) => record('archivedNotice', { uuid }));
  actor.start();
  let seen = 0;
  const callsNow = () => {
    for (const c of fx.calls.slice(seen)) record(c.id, c.input);
    seen = fx.calls.length;
    return [...calls];
  };
  const formActor = () => lifecycle.jobFormOf(actor.getSnapshot());
  const settle = (id: (typeof IDS)[number], outcome: 'done' | 'error', value: unknown) => {
    callsNow();
    if (fx.pending(id) > 0) fx.settle(id, outcome, value);
  };
  const lastInput = (id: string) =>
    [...fx.calls].reverse().find((c) => c.id === id)?.input as { status?: string };
  const update = (r: Run) => {
    // Sent as the watcher would; outside a run in flight nobody listens, so the machine is told directly.
    if (watcher) watcher({ type: 'job.runUpdate', run: r });
    else actor.send({ type: 'job.runUpdate', run: r });
  };
  const toForm = (event: FormModule.JobFormEvent) => formActor()?.send(event);
  const send = async (event: string) => {
    callsNow();
    switch (event) {
      case 'edit': {
        // A change of the title, as the browser driver types one: after a save that stored 'Neu',
        // typing 'Neu' again would be no change at all (tests/e2e/job-driver.ts appends "– geändert").
        const saved = formActor()?.getSnapshot().context.saved.values.title;
        toForm({ type: 'job.change', key: 'title', value: saved === 'Neu' ? 'Neu – geändert' : 'Neu' });
        break;
      }
      case 'editBack':
        toForm({
          type: 'job.change',
          key: 'title',
          value: formActor()?.getSnapshot().context.saved.values.title ?? '',
        });
        break;
      case 'criterion':
        toForm({
          type: 'job.criterion',
          key: 'skills',
          patch: config.asCompany ? { value: ['go'] } : { value: ['go'], weight: 5, must: true },
        });
        break;
      case 'saveTooLong':
        toForm({ type: 'job.change', key: 'title', value: TOO_LONG });
        toForm({ type: 'job.save' });
        break;
      case 'save':
      case 'saveAndRun':
      case 'rollback':
      case 'keepMine':
      case 'takeTheirs':
        toForm({ type: `job.${event}` } as FormModule.JobFormEvent);
        break;
      case 'run':
      case 'archive':
      case 'activate':
      case 'duplicate':
      case 'delete':
      case 'retry':
        actor.send({ type: `job.${event}` } as never);
        break;
      case 'loaded':
        settle('loadJob', 'done', { job: STORED, run: null });
        break;
      case 'loadedRunning':
        settle('loadJob', 'done', { job: STORED, run: run('running', 40) });
        break;
      case 'loaded:done':
        settle('loadJob', 'done', { job: STORED, run: run('done', 100) });
        break;
      case 'loaded:failed':
      case 'loaded:cancelled':
        settle('loadJob', 'done', { job: STORED, run: run(event.slice(7) as Run['state'], 40) });
        break;
      case 'none':
        break;
      case 'loadedStale':
        settle('loadJob', 'done', { job: STALE, run: run('done', 100) });
        break;
      case 'loadedArchived':
        settle('loadJob', 'done', { job: ARCHIVED, run: null });
        break;
      case 'loadFailed':
        settle('loadJob', 'error', new TypeError('Failed to fetch'));
        break;
      case 'created':
        settle('createJob', 'done', SAVED);
        break;
      case 'createRejected':
        settle('createJob', 'error', new form.JobSaveRejected({ title: ['field.too_long'] }));
        break;
      case 'saved':
        settle('saveJob', 'done', SAVED);
        break;
      case 'savedStale':
        settle('saveJob', 'done', SAVED_STALE);
        break;
      case 'saveConflict':
        settle('saveJob', 'error', new form.JobSaveConflict(THEIRS));
        break;
      case 'saveRejected':
        settle('saveJob', 'error', new form.JobSaveRejected({ title: ['field.too_long'] }));
        break;
      case 'saveFailed':
        settle('saveJob', 'error', new TypeError('Failed to fetch'));
        settle('createJob', 'error', new TypeError('Failed to fetch'));
        break;
      case 'runQueued':
        settle('requestRun', 'done', run('queued', 0));
        break;
      case 'runRunning':
        settle('requestRun', 'done', run('running', 40));
        break;
      case 'runRefused':
        settle('requestRun', 'error', { code: 'job.archived' });
        break;
      case 'upQueued':
        update(run('queued', 0));
        break;
      case 'upRunning':
        update(run('running', 40));
        break;
      case 'upDone':
        update(run('done', 100));
        break;
      case 'upFailed':
        update(run('failed', 40));
        break;
      case 'upCancelled':
        update(run('cancelled', 40));
        break;
      case 'statusOk':
        settle('changeStatus', 'done', lastInput('changeStatus')?.status === 'archived' ? ARCHIVED : STORED);
        break;
      case 'statusFailed':
        settle('changeStatus', 'error', new TypeError('Failed to fetch'));
        break;
      case 'deleted':
        settle('deleteJob', 'done', undefined);
        break;
      case 'deleteFailed':
        settle('deleteJob', 'error', new TypeError('Failed to fetch'));
        break;
      default:
        throw new Error(`no such event ${event}`);
    }
    await settled();
  };
  return {
    send,
    /** The job as one: the form's state inside the lifecycle's (`draft.dirty`, `active.editing.clean`), both contexts, both tags. */
    snapshot() {
      const job = actor.getSnapshot();
      const formSnapshot = formActor()?.getSnapshot();
      if (!formSnapshot) return { value: job.value, context: job.context, tags: job.tags as Set<string> };
      const { fields: _f, asCompany: _a, job: _j, error, ...formContext } = formSnapshot.context;
      const value = job.matches('draft')
        ? { draft: formSnapshot.value }
        : { active: { editing: formSnapshot.value, run: (job.value as { active: unknown }).active } };
      return {
        value,
        context: { ...job.context, ...formContext, error: error ?? job.context.error },
        tags: new Set([...job.tags, ...formSnapshot.tags]),
      };
    },
    calls: callsNow,
    actor,
    form: formActor,
  };
}

export const loadJobModules = async (): Promise<JobModules> => ({
  lifecycle: await import('../../src/machines/jobs/job-lifecycle.machine'),
  form: await import('../../src/machines/jobs/job-form.machine'),
});

const replay = (name: string, table: TableReplay<JobModules>['table'], config: JobConfig) => ({
  name,
  table,
  start: (modules: JobModules, inspect: Inspector) => startJob(modules, config, inspect),
});

/** The job's four tables and how each opens the job (the QA tool's and the model tests' table names). */
export const JOB_TABLES: { name: string; table: ModelTable; config: JobConfig }[] = [
  { name: 'agent, an existing job', table: agentJob, config: { uuid: 'j1', asCompany: false } },
  { name: 'agent, a new job', table: newDraft, config: { uuid: null, asCompany: false } },
  { name: 'agent, a copy', table: copyDraft, config: { uuid: null, copyOf: 'j1', asCompany: false } },
  { name: 'company, a request', table: companyRequest, config: { uuid: null, asCompany: true } },
];

/** The job model test: the four tables on both machines, every state and transition of both taken. */
export function describeJobTables(name: string) {
  describeModelTable<JobModules>({
    name,
    load: loadJobModules,
    machines: ({ lifecycle, form }) => [lifecycle.jobLifecycleMachine, form.jobFormMachine],
    tables: JOB_TABLES.map(({ name, table, config }) => replay(name, table, config)),
    // The form decides between clean and dirty as it starts: no inspection event shows that microstep.
    unvisited: ['jobForm:starting'],
    everyTransition: true,
    more: (modules, inspect) => {
      it('a company with its filed request may do nothing with it but read: every event is refused', async () => {
        const driver = startJob(modules(), { uuid: null, asCompany: true }, inspect);
        for (const step of ['edit', 'save', 'created']) await driver.send(step);
        expect(stateKey(driver.snapshot().value)).toBe(S('clean', 'idle'));
        const before = driver.snapshot();
        const calls = driver.calls().length;
        for (const event of EVENTS) {
          await driver.send(event);
          expect(driver.snapshot().value, event).toEqual(before.value);
          expect(driver.snapshot().context, event).toEqual(before.context);
          expect(driver.calls().length, event).toBe(calls);
        }
      });

      it('a company that opens its request, archived or after a run, may change nothing of it', async () => {
        for (const [load, events] of [
          ['loadedArchived', ['activate', 'delete', 'duplicate']],
          ['loaded:done', ['run', 'archive', 'delete', 'duplicate']],
        ] as const) {
          const driver = startJob(modules(), { uuid: 'j1', asCompany: true }, inspect);
          await driver.send(load);
          const before = driver.snapshot();
          const calls = driver.calls().length;
          for (const event of events) {
            await driver.send(event);
            expect(driver.snapshot().value, `${load}, ${event}`).toEqual(before.value);
            expect(driver.calls().length, `${load}, ${event}`).toBe(calls);
          }
        }
      });

      it('a job opened after its last run ended shows how that run ended, and may run again', async () => {
        for (const state of ['done', 'failed', 'cancelled'] as const) {
          const driver = startJob(modules(), { uuid: 'j1', asCompany: false }, inspect);
          await driver.send(`loaded:${state}`);
          expect(stateKey(driver.snapshot().value), state).toBe(S('clean', state));
          expect(driver.snapshot().context.run, state).toEqual(run(state, state === 'done' ? 100 : 40));
          expect(driver.actor.getSnapshot().can({ type: 'job.run' }), state).toBe(true);
        }
      });

      it('an archived job whose deletion failed stays archived and says why', async () => {
        const driver = startJob(modules(), { uuid: 'j1', asCompany: false }, inspect);
        for (const step of ['loadedArchived', 'delete', 'deleteFailed']) await driver.send(step);
        expect(driver.snapshot().value).toBe('archived');
        expect(driver.snapshot().context.error).toBe('network.unreachable');
        expect(driver.calls().map((c) => c.src)).toEqual(['loadJob', 'deleteJob']);
      });

      it('a criterion changed back to the stored one leaves the form clean, and the what-if is asked again', async () => {
        const driver = startJob(modules(), { uuid: 'j1', asCompany: false }, inspect);
        for (const step of ['loaded', 'criterion']) await driver.send(step);
        driver.form()?.send({ type: 'job.criterion', key: 'skills', patch: STORED.criteria[0] ?? null });
        await driver.send('none');
        expect(stateKey(driver.snapshot().value)).toBe(S('clean', 'idle'));
        expect(
          driver
            .calls()
            .filter((c) => c.src === 'whatIf')
            .map((c) => c.input),
        ).toEqual([
          { targetTypes: ['stella'], criteria: STORED.criteria },
          { targetTypes: ['stella'], criteria: [{ key: 'skills', value: ['go'], weight: 5, must: true }] },
          { targetTypes: ['stella'], criteria: STORED.criteria },
        ]);
      });

      it('after a save the form edits the saved job: the next save names its version, a rollback returns to it', async () => {
        const driver = startJob(modules(), { uuid: 'j1', asCompany: false }, inspect);
        for (const step of ['loaded', 'edit', 'save', 'saved']) await driver.send(step);
        driver.form()?.send({ type: 'job.change', key: 'title', value: 'Anders' });
        await driver.send('rollback');
        expect(driver.snapshot().context).toMatchObject({ form: formOfSaved });
        driver.form()?.send({ type: 'job.change', key: 'title', value: 'Anders' });
        const before = driver.calls().length;
        await driver.send('save');
        expect(driver.calls().slice(before)).toEqual([
          {
            src: 'saveJob',
            input: {
              uuid: 'j1',
              draft: { values: { ...SAVED.values, title: 'Anders' }, criteria: SAVED.criteria },
              version: SAVED.version,
            },
          },
        ]);
      });

      it('a new job shows a criterion taken away that it did not hold, and asks the what-if', async () => {
        const driver = startJob(modules(), { uuid: null, asCompany: false }, inspect);
        const before = driver.calls().length;
        driver.form()?.send({ type: 'job.criterion', key: 'skills', patch: null });
        await driver.send('none');
        expect(stateKey(driver.snapshot().value)).toBe('draft.clean');
        expect(driver.calls().slice(before)).toEqual([ask(['stella'], [])]);
      });
    },
  });
}
