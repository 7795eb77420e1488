import { type ActorRefFrom, assign, emit, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import { errorCodeOf } from '../../../contract/errors';
import { FINAL_RUN_STATES, type Job, type JobStatus, type Run } from '../../../contract/job';
import {
  formOf,
  type JobForm,
  type JobFormActor,
  type JobStoredEvent,
  jobFormMachine,
} from './job-form.machine';

/*
 * One matching job is two machines (issue "One home per feature"): this one, the lifecycle — load,
 * a draft until created, `active` ⇄ `archived`, the runs inside `active`, delete, duplicate — and its
 * child `form` (job-form.machine.ts), invoked in `draft` and `active`, which holds what the person
 * types. Parent and child, not two actors wired by the provider: the form exists exactly while the job
 * may be edited, and a created or saved job reaches the lifecycle as the child's `job.stored`. Screens
 * send form events to `snapshot.children.form` (`jobFormOf`), the others to this actor. The job model
 * table (tests/support/job-table.ts) states both as one: `active.editing.<form>|active.run.<run>`.
 */

export interface JobContext {
  /** Null until a new job (or a copy) was saved. */
  uuid: string | null;
  /** The job a draft copies (duplicate/{uuid}), else null. */
  copyOf: string | null;
  fields: FieldDefinition[];
  /** A company files requests: no weights, no must flags, no runs, no status changes. */
  asCompany: boolean;
  job: Job | null;
  /** A copy's form, which its draft starts with; null for a new job. */
  copy: JobForm | null;
  /** How a copy's title reads in the user's language, `{title}` standing for the original's. */
  copyTitle: string;
  /** The latest run (null when the job never ran). */
  run: Run | null;
  /**
   * Freshness (PRODUCT.md §10): the criteria or target types changed after the last done run, so the
   * results page says "criteria changed since this run — run again". The server says so with each
   * job it answers (load, save); a run that ends done afterwards scored the criteria as they are.
   */
  criteriaChanged: boolean;
  /** Error code of the last failed call (translated by the UI). */
  error: string | null;
}

export interface JobInput {
  /** The job to open; null with `copyOf` null starts an empty draft (newJob). */
  uuid: string | null;
  /** Open a draft holding a copy of this job (duplicate/{uuid}). */
  copyOf?: string | null | undefined;
  fields: FieldDefinition[];
  asCompany: boolean;
  /** "Kopie von {title}" / "Copy of {title}": a copy's title, so it is told apart from the original. */
  copyTitle?: string | undefined;
}

export type JobEvent =
  | JobStoredEvent
  | { type: 'job.run' }
  | { type: 'job.runUpdate'; run: Run }
  | { type: 'job.archive' }
  | { type: 'job.activate' }
  | { type: 'job.duplicate' }
  | { type: 'job.delete' }
  | { type: 'job.retry' };

/**
 * What the page running the job listens for (`actor.on`): open the editor on a copy; the job was just
 * archived by this page (issue 42: the page offers to undo it, which is `job.activate`).
 */
export type JobEmitted = { type: 'job.openCopy'; uuid: string } | { type: 'job.archived'; uuid: string };

const FINAL: readonly string[] = FINAL_RUN_STATES;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
type Loaded = { job: Job; run: Run | null };

/** The job lifecycle; `provide` gives it the API (job-provider.ts) and the page's effects. */
export const jobLifecycleMachine = setup({
  types: {
    context: {} as JobContext,
    events: {} as JobEvent,
    input: {} as JobInput,
    emitted: {} as JobEmitted,
  },
  actors: {
    loadJob: fromPromise<Loaded, { uuid: string }>(async () => {
      throw new Error('loadJob is provided by the app');
    }),
    changeStatus: fromPromise<Job, { uuid: string; status: JobStatus }>(async () => {
      throw new Error('changeStatus is provided by the app');
    }),
    deleteJob: fromPromise<void, { uuid: string }>(async () => {
      throw new Error('deleteJob is provided by the app');
    }),
    requestRun: fromPromise<Run, { uuid: string }>(async () => {
      throw new Error('requestRun is provided by the app');
    }),
    /** Sends `job.runUpdate` for every state of the run until it ends (SSE, polling as fallback). */
    watchRun: fromCallback<JobEvent, { uuid: string }>(() => {
      throw new Error('watchRun is provided by the app');
    }),
    form: jobFormMachine,
  },
  actions: {
    takeLoaded: assign((_, { job, run }: Loaded) => ({
      uuid: job.uuid,
      job,
      run,
      error: null,
      criteriaChanged: job.criteriaChangedSinceRun,
    })),
    // A copy is a new draft: it leaves the original's uuid, status and run behind.
    takeCopy: assign(({ context }, { job }: Loaded) => {
      const copy = formOf(job);
      const title = copy.values.title;
      return {
        uuid: null,
        job: null,
        run: null,
        copy:
          typeof title === 'string' && title !== ''
            ? { ...copy, values: { ...copy.values, title: context.copyTitle.replace('{title}', title) } }
            : copy,
        error: null,
        criteriaChanged: false,
      };
    }),
    takeStored: assign((_, job: Job) => ({
      uuid: job.uuid,
      job,
      criteriaChanged: job.criteriaChangedSinceRun,
    })),
    takeStatus: assign(({ context }, job: Job) => ({
      job,
      error: null,
      // Archiving cancels a run in flight on the server.
      run:
        context.run && !FINAL.includes(context.run.state) && job.status === 'archived'
          ? { ...context.run, state: 'cancelled' as const }
          : context.run,
    })),
    takeRun: assign((_, run: Run) => ({ run, error: null })),
    /** The run that ended done scored the criteria the page holds: its results are fresh. */
    takeDoneRun: assign((_, run: Run) => ({ run, error: null, criteriaChanged: false })),
    /** A run is done and its results replaced the previous ones (the results page reloads its lists). */
    resultsReplaced: () => {},
    /** `job.duplicate`: the page that runs the job opens the editor on a copy (a navigation). */
    openCopy: emit((_, copy: { uuid: string }) => ({ type: 'job.openCopy' as const, uuid: copy.uuid })),
    archivedNotice: emit(({ context }) => ({ type: 'job.archived' as const, uuid: context.uuid ?? '' })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    isArchived: ({ context }) => context.job?.status === 'archived',
    mayManage: ({ context }) => !context.asCompany,
    runIs: ({ context }, state: string) => context.run?.state === state,
    updateIs: ({ event }, state: string) => event.type === 'job.runUpdate' && event.run.state === state,
  },
}).createMachine({
  id: 'job',
  context: ({ input }) => ({
    uuid: input.uuid,
    copyOf: input.uuid === null ? (input.copyOf ?? null) : null,
    fields: input.fields,
    asCompany: input.asCompany,
    job: null,
    copy: null,
    copyTitle: input.copyTitle ?? '{title}',
    run: null,
    error: null,
    criteriaChanged: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.uuid !== null, target: 'loading' },
        { guard: ({ context }) => context.copyOf !== null, target: 'loadingCopy' },
        { target: 'draft' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadJob',
        input: ({ context }) => ({ uuid: context.uuid ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.job.status === 'archived',
            target: 'archived',
            actions: { type: 'takeLoaded', params: ({ event }) => event.output },
          },
          { target: 'active', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadingCopy: {
      tags: ['busy'],
      invoke: {
        src: 'loadJob',
        input: ({ context }) => ({ uuid: context.copyOf ?? '' }),
        onDone: { target: 'draft', actions: { type: 'takeCopy', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadFailed: {
      on: { 'job.retry': { target: 'starting', actions: 'clearError' } },
    },
    // A new job or a copy, not saved yet: its form creates it.
    draft: {
      // `stage`: a state a person names (the lifecycle page draws these, src/ui/lifecycle).
      meta: { stage: true },
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({
          fields: context.fields,
          asCompany: context.asCompany,
          job: null,
          ...(context.copy ? { draft: context.copy } : {}),
        }),
      },
      on: {
        'job.stored': [
          // "Save and run": the created job asks for its run at once.
          {
            guard: ({ event }) => event.andRun === true,
            target: 'active.requesting',
            actions: { type: 'takeStored', params: ({ event }) => event.job },
          },
          { target: 'active', actions: { type: 'takeStored', params: ({ event }) => event.job } },
        ],
      },
    },
    active: {
      meta: { stage: true },
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({ fields: context.fields, asCompany: context.asCompany, job: context.job }),
      },
      on: {
        'job.stored': { actions: { type: 'takeStored', params: ({ event }) => event.job } },
        'job.archive': { guard: 'mayManage', target: 'archiving' },
        'job.delete': { guard: 'mayManage', target: 'deleting' },
        'job.duplicate': {
          guard: 'mayManage',
          actions: { type: 'openCopy', params: ({ context }) => ({ uuid: context.uuid ?? '' }) },
        },
      },
      initial: 'checking',
      // The run: idle → requesting → queued → running → done | failed | cancelled.
      states: {
        checking: {
          always: [
            { guard: { type: 'runIs', params: 'queued' }, target: 'inFlight.queued' },
            { guard: { type: 'runIs', params: 'running' }, target: 'inFlight.running' },
            { guard: { type: 'runIs', params: 'done' }, target: 'done' },
            { guard: { type: 'runIs', params: 'failed' }, target: 'failed' },
            { guard: { type: 'runIs', params: 'cancelled' }, target: 'cancelled' },
            { target: 'idle' },
          ],
        },
        idle: { meta: { stage: true }, on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
        requesting: {
          tags: ['busy'],
          invoke: {
            src: 'requestRun',
            input: ({ context }) => ({ uuid: context.uuid ?? '' }),
            onDone: { target: 'checking', actions: { type: 'takeRun', params: ({ event }) => event.output } },
            onError: { target: 'checking', actions: { type: 'setError', params: errorOf } },
          },
        },
        inFlight: {
          meta: { stage: true },
          tags: ['running'],
          invoke: {
            src: 'watchRun',
            input: ({ context }) => ({ uuid: context.uuid ?? '' }),
          },
          initial: 'queued',
          states: { queued: {}, running: {} },
          on: {
            'job.runUpdate': [
              {
                guard: { type: 'updateIs', params: 'queued' },
                target: '.queued',
                actions: { type: 'takeRun', params: ({ event }) => event.run },
              },
              {
                guard: { type: 'updateIs', params: 'running' },
                target: '.running',
                actions: { type: 'takeRun', params: ({ event }) => event.run },
              },
              {
                guard: { type: 'updateIs', params: 'done' },
                target: 'done',
                actions: [{ type: 'takeDoneRun', params: ({ event }) => event.run }, 'resultsReplaced'],
              },
              {
                guard: { type: 'updateIs', params: 'failed' },
                target: 'failed',
                actions: { type: 'takeRun', params: ({ event }) => event.run },
              },
              {
                guard: { type: 'updateIs', params: 'cancelled' },
                target: 'cancelled',
                actions: { type: 'takeRun', params: ({ event }) => event.run },
              },
            ],
          },
        },
        done: { meta: { stage: true }, on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
        failed: { meta: { stage: true }, on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
        cancelled: { meta: { stage: true }, on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
      },
    },
    archiving: {
      tags: ['busy'],
      invoke: {
        src: 'changeStatus',
        input: ({ context }) => ({ uuid: context.uuid ?? '', status: 'archived' as const }),
        onDone: {
          target: 'archived',
          actions: [{ type: 'takeStatus', params: ({ event }) => event.output }, 'archivedNotice'],
        },
        onError: { target: 'active', actions: { type: 'setError', params: errorOf } },
      },
    },
    archived: {
      meta: { stage: true },
      on: {
        'job.activate': { guard: 'mayManage', target: 'activating' },
        'job.delete': { guard: 'mayManage', target: 'deleting' },
        'job.duplicate': {
          guard: 'mayManage',
          actions: { type: 'openCopy', params: ({ context }) => ({ uuid: context.uuid ?? '' }) },
        },
      },
    },
    activating: {
      tags: ['busy'],
      invoke: {
        src: 'changeStatus',
        input: ({ context }) => ({ uuid: context.uuid ?? '', status: 'active' as const }),
        onDone: { target: 'active', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
        onError: { target: 'archived', actions: { type: 'setError', params: errorOf } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteJob',
        input: ({ context }) => ({ uuid: context.uuid ?? '' }),
        onDone: { target: 'deleted' },
        onError: [
          { guard: 'isArchived', target: 'archived', actions: { type: 'setError', params: errorOf } },
          { target: 'active', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});

export type JobActor = ActorRefFrom<typeof jobLifecycleMachine>;
export type JobSnapshot = SnapshotFrom<typeof jobLifecycleMachine>;

/** The form of a job while it may be edited (a draft, an active job), else undefined. */
export function jobFormOf(snapshot: JobSnapshot): JobFormActor | undefined {
  return snapshot.children.form as JobFormActor | undefined;
}

/** Leaving the editor would lose these edits. */
export function hasUnsavedJobChanges(snapshot: JobSnapshot): boolean {
  return jobFormOf(snapshot)?.getSnapshot().hasTag('unsaved') ?? false;
}

/** The run's progress in per cent while one is in flight, else null. */
export function runProgress(snapshot: JobSnapshot): number | null {
  return snapshot.hasTag('running') ? (snapshot.context.run?.progress ?? 0) : null;
}
