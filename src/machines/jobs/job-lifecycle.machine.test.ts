import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Job, Run } from '../../../contract/job';
import { flush } from '../../../tests/support/deferred-actors';
import { jobFixture, runFixture } from '../../../tests/support/job-fixtures';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/client';
import { jobActors } from './job-actors';
import { hasUnsavedJobChanges, jobLifecycleMachine, runProgress } from './job-lifecycle.machine';

const job = jobFixture;
const run = runFixture;

/** A job opened on its last run, with the status changes and the delete answered at once. */
function opened(last: Run | null) {
  return createActor(
    jobLifecycleMachine.provide({
      actors: {
        loadJob: fromPromise(async (): Promise<{ job: Job; run: Run | null }> => ({ job: job(), run: last })),
        changeStatus: fromPromise(async () => job({ status: 'archived' })),
        deleteJob: fromPromise(async (): Promise<void> => {}),
        watchRun: fromCallback(() => {}),
      },
    }),
    { input: { uuid: 'j1', copyOf: 'j2', fields: [], asCompany: false } },
  ).start();
}

describe('job machine', () => {
  it('needs the app to provide every call: each stand-in fails, naming the call', async () => {
    const calls = ['loadJob', 'changeStatus', 'deleteJob', 'requestRun', 'watchRun'];
    expect(await standInOutcomes(jobLifecycleMachine, calls, { uuid: 'j1' })).toEqual(
      Object.fromEntries(calls.map((name) => [name, `Error: ${name} is provided by the app`])),
    );
  });

  it('needs the app to provide its calls: the stand-in load fails', async () => {
    const actor = createActor(jobLifecycleMachine, {
      input: { uuid: 'j1', fields: [], asCompany: false },
    }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe('network.unreachable');
  });

  it('names a copy "Copy of …" in the language asked for, and keeps everything else of the original', async () => {
    const original = job({ values: { title: 'Lagerhelfer/in' } });
    const actor = createActor(
      jobLifecycleMachine.provide({
        actors: {
          loadJob: fromPromise(
            async (): Promise<{ job: Job; run: Run | null }> => ({ job: original, run: null }),
          ),
        },
      }),
      { input: { uuid: null, copyOf: 'j2', fields: [], asCompany: false, copyTitle: 'Kopie von {title}' } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('draft');
    const { copy, uuid } = actor.getSnapshot().context;
    expect(uuid).toBeNull();
    expect(copy?.values).toEqual({ ...original.values, title: 'Kopie von Lagerhelfer/in' });
    expect(copy?.criteria.length).toBe(original.criteria.length);
  });

  it('opens the job asked for, not a copy, and tells its run’s progress while the run is in flight', async () => {
    const actor = opened(run('running', 30));
    expect(actor.getSnapshot().context.copyOf).toBeNull();
    expect(runProgress(actor.getSnapshot())).toBeNull();
    await flush();
    expect(runProgress(actor.getSnapshot())).toBe(30);
    expect(hasUnsavedJobChanges(actor.getSnapshot())).toBe(false);
    const form = actor.getSnapshot().children.form;
    form?.send({ type: 'job.change', key: 'title', value: 'Neu' });
    expect(hasUnsavedJobChanges(actor.getSnapshot())).toBe(true);
  });

  it('archiving leaves a run that already ended as it was; a deleted job is done', async () => {
    const actor = opened(run('done', 100));
    await flush();
    actor.send({ type: 'job.archive' });
    await flush();
    expect(actor.getSnapshot().value).toBe('archived');
    expect(actor.getSnapshot().context.run?.state).toBe('done');
    actor.send({ type: 'job.delete' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('archiving a job whose run is in flight stops watching it and shows the run cancelled', async () => {
    let watching = false;
    const actor = createActor(
      jobLifecycleMachine.provide({
        actors: {
          loadJob: fromPromise(
            async (): Promise<{ job: Job; run: Run | null }> => ({ job: job(), run: run('running', 30) }),
          ),
          changeStatus: fromPromise(async () => job({ status: 'archived' })),
          watchRun: fromCallback(() => {
            watching = true;
            return () => {
              watching = false;
            };
          }),
        },
      }),
      { input: { uuid: 'j1', fields: [], asCompany: false } },
    ).start();
    await flush();
    expect(actor.getSnapshot().hasTag('running')).toBe(true);
    expect(watching).toBe(true);

    actor.send({ type: 'job.archive' });
    await flush();

    expect(actor.getSnapshot().value).toBe('archived');
    expect(actor.getSnapshot().context.run?.state).toBe('cancelled');
    expect(watching).toBe(false);
    expect(actor.getSnapshot().can({ type: 'job.run' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'job.activate' })).toBe(true);
  });
});

describe('watching a run', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeApi(streamBody: string | Error, polled: Run[]): ApiClient & { polls: number } {
    const api = {
      polls: 0,
      async call<T>(path: string): Promise<T> {
        if (path.endsWith('/run')) {
          api.polls += 1;
          return { run: polled.shift() ?? run('done', 100) } as T;
        }
        throw new ApiError(404, 'route.not_found', 'Not Found');
      },
      anonymous: async <T>() => ({}) as T,
      blob: async () => new Blob(),
      upload: async <T>() => ({}) as T,
      async stream() {
        if (streamBody instanceof Error) throw streamBody;
        return new Response(streamBody).body as ReadableStream<Uint8Array>;
      },
    };
    return api;
  }

  function watch(api: ApiClient) {
    const seen: Run[] = [];
    const { watchRun } = jobActors(api, { asCompany: false, pollMs: 5 });
    const parent = createActor(
      jobLifecycleMachine.provide({
        actors: {
          loadJob: fromPromise(
            async (): Promise<{ job: Job; run: Run | null }> => ({ job: job(), run: run('queued', 0) }),
          ),
          watchRun,
        },
      }),
      { input: { uuid: 'j1', fields: [], asCompany: false } },
    );
    parent.subscribe((s) => {
      const current = s.context.run;
      if (current && seen.at(-1) !== current) seen.push(current);
    });
    parent.start();
    return { parent, seen };
  }

  it('takes every state the event stream sends until the run is done', async () => {
    const events = [run('running', 10), run('running', 60), run('done', 100)]
      .map((r) => `event: run\ndata: ${JSON.stringify(r)}\n\n`)
      .join('');
    const api = fakeApi(events, []);
    const { parent, seen } = watch(api);
    await vi.waitFor(() => expect(parent.getSnapshot().matches({ active: 'done' })).toBe(true));
    expect(seen.map((r) => `${r.state}/${r.progress}`)).toEqual([
      'queued/0',
      'running/10',
      'running/60',
      'done/100',
    ]);
    expect(api.polls).toBe(0);
  });

  it('polls the run when the stream cannot be opened', async () => {
    const api = fakeApi(new ApiError(0, 'network.unreachable', 'down'), [
      run('running', 50),
      run('done', 100),
    ]);
    const { parent, seen } = watch(api);
    await vi.waitFor(() => expect(parent.getSnapshot().matches({ active: 'done' })).toBe(true));
    expect(seen.map((r) => `${r.state}/${r.progress}`)).toEqual(['queued/0', 'running/50', 'done/100']);
    expect(api.polls).toBe(2);
  });

  it('polls on when the stream ends before the run did', async () => {
    const api = fakeApi(`event: run\ndata: ${JSON.stringify(run('running', 20))}\n\n`, [run('done', 100)]);
    const { parent } = watch(api);
    await vi.waitFor(() => expect(parent.getSnapshot().matches({ active: 'done' })).toBe(true));
    expect(api.polls).toBe(1);
  });
});
