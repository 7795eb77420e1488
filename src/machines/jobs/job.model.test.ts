import { afterAll, describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, fromCallback } from 'xstate';
import type { Run } from '../../../contract/job';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  ARCHIVED,
  agentJob,
  companyRequest,
  copyDraft,
  EVENTS,
  fields,
  newDraft,
  run,
  S,
  SAVED,
  STORED,
  THEIRS,
  TOO_LONG,
} from '../../../tests/support/job-table';
import {
  type ModelTable,
  recordVisits,
  replayPath,
  stateKey as stateKeyOf,
  stateNodePaths,
  tablePaths,
} from '../../../tests/support/model';
import { JobSaveConflict, JobSaveRejected, jobMachine } from './job.machine';

// The specification is tests/support/job-table.ts (the browser test walks the same tables).

interface Config {
  input: { uuid: string | null; copyOf?: string | null; asCompany: boolean };
}

const IDS = ['loadJob', 'createJob', 'saveJob', 'changeStatus', 'deleteJob', 'requestRun'] as const;
const visited = new Set<string>();

function start({ input }: Config) {
  const fx = deferredActors(IDS);
  const calls: { src: string; input: unknown }[] = [];
  const record = (src: string, value: unknown) => calls.push({ src, input: value });
  let watcher: ((event: { type: 'job.runUpdate'; run: Run }) => void) | null = null;
  const actors = Object.fromEntries(IDS.map((id) => [id, fx.actors[id]])) as Record<
    (typeof IDS)[number],
    never
  >;
  const actor = createActor(
    jobMachine.provide({
      actors: {
        ...actors,
        watchRun: fromCallback(({ sendBack, input: watchInput }) => {
          record('watchRun', watchInput);
          watcher = sendBack as typeof watcher;
          return () => {
            watcher = null;
          };
        }),
      },
      // What the route does for the machine: navigate to a copy, reload the results tables.
      actions: {
        openCopy: (_, copy) => record('openCopy', copy),
        resultsReplaced: () => record('resultsReplaced', null),
      },
    }),
    { input: { ...input, fields }, inspect: recordVisits(visited) },
  );
  actor.start();
  let seen = 0;
  const callsNow = () => {
    for (const c of fx.calls.slice(seen)) record(c.id, c.input);
    seen = fx.calls.length;
    return calls;
  };
  const settle = (id: (typeof IDS)[number], outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending(id) > 0) fx.settle(id, outcome, value);
  };
  const lastInput = (id: string) =>
    [...fx.calls].reverse().find((c) => c.id === id)?.input as { status?: string };
  const update = (r: Run) => {
    // Sent as the watcher would; outside a run in flight nobody listens, so the machine is told directly.
    if (watcher) watcher({ type: 'job.runUpdate', run: r });
    else actor.send({ type: 'job.runUpdate', run: r });
  };
  const send = async (event: string) => {
    switch (event) {
      case 'edit':
        actor.send({ type: 'job.change', key: 'title', value: 'Neu' });
        break;
      case 'editBack':
        actor.send({
          type: 'job.change',
          key: 'title',
          value: actor.getSnapshot().context.saved.values.title ?? '',
        });
        break;
      case 'criterion':
        actor.send({
          type: 'job.criterion',
          key: 'skills',
          patch: input.asCompany ? { value: ['go'] } : { value: ['go'], weight: 5, must: true },
        });
        break;
      case 'saveTooLong':
        actor.send({ type: 'job.change', key: 'title', value: TOO_LONG });
        actor.send({ type: 'job.save' });
        break;
      case 'save':
      case 'rollback':
      case 'keepMine':
      case 'takeTheirs':
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
        settle('createJob', 'error', new JobSaveRejected({ title: ['field.too_long'] }));
        break;
      case 'saved':
        settle('saveJob', 'done', SAVED);
        break;
      case 'saveConflict':
        settle('saveJob', 'error', new JobSaveConflict(THEIRS));
        break;
      case 'saveRejected':
        settle('saveJob', 'error', new JobSaveRejected({ title: ['field.too_long'] }));
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
      case 'statusOk': {
        const status = lastInput('changeStatus')?.status;
        settle('changeStatus', 'done', status === 'archived' ? ARCHIVED : STORED);
        break;
      }
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
    await flush();
  };
  return () => ({
    send,
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: callsNow,
  });
}

const tables: [string, ModelTable, Config][] = [
  ['agent, an existing job', agentJob, { input: { uuid: 'j1', asCompany: false } }],
  ['agent, a new job', newDraft, { input: { uuid: null, asCompany: false } }],
  ['agent, a copy', copyDraft, { input: { uuid: null, copyOf: 'j1', asCompany: false } }],
  ['company, a request', companyRequest, { input: { uuid: null, asCompany: true } }],
];
const executed = new Map<string, Set<string>>();

describe.each(tables)('job machine, %s, against its expectation table', (name, table, config) => {
  const paths = tablePaths(table);
  const done = new Set<string>();
  executed.set(name, done);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (pathName, path) => {
    // A start helper per path: the driver is made fresh by replayPath.
    const makeDriver = () => start(config)();
    await replayPath(table, path, makeDriver, (actual, expected, what) =>
      expect(actual, what).toEqual(expected),
    );
    done.add(pathName);
  });

  it('executed every transition of the table', () => {
    expect([...done].sort()).toEqual(paths.map((p) => p.name).sort());
  });
});

describe('job machine, a company with its filed request', () => {
  it('may do nothing with it but read: every event is refused', async () => {
    const driver = start({ input: { uuid: null, asCompany: true } })();
    for (const step of ['edit', 'save', 'created']) await driver.send(step);
    expect(stateKeyOf(driver.snapshot().value)).toBe(S('clean', 'idle'));
    const before = driver.snapshot();
    const calls = driver.calls().length;
    for (const event of EVENTS) {
      await driver.send(event);
      expect(driver.snapshot().value, event).toEqual(before.value);
      expect(driver.snapshot().context, event).toEqual(before.context);
      expect(driver.calls().length, event).toBe(calls);
    }
  });
});

describe('job machine coverage', () => {
  const all = stateNodePaths(jobMachine as AnyStateMachine);
  afterAll(() => {
    const transitions = tables.reduce((n, [, t]) => n + tablePaths(t).length, 0);
    const ran = [...executed.values()].reduce((n, s) => n + s.size, 0);
    process.stdout.write(
      `job model: ${all.filter((s) => visited.has(s)).length}/${all.length} states, ${ran}/${transitions} transitions\n`,
    );
  });

  it('visited every state node of the machine', () => {
    expect(all.filter((s) => !visited.has(s))).toEqual([]);
  });
});
