import {
  type ActorRefFrom,
  and,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import { type Job, type JobCriterion, type JobStatus, parseJobInput, type Run } from '../../../contract/job';
import { jobPreviewMachine } from './job-preview.machine';

/** A criterion as the editor holds it: a company's carry no weight and no must flag. */
export type DraftCriterion = { key: string; value: unknown; weight?: number; must?: boolean };

/** The editor's form: the job catalogue's values and the criteria. */
export interface JobForm {
  values: Record<string, unknown>;
  criteria: DraftCriterion[];
}

export interface JobContext {
  /** Null until a new job (or a copy) was saved. */
  uuid: string | null;
  /** The job a draft copies (duplicate/{uuid}), else null. */
  copyOf: string | null;
  fields: FieldDefinition[];
  /** A company files requests: no weights, no must flags, no runs, no status changes. */
  asCompany: boolean;
  job: Job | null;
  form: JobForm;
  /** What a rollback returns to: the job as loaded or last saved. */
  saved: JobForm;
  formErrors: Record<string, string[]>;
  /** The job as someone else saved it, after a 409. */
  theirs: Job | null;
  /** The latest run (null when the job never ran). */
  run: Run | null;
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
}

export type JobEvent =
  | { type: 'job.change'; key: string; value: unknown }
  | { type: 'job.criterion'; key: string; patch: Partial<Omit<DraftCriterion, 'key'>> | null }
  | { type: 'job.save' }
  | { type: 'job.rollback' }
  | { type: 'job.keepMine' }
  | { type: 'job.takeTheirs' }
  | { type: 'job.run' }
  | { type: 'job.runUpdate'; run: Run }
  | { type: 'job.archive' }
  | { type: 'job.activate' }
  | { type: 'job.duplicate' }
  | { type: 'job.delete' }
  | { type: 'job.retry' };

/**
 * What the machine asks of the page it runs on, given with `provide` by the route (app-logic's
 * `job(asCompany, effects)`): open the editor on a copy (a router navigation), and load the results
 * again when a run replaced them. Without a route they do nothing.
 */
export interface JobEffects {
  openCopy?: (uuid: string) => void;
  resultsReplaced?: () => void;
}

/** The weight a new criterion starts with (the slider's middle). */
export const DEFAULT_WEIGHT = 3;

/** Thrown by the save actor when the server answers 409 with the current job. */
export class JobSaveConflict extends Error {
  constructor(readonly current: Job) {
    super('job.version_conflict');
  }
}

/** Thrown by the save and create actors for a 400 with per-field codes. */
export class JobSaveRejected extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('request.invalid');
  }
}

const EMPTY_FORM: JobForm = { values: {}, criteria: [] };
/** A new job starts targeting stellas, the vetted candidates (PRODUCT.md §5). */
export const NEW_JOB_FORM: JobForm = { values: { target_types: ['stella'] }, criteria: [] };
const FINAL_RUN = ['done', 'failed', 'cancelled'];

/** The form of a loaded job; a company's view has no weights or must flags. */
export function formOf(job: Job): JobForm {
  return {
    values: { ...job.values },
    criteria: job.criteria.map((c) =>
      c.weight === undefined
        ? { key: c.key, value: c.value }
        : { key: c.key, value: c.value, weight: c.weight, must: c.must ?? false },
    ),
  };
}

/** Values without the unfilled ones: empty strings and lists count as not filled. */
function filled(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** The body the job calls take; what the server validates with the same catalogue builder. */
export function draftOf(context: Pick<JobContext, 'form' | 'asCompany'>) {
  return {
    values: filled(context.form.values),
    criteria: context.form.criteria.map((c) =>
      context.asCompany
        ? { key: c.key, value: c.value }
        : { key: c.key, value: c.value, weight: c.weight ?? DEFAULT_WEIGHT, must: c.must ?? false },
    ),
  };
}

/** Client-side check with the catalogue builder the server uses: per-field codes, or null when valid. */
export function validateJob(context: Pick<JobContext, 'form' | 'asCompany' | 'fields'>) {
  const result = parseJobInput(context.fields, draftOf(context), { asCompany: context.asCompany });
  return result.success ? null : result.fields;
}

const same = (a: JobForm, b: JobForm, asCompany: boolean) =>
  JSON.stringify(draftOf({ form: a, asCompany })) === JSON.stringify(draftOf({ form: b, asCompany }));

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'network.unreachable';
}

function withCriterion(
  form: JobForm,
  key: string,
  patch: Partial<Omit<DraftCriterion, 'key'>> | null,
  asCompany: boolean,
): JobForm {
  const rest = form.criteria.filter((c) => c.key !== key);
  if (patch === null) return { ...form, criteria: rest };
  const current = form.criteria.find((c) => c.key === key);
  const base: DraftCriterion =
    current ?? (asCompany ? { key, value: null } : { key, value: null, weight: DEFAULT_WEIGHT, must: false });
  const next: DraftCriterion = { ...base, ...patch, key };
  if (asCompany) {
    delete next.weight;
    delete next.must;
  }
  // Keep the criterion where it was, so the editor's rows do not jump.
  const index = form.criteria.findIndex((c) => c.key === key);
  const criteria = [...rest];
  criteria.splice(index < 0 ? criteria.length : index, 0, next);
  return { ...form, criteria };
}

function changed(context: JobContext, event: JobEvent): JobForm {
  if (event.type === 'job.change')
    return { ...context.form, values: { ...context.form.values, [event.key]: event.value } };
  if (event.type === 'job.criterion')
    return withCriterion(context.form, event.key, event.patch, context.asCompany);
  return context.form;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
type Loaded = { job: Job; run: Run | null };

/**
 * One matching job (PRODUCT.md §5): the lifecycle `active` ⇄ `archived`, inside `active` the editor
 * (clean ↔ dirty → saving → clean | conflict) beside the runs (idle → requesting → queued → running →
 * done | failed | cancelled, progress streamed by `watchRun`), and a draft before a new job or a copy
 * is first saved. Screens ask `state.can(...)` what they may offer; a company only files and reads.
 */
export const jobMachine = setup({
  types: {
    context: {} as JobContext,
    events: {} as JobEvent,
    input: {} as JobInput,
  },
  actors: {
    loadJob: fromPromise<Loaded, { uuid: string }>(async () => {
      throw new Error('loadJob is provided by the app');
    }),
    createJob: fromPromise<Job, { draft: ReturnType<typeof draftOf> }>(async () => {
      throw new Error('createJob is provided by the app');
    }),
    saveJob: fromPromise<Job, { uuid: string; draft: ReturnType<typeof draftOf>; version: number }>(
      async () => {
        throw new Error('saveJob is provided by the app');
      },
    ),
    changeStatus: fromPromise<Job, { uuid: string; status: JobStatus }>(async () => {
      throw new Error('changeStatus is provided by the app');
    }),
    deleteJob: fromPromise<void, { uuid: string }>(async () => {
      throw new Error('deleteJob is provided by the app');
    }),
    requestRun: fromPromise<Run, { uuid: string }>(async () => {
      throw new Error('requestRun is provided by the app');
    }),
    /** The live what-if beside the editor, told of every change of the criteria. */
    whatIf: jobPreviewMachine,
    /** Sends `job.runUpdate` for every state of the run until it ends (SSE, polling as fallback). */
    watchRun: fromCallback<JobEvent, { uuid: string }>(() => {
      throw new Error('watchRun is provided by the app');
    }),
  },
  actions: {
    takeLoaded: assign((_, { job, run }: Loaded) => ({
      uuid: job.uuid,
      job,
      run,
      form: formOf(job),
      saved: formOf(job),
      formErrors: {},
      theirs: null,
      error: null,
    })),
    // A copy is a new draft: unsaved until created, so everything it holds counts as a change.
    takeCopy: assign((_, { job }: Loaded) => ({
      uuid: null,
      job: null,
      run: null,
      form: formOf(job),
      saved: EMPTY_FORM,
      formErrors: {},
      theirs: null,
      error: null,
    })),
    takeSaved: assign(({ context }, job: Job) => ({
      uuid: job.uuid,
      job,
      form: formOf(job),
      saved: formOf(job),
      formErrors: {},
      theirs: null,
      error: null,
      run: context.run,
    })),
    takeStatus: assign(({ context }, job: Job) => ({
      job,
      error: null,
      // Archiving cancels a run in flight on the server.
      run:
        context.run && !FINAL_RUN.includes(context.run.state) && job.status === 'archived'
          ? { ...context.run, state: 'cancelled' as const }
          : context.run,
    })),
    change: assign(({ context, event }) => {
      const form = changed(context, event);
      const key =
        event.type === 'job.criterion'
          ? `criteria.${event.key}`
          : event.type === 'job.change'
            ? event.key
            : '';
      const { [key]: _cleared, ...formErrors } = context.formErrors;
      return { form, formErrors, error: null };
    }),
    rollBack: assign(({ context }) => ({ form: context.saved, formErrors: {}, error: null })),
    showErrors: assign(({ context }) => ({ formErrors: validateJob(context) ?? {} })),
    takeServerErrors: assign((_, error: unknown) => ({
      formErrors: error instanceof JobSaveRejected ? error.fields : {},
      error: 'request.invalid',
    })),
    takeConflict: assign((_, error: unknown) => ({
      theirs: error instanceof JobSaveConflict ? error.current : null,
    })),
    keepMine: assign(({ context }) => ({ job: context.theirs, theirs: null })),
    takeTheirs: assign(({ context }) =>
      context.theirs
        ? {
            job: context.theirs,
            form: formOf(context.theirs),
            saved: formOf(context.theirs),
            theirs: null,
            formErrors: {},
          }
        : {},
    ),
    takeRun: assign((_, run: Run) => ({ run, error: null })),
    /** A run is done and its results replaced the previous ones (provided by the route). */
    resultsReplaced: enqueueActions(() => {}),
    /** `job.duplicate`: open the editor on a copy of this job (provided by the route). */
    openCopy: enqueueActions((_, _copy: { uuid: string }) => {}),
    setError: assign((_, error: unknown) => ({ error: codeOf(error) })),
    clearError: assign({ error: null }),
    // Agents see the what-if; a company's request form has none.
    askWhatIf: enqueueActions(({ context, enqueue }) => {
      if (context.asCompany) return;
      const targets = context.form.values.target_types;
      enqueue.sendTo('whatIf', {
        type: 'preview.update',
        query: {
          targetTypes: Array.isArray(targets) ? (targets as string[]) : [],
          criteria: context.form.criteria,
        },
      });
    }),
  },
  guards: {
    isArchived: ({ context }) => context.job?.status === 'archived',
    mayEdit: ({ context }) => !context.asCompany,
    mayManage: ({ context }) => !context.asCompany,
    formChanged: ({ context, event }) => !same(changed(context, event), context.saved, context.asCompany),
    formIsValid: ({ context }) => validateJob(context) === null,
    isConflict: (_, error: unknown) => error instanceof JobSaveConflict,
    isRejected: (_, error: unknown) => error instanceof JobSaveRejected,
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
    form: NEW_JOB_FORM,
    saved: NEW_JOB_FORM,
    formErrors: {},
    theirs: null,
    run: null,
    error: null,
  }),
  invoke: { id: 'whatIf', src: 'whatIf' },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.uuid !== null, target: 'loading' },
        { guard: ({ context }) => context.copyOf !== null, target: 'loadingCopy' },
        { target: 'draft', actions: 'askWhatIf' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ uuid: context.uuid ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.job.status === 'archived',
            target: 'archived',
            actions: [{ type: 'takeLoaded', params: ({ event }) => event.output }, 'askWhatIf'],
          },
          {
            target: 'active',
            actions: [{ type: 'takeLoaded', params: ({ event }) => event.output }, 'askWhatIf'],
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadingCopy: {
      tags: ['busy'],
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ uuid: context.copyOf ?? '' }),
        onDone: {
          target: 'draft.dirty',
          actions: [{ type: 'takeCopy', params: ({ event }) => event.output }, 'askWhatIf'],
        },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadFailed: {
      on: { 'job.retry': { target: 'starting', actions: 'clearError' } },
    },
    // A new job or a copy, not saved yet: saving creates it.
    draft: {
      initial: 'clean',
      states: {
        clean: {
          on: {
            'job.change': [
              { guard: 'formChanged', target: 'dirty', actions: ['change', 'askWhatIf'] },
              { actions: ['change', 'askWhatIf'] },
            ],
            'job.criterion': [
              { guard: 'formChanged', target: 'dirty', actions: ['change', 'askWhatIf'] },
              { actions: ['change', 'askWhatIf'] },
            ],
          },
        },
        dirty: {
          tags: ['unsaved'],
          on: {
            'job.change': [
              { guard: 'formChanged', actions: ['change', 'askWhatIf'] },
              { target: 'clean', actions: ['change', 'askWhatIf'] },
            ],
            'job.criterion': [
              { guard: 'formChanged', actions: ['change', 'askWhatIf'] },
              { target: 'clean', actions: ['change', 'askWhatIf'] },
            ],
            'job.save': [{ guard: 'formIsValid', target: 'creating' }, { actions: 'showErrors' }],
          },
        },
        creating: {
          tags: ['busy', 'unsaved'],
          invoke: {
            id: 'createJob',
            src: 'createJob',
            input: ({ context }) => ({ draft: draftOf(context) }),
            onDone: {
              target: '#job.active',
              actions: { type: 'takeSaved', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isRejected', params: errorOf },
                target: 'dirty',
                actions: { type: 'takeServerErrors', params: errorOf },
              },
              { target: 'dirty', actions: { type: 'setError', params: errorOf } },
            ],
          },
        },
      },
    },
    active: {
      type: 'parallel',
      on: {
        'job.archive': { guard: 'mayManage', target: 'archiving' },
        'job.delete': { guard: 'mayManage', target: 'deleting' },
        'job.duplicate': {
          guard: 'mayManage',
          actions: {
            type: 'openCopy',
            params: ({ context }: { context: JobContext }) => ({ uuid: context.uuid ?? '' }),
          },
        },
      },
      states: {
        editing: {
          initial: 'clean',
          states: {
            clean: {
              on: {
                'job.change': {
                  guard: and(['mayEdit', 'formChanged']),
                  target: 'dirty',
                  actions: ['change', 'askWhatIf'],
                },
                'job.criterion': {
                  guard: and(['mayEdit', 'formChanged']),
                  target: 'dirty',
                  actions: 'change',
                },
              },
            },
            dirty: {
              tags: ['unsaved'],
              on: {
                'job.change': [
                  { guard: 'formChanged', actions: ['change', 'askWhatIf'] },
                  { target: 'clean', actions: ['change', 'askWhatIf'] },
                ],
                'job.criterion': [
                  { guard: 'formChanged', actions: ['change', 'askWhatIf'] },
                  { target: 'clean', actions: ['change', 'askWhatIf'] },
                ],
                'job.rollback': { target: 'clean', actions: ['rollBack', 'askWhatIf'] },
                'job.save': [{ guard: 'formIsValid', target: 'saving' }, { actions: 'showErrors' }],
              },
            },
            saving: {
              tags: ['busy', 'unsaved'],
              invoke: {
                id: 'saveJob',
                src: 'saveJob',
                input: ({ context }) => ({
                  uuid: context.uuid ?? '',
                  draft: draftOf(context),
                  version: context.job?.version ?? 0,
                }),
                onDone: {
                  target: 'clean',
                  actions: { type: 'takeSaved', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isConflict', params: errorOf },
                    target: 'conflict',
                    actions: { type: 'takeConflict', params: errorOf },
                  },
                  {
                    guard: { type: 'isRejected', params: errorOf },
                    target: 'dirty',
                    actions: { type: 'takeServerErrors', params: errorOf },
                  },
                  { target: 'dirty', actions: { type: 'setError', params: errorOf } },
                ],
              },
            },
            conflict: {
              tags: ['unsaved'],
              on: {
                // Save my form over theirs: the next save names their version.
                'job.keepMine': { target: 'dirty', actions: 'keepMine' },
                'job.takeTheirs': { target: 'clean', actions: ['takeTheirs', 'askWhatIf'] },
              },
            },
          },
        },
        run: {
          initial: 'checking',
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
            idle: { on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
            requesting: {
              tags: ['busy'],
              invoke: {
                id: 'requestRun',
                src: 'requestRun',
                input: ({ context }) => ({ uuid: context.uuid ?? '' }),
                onDone: {
                  target: 'checking',
                  actions: { type: 'takeRun', params: ({ event }) => event.output },
                },
                onError: { target: 'checking', actions: { type: 'setError', params: errorOf } },
              },
            },
            inFlight: {
              tags: ['running'],
              invoke: {
                id: 'watchRun',
                src: 'watchRun',
                input: ({ context }) => ({ uuid: context.uuid ?? '' }),
              },
              initial: 'queued',
              states: {
                queued: {},
                running: {},
              },
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
                    actions: [{ type: 'takeRun', params: ({ event }) => event.run }, 'resultsReplaced'],
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
            done: { on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
            failed: { on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
            cancelled: { on: { 'job.run': { guard: 'mayManage', target: 'requesting' } } },
          },
        },
      },
    },
    archiving: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ uuid: context.uuid ?? '', status: 'archived' as const }),
        onDone: { target: 'archived', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
        onError: { target: 'active', actions: { type: 'setError', params: errorOf } },
      },
    },
    archived: {
      on: {
        'job.activate': { guard: 'mayManage', target: 'activating' },
        'job.delete': { guard: 'mayManage', target: 'deleting' },
        'job.duplicate': {
          guard: 'mayManage',
          actions: {
            type: 'openCopy',
            params: ({ context }: { context: JobContext }) => ({ uuid: context.uuid ?? '' }),
          },
        },
      },
    },
    activating: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ uuid: context.uuid ?? '', status: 'active' as const }),
        onDone: { target: 'active', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
        onError: { target: 'archived', actions: { type: 'setError', params: errorOf } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteJob',
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

export type JobActor = ActorRefFrom<typeof jobMachine>;
export type JobSnapshot = SnapshotFrom<typeof jobMachine>;

/** Leaving the editor would lose these edits. */
export function hasUnsavedJobChanges(snapshot: JobSnapshot): boolean {
  return snapshot.hasTag('unsaved');
}

/** The run's progress in per cent while one is in flight, else null. */
export function runProgress(snapshot: JobSnapshot): number | null {
  return snapshot.hasTag('running') ? (snapshot.context.run?.progress ?? 0) : null;
}

export type { JobCriterion };
