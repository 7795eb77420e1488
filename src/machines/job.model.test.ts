import { afterAll, describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, fromCallback } from 'xstate';
import type { FieldDefinition } from '../../contract/catalog';
import type { Run } from '../../contract/job';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import { jobFixture, runFixture } from '../../tests/support/job-fixtures';
import {
  type Expectation,
  type ModelTable,
  recordVisits,
  replayPath,
  stateKey as stateKeyOf,
  stateNodePaths,
  tablePaths,
} from '../../tests/support/model';
import { JobSaveConflict, JobSaveRejected, jobMachine } from './job.machine';

// The job machine against hand-written tables (one per way the editor opens): the expected states,
// context, tags and actor calls are written here, never taken from the machine.

const label = (de: string) => ({ de, en: de });
const fields = [
  {
    key: 'title',
    type: 'text',
    label: label('Titel'),
    tab: 'job',
    required: true,
    for: ['agent', 'company'],
    maxLength: 200,
  },
  {
    key: 'target_types',
    type: 'multiselect',
    label: label('Zielgruppen'),
    tab: 'job',
    required: true,
    for: ['agent', 'company'],
    options: ['luna', 'stella', 'nova'].map((value) => ({ value, label: label(value) })),
  },
  {
    key: 'skills',
    type: 'multiselect',
    label: label('Fähigkeiten'),
    tab: 'criteria',
    required: false,
    for: ['agent', 'company'],
    options: ['typescript', 'go'].map((value) => ({ value, label: label(value) })),
    criterion: { rule: 'overlap', profileKey: 'skills' },
  },
] as FieldDefinition[];

const job = jobFixture;
const run = runFixture;

const STORED = job();
const SAVED = job({ values: { title: 'Neu', target_types: ['stella'] }, version: 2 });
const THEIRS = job({ values: { title: 'Von Kim', target_types: ['nova'] }, version: 5 });
const ARCHIVED = job({ status: 'archived' });
const TOO_LONG = 'x'.repeat(201);
const storedForm = { values: STORED.values, criteria: STORED.criteria };
const editedDraft = {
  values: { title: 'Neu', target_types: ['stella'] },
  criteria: [{ key: 'skills', value: ['typescript'], weight: 3, must: false }],
};

/** The events of the tables: user events, and what the server (the actors) answers. */
const EVENTS = [
  'edit',
  'editBack',
  'criterion',
  'saveTooLong',
  'save',
  'rollback',
  'keepMine',
  'takeTheirs',
  'run',
  'archive',
  'activate',
  'duplicate',
  'delete',
  'retry',
  'loaded',
  'loadedRunning',
  'loadedArchived',
  'loadFailed',
  'created',
  'createRejected',
  'saved',
  'saveConflict',
  'saveRejected',
  'saveFailed',
  'runQueued',
  'runRunning',
  'runRefused',
  'upQueued',
  'upRunning',
  'upDone',
  'upFailed',
  'upCancelled',
  'statusOk',
  'statusFailed',
  'deleted',
  'deleteFailed',
] as const;

const S = (editing: string, run: string) => `active.editing.${editing}|active.run.${run}`;
const busy = ['busy'];
const watch = { src: 'watchRun', input: { uuid: 'j1' } };
const unreachable = 'network.unreachable';

/** An existing job opened by an agent (editJob, matchingJobResult). */
const agentJob: ModelTable = {
  initial: 'loading',
  events: EVENTS,
  states: {
    loading: {
      loaded: { target: S('clean', 'idle'), context: { job: STORED, run: null, form: storedForm }, tags: [] },
      loadedRunning: {
        target: S('clean', 'inFlight.running'),
        context: { run: run('running', 40) },
        invoked: [watch],
        tags: ['running'],
      },
      loadedArchived: { target: 'archived', context: { job: ARCHIVED }, tags: [] },
      loadFailed: { target: 'loadFailed', context: { error: unreachable }, tags: [] },
    },
    loadFailed: {
      retry: {
        target: 'loading',
        context: { error: null },
        invoked: [{ src: 'loadJob', input: { uuid: 'j1' } }],
        tags: busy,
      },
    },
    [S('clean', 'idle')]: {
      edit: {
        target: S('dirty', 'idle'),
        context: { form: { ...storedForm, values: editedDraft.values } },
        tags: ['unsaved'],
      },
      criterion: {
        target: S('dirty', 'idle'),
        context: {
          form: { ...storedForm, criteria: [{ key: 'skills', value: ['go'], weight: 5, must: true }] },
        },
        tags: ['unsaved'],
      },
      saveTooLong: {
        target: S('dirty', 'idle'),
        context: { formErrors: { title: ['field.too_long'] } },
        tags: ['unsaved'],
      },
      run: {
        target: S('clean', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: busy,
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('clean', 'idle'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
        tags: [],
      },
    },
    [S('dirty', 'idle')]: {
      edit: { target: S('dirty', 'idle'), context: { form: { ...storedForm, values: editedDraft.values } } },
      criterion: {
        target: S('dirty', 'idle'),
        context: {
          form: {
            values: editedDraft.values,
            criteria: [{ key: 'skills', value: ['go'], weight: 5, must: true }],
          },
        },
      },
      editBack: { target: S('clean', 'idle'), context: { form: storedForm }, tags: [] },
      saveTooLong: {
        target: S('dirty', 'idle'),
        context: { formErrors: { title: ['field.too_long'] } },
        tags: ['unsaved'],
      },
      save: {
        target: S('saving', 'idle'),
        invoked: [{ src: 'saveJob', input: { uuid: 'j1', draft: editedDraft, version: 1 } }],
        tags: ['busy', 'unsaved'],
      },
      rollback: { target: S('clean', 'idle'), context: { form: storedForm, formErrors: {} }, tags: [] },
      run: {
        target: S('dirty', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: ['busy', 'unsaved'],
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('dirty', 'idle'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('saving', 'idle')]: {
      saved: {
        target: S('clean', 'idle'),
        context: { job: SAVED, form: { values: SAVED.values, criteria: SAVED.criteria }, error: null },
        tags: [],
      },
      saveConflict: { target: S('conflict', 'idle'), context: { theirs: THEIRS }, tags: ['unsaved'] },
      saveRejected: {
        target: S('dirty', 'idle'),
        context: { formErrors: { title: ['field.too_long'] }, error: 'request.invalid' },
        tags: ['unsaved'],
      },
      saveFailed: { target: S('dirty', 'idle'), context: { error: unreachable }, tags: ['unsaved'] },
      run: {
        target: S('saving', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: ['busy', 'unsaved'],
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('saving', 'idle'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('conflict', 'idle')]: {
      // Keep mine: the form stays, the next save names their version.
      keepMine: {
        target: S('dirty', 'idle'),
        context: { job: THEIRS, theirs: null, form: { ...storedForm, values: editedDraft.values } },
        tags: ['unsaved'],
      },
      takeTheirs: {
        target: S('clean', 'idle'),
        context: { job: THEIRS, theirs: null, form: { values: THEIRS.values, criteria: THEIRS.criteria } },
        tags: [],
      },
      run: {
        target: S('conflict', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: ['busy', 'unsaved'],
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('conflict', 'idle'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('clean', 'requesting')]: {
      runQueued: {
        target: S('clean', 'inFlight.queued'),
        context: { run: run('queued', 0) },
        invoked: [watch],
        tags: ['running'],
      },
      runRunning: {
        target: S('clean', 'inFlight.running'),
        context: { run: run('running', 40) },
        invoked: [watch],
        tags: ['running'],
      },
      runRefused: { target: S('clean', 'idle'), context: { error: 'job.archived', run: null }, tags: [] },
      edit: { target: S('dirty', 'requesting'), tags: ['busy', 'unsaved'] },
      criterion: { target: S('dirty', 'requesting'), tags: ['busy', 'unsaved'] },
      saveTooLong: {
        target: S('dirty', 'requesting'),
        context: { formErrors: { title: ['field.too_long'] } },
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('clean', 'requesting'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('clean', 'inFlight.queued')]: {
      upQueued: {
        target: S('clean', 'inFlight.queued'),
        context: { run: run('queued', 0) },
        tags: ['running'],
      },
      // The stream goes on: a new state of the run starts no second watcher.
      upRunning: {
        target: S('clean', 'inFlight.running'),
        context: { run: run('running', 40) },
        tags: ['running'],
      },
      upDone: {
        target: S('clean', 'done'),
        context: { run: run('done', 100) },
        invoked: [{ src: 'resultsReplaced', input: null }],
        tags: [],
      },
      upFailed: { target: S('clean', 'failed'), context: { run: run('failed', 40) }, tags: [] },
      upCancelled: { target: S('clean', 'cancelled'), context: { run: run('cancelled', 40) }, tags: [] },
      edit: { target: S('dirty', 'inFlight.queued'), tags: ['running', 'unsaved'] },
      criterion: { target: S('dirty', 'inFlight.queued'), tags: ['running', 'unsaved'] },
      saveTooLong: {
        target: S('dirty', 'inFlight.queued'),
        context: { formErrors: { title: ['field.too_long'] } },
      },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('clean', 'inFlight.queued'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('clean', 'inFlight.running')]: {
      upQueued: {
        target: S('clean', 'inFlight.queued'),
        context: { run: run('queued', 0) },
        tags: ['running'],
      },
      upRunning: {
        target: S('clean', 'inFlight.running'),
        context: { run: run('running', 40) },
        tags: ['running'],
      },
      upDone: {
        target: S('clean', 'done'),
        context: { run: run('done', 100) },
        invoked: [{ src: 'resultsReplaced', input: null }],
        tags: [],
      },
      upFailed: { target: S('clean', 'failed'), context: { run: run('failed', 40) }, tags: [] },
      upCancelled: { target: S('clean', 'cancelled'), context: { run: run('cancelled', 40) }, tags: [] },
      edit: { target: S('dirty', 'inFlight.running'), tags: ['running', 'unsaved'] },
      criterion: { target: S('dirty', 'inFlight.running'), tags: ['running', 'unsaved'] },
      saveTooLong: {
        target: S('dirty', 'inFlight.running'),
        context: { formErrors: { title: ['field.too_long'] } },
      },
      // Archiving cancels the run on the server; the machine says so at once.
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('clean', 'inFlight.running'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('clean', 'done')]: {
      run: {
        target: S('clean', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: busy,
      },
      edit: { target: S('dirty', 'done'), tags: ['unsaved'] },
      criterion: { target: S('dirty', 'done'), tags: ['unsaved'] },
      saveTooLong: { target: S('dirty', 'done'), context: { formErrors: { title: ['field.too_long'] } } },
      archive: {
        target: 'archiving',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: S('clean', 'done'),
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    [S('clean', 'failed')]: {
      run: {
        target: S('clean', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: busy,
      },
    },
    [S('clean', 'cancelled')]: {
      run: {
        target: S('clean', 'requesting'),
        invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
        tags: busy,
      },
    },
    archiving: {
      statusOk: { target: 'archived', context: { job: ARCHIVED, error: null }, tags: [] },
      statusFailed: { target: S('clean', 'idle'), context: { error: unreachable }, tags: [] },
    },
    // Archived: no edits, no runs; re-activate, duplicate or delete.
    archived: {
      activate: {
        target: 'activating',
        invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'active' } }],
        tags: busy,
      },
      delete: { target: 'deleting', invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }], tags: busy },
      duplicate: {
        target: 'archived',
        invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
      },
    },
    activating: {
      statusOk: { target: S('clean', 'idle'), context: { job: STORED, error: null }, tags: [] },
      statusFailed: { target: 'archived', context: { error: unreachable }, tags: [] },
    },
    deleting: {
      deleted: { target: 'deleted', tags: [] },
      deleteFailed: { target: S('clean', 'idle'), context: { error: unreachable }, tags: [] },
    },
    deleted: {},
  },
};

// The partial-state rows above leave some cells to the refused check: in `done`, `failed` and
// `cancelled` the editor takes the same events as in `idle`; those rows list only the run's.
for (const runState of ['failed', 'cancelled']) {
  const row = agentJob.states[S('clean', runState)] as Record<string, Expectation>;
  row.edit = { target: S('dirty', runState), tags: ['unsaved'] };
  row.criterion = { target: S('dirty', runState), tags: ['unsaved'] };
  row.saveTooLong = { target: S('dirty', runState), context: { formErrors: { title: ['field.too_long'] } } };
  for (const event of ['archive', 'delete'] as const)
    row[event] = (agentJob.states[S('clean', 'done')] as Record<string, Expectation>)[event] as Expectation;
  row.duplicate = {
    target: S('clean', runState),
    invoked: [{ src: 'openCopy', input: { uuid: 'j1' } }],
  };
}

/** newJob: an empty draft targeting stellas; saving creates the job. */
const newDraft: ModelTable = {
  initial: 'draft.clean',
  events: EVENTS,
  states: {
    'draft.clean': {
      // An emptied field is what the form shows, and still nothing to save.
      editBack: {
        target: 'draft.clean',
        context: { form: { values: { target_types: ['stella'], title: '' }, criteria: [] } },
        tags: [],
      },
      edit: {
        target: 'draft.dirty',
        context: { form: { values: editedDraft.values, criteria: [] } },
        tags: ['unsaved'],
      },
      criterion: {
        target: 'draft.dirty',
        context: {
          form: {
            values: { target_types: ['stella'] },
            criteria: [{ key: 'skills', value: ['go'], weight: 5, must: true }],
          },
        },
        tags: ['unsaved'],
      },
      saveTooLong: {
        target: 'draft.dirty',
        context: { formErrors: { title: ['field.too_long'] } },
        tags: ['unsaved'],
      },
    },
    'draft.dirty': {
      criterion: {
        target: 'draft.dirty',
        context: {
          form: {
            values: editedDraft.values,
            criteria: [{ key: 'skills', value: ['go'], weight: 5, must: true }],
          },
        },
      },
      edit: { target: 'draft.dirty' },
      // Clearing the only change leaves nothing to save.
      editBack: {
        target: 'draft.clean',
        context: { form: { values: { target_types: ['stella'], title: '' }, criteria: [] } },
        tags: [],
      },
      saveTooLong: {
        target: 'draft.dirty',
        context: { formErrors: { title: ['field.too_long'] } },
        tags: ['unsaved'],
      },
      save: {
        target: 'draft.creating',
        invoked: [{ src: 'createJob', input: { draft: { values: editedDraft.values, criteria: [] } } }],
        tags: ['busy', 'unsaved'],
      },
    },
    'draft.creating': {
      created: { target: S('clean', 'idle'), context: { uuid: 'j1', job: SAVED, run: null }, tags: [] },
      createRejected: {
        target: 'draft.dirty',
        context: { formErrors: { title: ['field.too_long'] }, error: 'request.invalid', uuid: null },
        tags: ['unsaved'],
      },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable, uuid: null }, tags: ['unsaved'] },
    },
  },
};

/** duplicate/{uuid}: a draft holding a copy, unsaved until created. */
const copyDraft: ModelTable = {
  initial: 'loadingCopy',
  events: EVENTS,
  states: {
    loadingCopy: {
      loaded: {
        target: 'draft.dirty',
        context: { uuid: null, job: null, run: null, form: storedForm },
        tags: ['unsaved'],
      },
      // A copy leaves the original's run and status behind.
      loadedRunning: {
        target: 'draft.dirty',
        context: { uuid: null, run: null, form: storedForm },
        tags: ['unsaved'],
      },
      loadedArchived: {
        target: 'draft.dirty',
        context: { uuid: null, job: null, form: storedForm },
        tags: ['unsaved'],
      },
      loadFailed: { target: 'loadFailed', context: { error: unreachable }, tags: [] },
    },
    loadFailed: {
      retry: {
        target: 'loadingCopy',
        context: { error: null },
        invoked: [{ src: 'loadJob', input: { uuid: 'j1' } }],
        tags: busy,
      },
    },
    'draft.dirty': {
      edit: { target: 'draft.dirty', context: { form: { ...storedForm, values: editedDraft.values } } },
      editBack: {
        target: 'draft.dirty',
        context: { form: { ...storedForm, values: { ...storedForm.values, title: '' } } },
      },
      saveTooLong: { target: 'draft.dirty', context: { formErrors: { title: ['field.too_long'] } } },
      criterion: { target: 'draft.dirty' },
      save: {
        target: 'draft.creating',
        invoked: [{ src: 'createJob', input: { draft: storedForm } }],
        tags: ['busy', 'unsaved'],
      },
    },
    'draft.creating': {
      created: { target: S('clean', 'idle'), context: { uuid: 'j1' }, tags: [] },
      createRejected: { target: 'draft.dirty', context: { error: 'request.invalid' } },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable } },
    },
  },
};

const companyForm = { values: { target_types: ['stella'] }, criteria: [{ key: 'skills', value: ['go'] }] };
/** A company files a request: criteria without weight or must; afterwards it only reads. */
const companyRequest: ModelTable = {
  initial: 'draft.clean',
  events: EVENTS,
  states: {
    'draft.clean': {
      editBack: { target: 'draft.clean', tags: [] },
      edit: { target: 'draft.dirty', tags: ['unsaved'] },
      criterion: { target: 'draft.dirty', context: { form: companyForm }, tags: ['unsaved'] },
      saveTooLong: {
        target: 'draft.dirty',
        context: { formErrors: { title: ['field.too_long'] } },
        tags: ['unsaved'],
      },
    },
    'draft.dirty': {
      edit: { target: 'draft.dirty' },
      saveTooLong: { target: 'draft.dirty', context: { formErrors: { title: ['field.too_long'] } } },
      criterion: { target: 'draft.dirty' },
      // Reached by `edit` (a title): the request goes out without weights or must flags.
      save: {
        target: 'draft.creating',
        invoked: [{ src: 'createJob', input: { draft: { values: editedDraft.values, criteria: [] } } }],
        tags: ['busy', 'unsaved'],
      },
      editBack: { target: 'draft.clean', tags: [] },
    },
    'draft.creating': {
      created: { target: S('clean', 'idle'), context: { uuid: 'j1' }, tags: [] },
      createRejected: { target: 'draft.dirty', context: { error: 'request.invalid' } },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable } },
    },
  },
};

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
