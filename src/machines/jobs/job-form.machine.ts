import {
  type ActorRefFrom,
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendParent,
  setup,
} from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import { errorCodeOf } from '../../../contract/errors';
import { type Job, parseJobInput } from '../../../contract/job';
import { jobPreviewMachine } from './job-preview.machine';

/*
 * The job editor's form, a child of the job's lifecycle (job-lifecycle.machine.ts), which invokes it as
 * `form` while the job may be edited: in `draft` (a new job or a copy: saving creates it) and in `active`
 * (saving updates it). The lifecycle owns what the server says of the job (load, status, runs, delete);
 * the form owns what the person types (values, criteria, validation, save, version conflict) and asks
 * its own child, the what-if, after every change. It tells its parent of every job the server stored
 * (`job.stored`): created, saved, or taken over after a conflict. Two machines of half the size each:
 * a mutant of one is tested by that machine's own tests (job-form.*test.ts, job-lifecycle.*test.ts).
 */

/** A criterion as the editor holds it: a company's carry no weight and no must flag. */
export type DraftCriterion = { key: string; value: unknown; weight?: number; must?: boolean };

/** The editor's form: the job catalogue's values and the criteria. */
export interface JobForm {
  values: Record<string, unknown>;
  criteria: DraftCriterion[];
}

export interface JobFormContext {
  fields: FieldDefinition[];
  /** A company files requests: no weights, no must flags. */
  asCompany: boolean;
  /** The stored job the form edits (its uuid and version); null for a draft not created yet. */
  job: Job | null;
  form: JobForm;
  /** What a rollback returns to: the job as loaded or last saved. */
  saved: JobForm;
  formErrors: Record<string, string[]>;
  /** The job as someone else saved it, after a 409. */
  theirs: Job | null;
  /** Error code of the last failed save (translated by the UI). */
  error: string | null;
  /** "Save and run" (issue 42): the draft being created is to run at once (the lifecycle asks for the run). */
  andRun: boolean;
}

export interface JobFormInput {
  fields: FieldDefinition[];
  asCompany: boolean;
  /** The stored job; null starts a draft holding `draft` (saving creates it). */
  job: Job | null;
  /** A draft's form: empty for a new job, the original's for a copy (then all of it is a change). */
  draft?: JobForm;
}

export type JobFormEvent =
  | { type: 'job.change'; key: string; value: unknown }
  | { type: 'job.criterion'; key: string; patch: Partial<Omit<DraftCriterion, 'key'>> | null }
  | { type: 'job.save' }
  /** A new job (or a copy) an agent saves and runs in one step ("Speichern und Matching starten"). */
  | { type: 'job.saveAndRun' }
  | { type: 'job.rollback' }
  | { type: 'job.keepMine' }
  | { type: 'job.takeTheirs' };

/** What the form tells the lifecycle: the server now holds this job (created, saved, or theirs taken). */
export type JobStoredEvent = { type: 'job.stored'; job: Job; andRun?: boolean };

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

export const EMPTY_FORM: JobForm = { values: {}, criteria: [] };
/** A new job starts targeting stellas, the vetted candidates (PRODUCT.md §5). */
export const NEW_JOB_FORM: JobForm = { values: { target_types: ['stella'] }, criteria: [] };

/**
 * The form's key of the job's client (PRODUCT.md §10): a company chosen in the client field,
 * `{ uuid, name }`, or null for none. Held beside the catalogue's values so that every edit, rollback
 * and conflict treats it like them; the body sends its uuid as `client` (draftOf).
 */
export const CLIENT_KEY = 'client';
/**
 * The form's key of the agent's "change the client anyway" (issue 41): set after the server refused a
 * client change with candidates still in play at the old client (409 job.client_has_submissions); the
 * body then says `confirmClientChange`. Never part of a loaded job's form, so a save or rollback drops it.
 */
export const CONFIRM_CLIENT_KEY = 'confirm_client_change';

/** The form of a loaded job; a company's view has no weights or must flags. */
export function formOf(job: Job): JobForm {
  return {
    values: { ...job.values, ...(job.client ? { [CLIENT_KEY]: job.client } : {}) },
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
export function draftOf(context: Pick<JobFormContext, 'form' | 'asCompany'>) {
  const { [CLIENT_KEY]: client, [CONFIRM_CLIENT_KEY]: confirmed, ...all } = context.form.values;
  // The candidate types a job targets are the agent's choice: a company's request names none.
  const { target_types: _types, ...companyValues } = all;
  const values = context.asCompany ? companyValues : all;
  // A company's request is its own (the server sets the client); an agent's names one or none.
  const named: { client?: string | null; confirmClientChange?: true } =
    context.asCompany || client === undefined
      ? {}
      : {
          client: (client as { uuid: string } | null)?.uuid ?? null,
          ...(confirmed === true ? { confirmClientChange: true } : {}),
        };
  return {
    values: filled(values),
    criteria: context.form.criteria.map((c) =>
      context.asCompany
        ? { key: c.key, value: c.value }
        : { key: c.key, value: c.value, weight: c.weight ?? DEFAULT_WEIGHT, must: c.must ?? false },
    ),
    ...named,
  };
}

/** Client-side check with the catalogue builder the server uses: per-field codes, or null when valid. */
export function validateJob(context: Pick<JobFormContext, 'form' | 'asCompany' | 'fields'>) {
  const result = parseJobInput(context.fields, draftOf(context), {
    asCompany: context.asCompany,
    // A company's form has only its own fields (no target groups), as the server checks it.
    ...(context.asCompany ? { userType: 'company' } : {}),
  });
  return result.success ? null : result.fields;
}

const same = (a: JobForm, b: JobForm, asCompany: boolean) =>
  JSON.stringify(draftOf({ form: a, asCompany })) === JSON.stringify(draftOf({ form: b, asCompany }));

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

function changed(context: JobFormContext, event: JobFormEvent): JobForm {
  if (event.type === 'job.change')
    return { ...context.form, values: { ...context.form.values, [event.key]: event.value } };
  if (event.type === 'job.criterion')
    return withCriterion(context.form, event.key, event.patch, context.asCompany);
  return context.form;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const outputOf = ({ event }: { event: { output: Job } }) => event.output;
type Draft = ReturnType<typeof draftOf>;
/** A job created or saved: the form is clean again, and the lifecycle hears of it. */
const stored = {
  target: 'clean',
  actions: [
    { type: 'takeStored', params: outputOf },
    { type: 'tellStored', params: outputOf },
  ],
} as const;
/** Refused with per-field codes, or failed: the form stays dirty and says why. */
const refusedOrFailed = [
  {
    guard: { type: 'isRejected', params: errorOf },
    target: 'dirty',
    actions: { type: 'takeServerErrors', params: errorOf },
  },
  { target: 'dirty', actions: { type: 'setError', params: errorOf } },
] as const;

/**
 * The editor's form (PRODUCT.md §6): clean ↔ dirty → saving → clean | conflict, or for a draft
 * clean ↔ dirty → creating → (the lifecycle goes on with the created job). Every change of the
 * values or criteria asks the what-if child; a company's request form has none.
 */
export const jobFormMachine = setup({
  types: {
    context: {} as JobFormContext,
    events: {} as JobFormEvent,
    input: {} as JobFormInput,
  },
  actors: {
    createJob: fromPromise<Job, { draft: Draft }>(async () => {
      throw new Error('createJob is provided by the app');
    }),
    saveJob: fromPromise<Job, { uuid: string; draft: Draft; version: number }>(async () => {
      throw new Error('saveJob is provided by the app');
    }),
    /** The live what-if beside the editor, told of every change of the criteria. */
    whatIf: jobPreviewMachine,
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, ['job.change', 'job.criterion']);
      const key = event.type === 'job.criterion' ? `criteria.${event.key}` : event.key;
      const { [key]: _cleared, ...formErrors } = context.formErrors;
      return { form: changed(context, event), formErrors, error: null };
    }),
    takeStored: assign((_, job: Job) => ({
      job,
      form: formOf(job),
      saved: formOf(job),
      formErrors: {},
      theirs: null,
      error: null,
    })),
    tellStored: sendParent(
      ({ context }, job: Job): JobStoredEvent =>
        context.andRun ? { type: 'job.stored', job, andRun: true } : { type: 'job.stored', job },
    ),
    /** A plain save after a failed "save and run" saves only. */
    markAndRun: assign((_, andRun: boolean) => ({ andRun })),
    rollBack: assign(({ context }) => ({ form: context.saved, formErrors: {}, error: null })),
    showErrors: assign(({ context }) => ({ formErrors: validateJob(context) ?? {} })),
    takeServerErrors: assign((_, error: unknown) => ({
      formErrors: error instanceof JobSaveRejected ? error.fields : {},
      error: 'request.invalid',
    })),
    takeConflict: assign((_, error: unknown) => ({
      theirs: error instanceof JobSaveConflict ? error.current : null,
    })),
    // Save my form over theirs: the next save names their version.
    keepMine: assign(({ context }) => ({ job: context.theirs, theirs: null })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
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
    mayEdit: ({ context }) => !context.asCompany || context.job === null,
    formChanged: ({ context, event }) => !same(changed(context, event), context.saved, context.asCompany),
    formIsValid: ({ context }) => validateJob(context) === null,
    isDraft: ({ context }) => context.job === null,
    /** Only an agent's draft runs: a company files a request, an agent runs it. */
    mayRun: ({ context }) => context.job === null && !context.asCompany,
    isStored: ({ context }) => context.job !== null,
    isConflict: (_, error: unknown) => error instanceof JobSaveConflict,
    isRejected: (_, error: unknown) => error instanceof JobSaveRejected,
  },
}).createMachine({
  id: 'jobForm',
  context: ({ input }) => {
    const form = input.job ? formOf(input.job) : (input.draft ?? NEW_JOB_FORM);
    return {
      fields: input.fields,
      asCompany: input.asCompany,
      job: input.job,
      form,
      // A copy is unsaved until created: everything it holds counts as a change.
      saved: input.job ? form : input.draft ? EMPTY_FORM : NEW_JOB_FORM,
      formErrors: {},
      theirs: null,
      error: null,
      andRun: false,
    };
  },
  invoke: { id: 'whatIf', src: 'whatIf' },
  // The what-if shows the form as it opens: the loaded job's numbers, a draft's, a copy's.
  entry: 'askWhatIf',
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'formChanged', target: 'dirty' }, { target: 'clean' }],
    },
    clean: {
      on: {
        // A draft shows what was typed even when it is no change (an emptied field); a stored job's
        // form takes only changes.
        'job.change': [
          { guard: and(['mayEdit', 'formChanged']), target: 'dirty', actions: ['change', 'askWhatIf'] },
          { guard: 'isDraft', actions: ['change', 'askWhatIf'] },
        ],
        'job.criterion': [
          { guard: and(['mayEdit', 'formChanged']), target: 'dirty', actions: ['change', 'askWhatIf'] },
          { guard: 'isDraft', actions: ['change', 'askWhatIf'] },
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
        'job.rollback': { guard: 'isStored', target: 'clean', actions: ['rollBack', 'askWhatIf'] },
        'job.save': [
          {
            guard: and(['formIsValid', 'isDraft']),
            target: 'creating',
            actions: { type: 'markAndRun', params: false },
          },
          { guard: 'formIsValid', target: 'saving' },
          { actions: 'showErrors' },
        ],
        'job.saveAndRun': [
          {
            guard: and(['formIsValid', 'mayRun']),
            target: 'creating',
            actions: { type: 'markAndRun', params: true },
          },
          { guard: 'mayRun', actions: 'showErrors' },
        ],
      },
    },
    creating: {
      tags: ['busy', 'unsaved'],
      invoke: {
        src: 'createJob',
        input: ({ context }) => ({ draft: draftOf(context) }),
        // The lifecycle goes on with the created job: it opens the job's own form (a new child).
        onDone: stored,
        onError: refusedOrFailed,
      },
    },
    saving: {
      tags: ['busy', 'unsaved'],
      invoke: {
        src: 'saveJob',
        input: ({ context }) => ({
          uuid: context.job?.uuid ?? '',
          draft: draftOf(context),
          version: context.job?.version ?? 0,
        }),
        onDone: stored,
        onError: [
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'conflict',
            actions: { type: 'takeConflict', params: errorOf },
          },
          ...refusedOrFailed,
        ],
      },
    },
    conflict: {
      tags: ['unsaved'],
      on: {
        'job.keepMine': {
          target: 'dirty',
          actions: ['keepMine', { type: 'tellStored', params: ({ context }) => context.job as Job }],
        },
        'job.takeTheirs': {
          target: 'clean',
          actions: [
            { type: 'tellStored', params: ({ context }) => context.theirs as Job },
            { type: 'takeStored', params: ({ context }) => context.theirs as Job },
            'askWhatIf',
          ],
        },
      },
    },
  },
});

export type JobFormActor = ActorRefFrom<typeof jobFormMachine>;
