import type { FieldDefinition } from '../../contract/catalog';
import { jobFixture, runFixture } from './job-fixtures';
import { type Expectation, type ModelTable, tableState } from './model';

/*
 * The job machine's specification, written by hand (STYLE.md "Tests"), one table per way the editor
 * or the results page opens it: for each state the events it takes, where each leads, what the context
 * then holds, which tags the state carries and which actor (or route effect) starts with what input.
 * Every event a state does not list is refused and must change nothing. The unit tests replay the
 * tables on the lifecycle and its form together (job-replay.ts, run by both machines' model tests);
 * the browser walks them in the real app (tests/e2e/job-model.test.ts).
 */

const label = (de: string) => ({ de, en: de });
export const fields = [
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
    // The agency's choice: a company's request names no target groups (PRODUCT.md §10).
    for: ['agent'],
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

export const job = jobFixture;
export const run = runFixture;

export const STORED = job();
export const SAVED = job({ values: { title: 'Neu', target_types: ['stella'] }, version: 2 });
export const THEIRS = job({ values: { title: 'Von Kim', target_types: ['nova'] }, version: 5 });
export const ARCHIVED = job({ status: 'archived' });
/** Archived by the page: it is told, and offers to undo it (issue 42: a double click on "run" once archived). */
const archivedNotice = { src: 'archivedNotice', input: { uuid: 'j1' } };
/** Freshness: the criteria changed after the last done run (the server says so on the job). */
export const STALE = job({ criteriaChangedSinceRun: true });
export const SAVED_STALE = { ...SAVED, criteriaChangedSinceRun: true };
export const TOO_LONG = 'x'.repeat(201);
export const storedForm = { values: STORED.values, criteria: STORED.criteria };
export const editedDraft = {
  values: { title: 'Neu', target_types: ['stella'] },
  criteria: [{ key: 'skills', value: ['typescript'], weight: 3, must: false }],
};

/** The events of the tables: user events, and what the server (the actors) answers. */
export const EVENTS = [
  'edit',
  'editBack',
  'criterion',
  'saveTooLong',
  'save',
  'saveAndRun',
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
  'loadedStale',
  'loadFailed',
  'created',
  'createRejected',
  'saved',
  'savedStale',
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

export const S = (editing: string, run: string) => `active.editing.${editing}|active.run.${run}`;
const busy = ['busy'];
const watch = { src: 'watchRun', input: { uuid: 'j1' } };
const unreachable = 'network.unreachable';

/** An existing job opened by an agent (editJob, matchingJobResult). */
export const agentJob: ModelTable = {
  rules: { '*': 'PRODUCT §5 job lifecycle' },
  initial: 'loading',
  events: EVENTS,
  states: {
    loading: {
      loaded: {
        target: S('clean', 'idle'),
        context: { job: STORED, run: null, form: storedForm, criteriaChanged: false },
        tags: [],
      },
      // Its criteria changed after its last done run: the results page says so and offers a new run.
      loadedStale: {
        target: `${S('clean', 'done')}#stale`,
        context: { job: STALE, run: run('done', 100), form: storedForm, criteriaChanged: true },
        tags: [],
      },
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
        context: {
          job: SAVED,
          form: { values: SAVED.values, criteria: SAVED.criteria },
          error: null,
          criteriaChanged: false,
        },
        tags: [],
      },
      // The save changed criteria the last run scored: the server's answer says so, the machine keeps it.
      savedStale: {
        target: S('clean', 'idle'),
        context: { job: SAVED_STALE, error: null, criteriaChanged: true },
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
        // A run done after the change scored the criteria as they are: fresh again.
        context: { run: run('done', 100), criteriaChanged: false },
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
        // A run done after the change scored the criteria as they are: fresh again.
        context: { run: run('done', 100), criteriaChanged: false },
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
      statusOk: {
        target: 'archived',
        context: { job: ARCHIVED, error: null },
        invoked: [archivedNotice],
        tags: [],
      },
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

// `done#stale`: the same state, its results older than the criteria; it takes what `done` takes.
const staleDone = structuredClone(agentJob.states[S('clean', 'done')]) as Record<string, Expectation>;
staleDone.duplicate = { ...(staleDone.duplicate as Expectation), target: `${S('clean', 'done')}#stale` };
agentJob.states[`${S('clean', 'done')}#stale`] = staleDone;

/** newJob: an empty draft targeting stellas; saving creates the job. */
export const newDraft: ModelTable = {
  rules: { '*': 'PRODUCT §5 job lifecycle' },
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
      // Issue 42: "Save and run" creates the job as a save does, then asks for its run.
      saveAndRun: {
        target: 'draft.creating#andRun',
        invoked: [{ src: 'createJob', input: { draft: { values: editedDraft.values, criteria: [] } } }],
        tags: ['busy', 'unsaved'],
      },
    },
    'draft.creating#andRun': {
      created: {
        target: S('clean', 'requesting'),
        context: { uuid: 'j1', job: SAVED, run: null },
        tags: busy,
      },
      // Refused or failed: nothing was created, nothing runs; the next plain save only saves.
      createRejected: {
        target: 'draft.dirty',
        context: { formErrors: { title: ['field.too_long'] }, error: 'request.invalid', uuid: null },
        tags: ['unsaved'],
      },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable, uuid: null }, tags: ['unsaved'] },
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
export const copyDraft: ModelTable = {
  rules: { '*': 'PRODUCT §5 job lifecycle' },
  initial: 'loadingCopy',
  events: EVENTS,
  states: {
    loadingCopy: {
      loaded: {
        target: 'draft.dirty',
        context: { uuid: null, job: null, run: null, form: storedForm },
        tags: ['unsaved'],
      },
      // A copy leaves the original's run, status and freshness behind.
      loadedStale: {
        target: 'draft.dirty',
        context: { uuid: null, job: null, run: null, form: storedForm, criteriaChanged: false },
        tags: ['unsaved'],
      },
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
      saveAndRun: {
        target: 'draft.creating#andRun',
        invoked: [{ src: 'createJob', input: { draft: storedForm } }],
        tags: ['busy', 'unsaved'],
      },
    },
    'draft.creating': {
      created: { target: S('clean', 'idle'), context: { uuid: 'j1' }, tags: [] },
      createRejected: { target: 'draft.dirty', context: { error: 'request.invalid' } },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable } },
    },
    'draft.creating#andRun': {
      created: {
        target: S('clean', 'requesting'),
        context: { uuid: 'j1' },
        tags: busy,
      },
      createRejected: { target: 'draft.dirty', context: { error: 'request.invalid' } },
      saveFailed: { target: 'draft.dirty', context: { error: unreachable } },
    },
  },
};

const companyForm = { values: { target_types: ['stella'] }, criteria: [{ key: 'skills', value: ['go'] }] };
/** A company files a request: criteria without weight or must; afterwards it only reads. */
export const companyRequest: ModelTable = {
  rules: { '*': 'PRODUCT §5 company request' },
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
      // Reached by `edit` (a title): the request goes out without weights, must flags or target groups.
      save: {
        target: 'draft.creating',
        invoked: [{ src: 'createJob', input: { draft: { values: { title: 'Neu' }, criteria: [] } } }],
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

/*
 * The what-if beside an agent's editor (PRODUCT.md §5) is asked about the form every time it changes
 * and every time a form opens, with the target groups and the criteria it then holds; a company's
 * request form has none. Written as rules over the rows above: each row that changes or opens a form
 * asks once more, after the calls the row names.
 */
/** The what-if asked about these target groups and criteria. */
export const ask = (targetTypes: string[], criteria: unknown[]) => ({
  src: 'whatIf',
  input: { targetTypes, criteria },
});
const askStored = ask(['stella'], STORED.criteria);
const askChanged = (targetTypes: string[]) =>
  ask(targetTypes, [{ key: 'skills', value: ['go'], weight: 5, must: true }]);

function asks(table: ModelTable, rules: Record<string, (state: string) => Expectation['invoked']>) {
  for (const [state, row] of Object.entries(table.states)) {
    for (const [event, expectation] of Object.entries(row)) {
      const extra = rules[event]?.(state);
      if (extra) expectation.invoked = [...(expectation.invoked ?? []), ...extra];
    }
  }
}

// An edit of the title asks about the criteria the form holds; a changed criterion about the new one
// (on the editJob screen too, the first change included).
const editing = (state: string) => state.startsWith('active.editing.') || state.startsWith('draft.');
// Opened while its run is in flight: the form opens with the job, then the run is watched.
(agentJob.states.loading as Record<string, Expectation>).loadedRunning = {
  ...(agentJob.states.loading?.loadedRunning as Expectation),
  invoked: [askStored, watch],
};
asks(agentJob, {
  loaded: () => [askStored],
  loadedStale: () => [askStored],
  edit: (s) => (editing(s) ? [askStored] : undefined),
  editBack: (s) => (editing(s) ? [askStored] : undefined),
  saveTooLong: (s) => (editing(s) ? [askStored] : undefined),
  rollback: () => [askStored],
  criterion: (s) => (editing(s) ? [askChanged(['stella'])] : undefined),
  takeTheirs: () => [ask(['nova'], THEIRS.criteria)],
  // The job is active again: its form opens anew.
  statusFailed: (s) => (s === 'archiving' ? [askStored] : undefined),
  statusOk: (s) => (s === 'activating' ? [askStored] : undefined),
  deleteFailed: () => [askStored],
});
asks(newDraft, {
  edit: () => [ask(['stella'], [])],
  editBack: () => [ask(['stella'], [])],
  saveTooLong: () => [ask(['stella'], [])],
  criterion: () => [askChanged(['stella'])],
  // Created: the job's own form opens.
  created: () => [ask(['stella'], SAVED.criteria)],
});
asks(copyDraft, {
  loaded: () => [askStored],
  loadedStale: () => [askStored],
  loadedRunning: () => [askStored],
  loadedArchived: () => [askStored],
  edit: () => [askStored],
  editBack: () => [askStored],
  saveTooLong: () => [askStored],
  criterion: () => [askChanged(['stella'])],
  created: () => [ask(['stella'], SAVED.criteria)],
});
// "Save and run": the created job's own form opens (its what-if asks), then its run is asked for.
for (const table of [newDraft, copyDraft]) {
  const created = table.states['draft.creating#andRun']?.created as Expectation;
  created.invoked = [...(created.invoked ?? []), { src: 'requestRun', input: { uuid: 'j1' } }];
}

/*
 * What the run remembers. `archiving`, `deleting`, `archived`, `activating` and a run's `requesting`
 * keep the job's last run (and whether its criteria changed since): a failed archiving or deletion, a
 * refused run and a re-activation return to the run as it was, not to `idle` — a done run's results
 * stay on the page, a run in flight is watched again. The rows above are those states reached without
 * a run (their shortest route); these are the same states holding a run, labelled by it
 * (`archiving#done`, `archived#cancelled`, `deleting#archived-done`, `…requesting#failed`).
 */
const runMemory = {
  queued: { key: S('clean', 'inFlight.queued'), run: run('queued', 0), watched: true },
  running: { key: S('clean', 'inFlight.running'), run: run('running', 40), watched: true },
  done: { key: S('clean', 'done'), run: run('done', 100), watched: false },
  stale: { key: `${S('clean', 'done')}#stale`, run: run('done', 100), watched: false },
  failed: { key: S('clean', 'failed'), run: run('failed', 40), watched: false },
  cancelled: { key: S('clean', 'cancelled'), run: run('cancelled', 40), watched: false },
} as const;
type RunMemory = keyof typeof runMemory;
/** A state key with the run it holds; no label without a run. */
const holding = (state: string, memory: RunMemory | 'none') =>
  memory === 'none' ? state : `${state}#${memory}`;
/** Archiving cancels a run in flight on the server: the archived job holds it cancelled. */
const afterArchiving = (memory: RunMemory): RunMemory =>
  memory === 'queued' || memory === 'running' ? 'cancelled' : memory;
/** The active job opened again holding its run: its form asks the what-if, a run in flight is watched. */
const reopened = (memory: RunMemory) => [askStored, ...(runMemory[memory].watched ? [watch] : [])];
const tagsOf = (memory: RunMemory) => (runMemory[memory].watched ? ['running'] : []);
/**
 * The run an archived job holds: a run in flight cancelled at its progress. Whether `archived#cancelled`
 * came from a run cancelled or from one stopped by the archiving, its progress differs; the rows after
 * it say only that the run ended cancelled (the state), not at which progress.
 */
const heldWhenArchived = (memory: RunMemory) =>
  runMemory[memory].watched
    ? { ...runMemory[memory].run, state: 'cancelled' as const }
    : runMemory[memory].run;
const stated = (memory: RunMemory) => (memory === 'cancelled' ? {} : { run: runMemory[memory].run });
const copyOf = { src: 'openCopy', input: { uuid: 'j1' } };
const archive = (memory: RunMemory | 'none'): Expectation => ({
  target: holding('archiving', memory),
  invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'archived' } }],
  tags: busy,
});
const remove = (from: string): Expectation => ({
  target: from,
  invoked: [{ src: 'deleteJob', input: { uuid: 'j1' } }],
  tags: busy,
});

for (const memory of Object.keys(runMemory) as RunMemory[]) {
  const { key, run: held } = runMemory[memory];
  const row = agentJob.states[key] as Record<string, Expectation>;
  row.archive = archive(memory);
  row.delete = remove(holding('deleting', memory));
  agentJob.states[holding('archiving', memory)] = {
    statusOk: {
      target: holding('archived', afterArchiving(memory)),
      context: { job: ARCHIVED, error: null, run: heldWhenArchived(memory) },
      invoked: [archivedNotice],
      tags: [],
    },
    statusFailed: {
      target: key,
      context: { error: unreachable, run: held },
      invoked: reopened(memory),
      tags: tagsOf(memory),
    },
  };
  agentJob.states[holding('deleting', memory)] = {
    deleted: { target: 'deleted', tags: [] },
    deleteFailed: {
      target: key,
      context: { error: unreachable, run: held },
      invoked: reopened(memory),
      tags: tagsOf(memory),
    },
  };
}

// A run asked for after a run ended: refused, the ended run is still the job's latest.
for (const memory of ['done', 'stale', 'failed', 'cancelled'] as const) {
  const requesting = holding(S('clean', 'requesting'), memory);
  const row = structuredClone(agentJob.states[S('clean', 'requesting')]) as Record<string, Expectation>;
  row.runRefused = {
    target: runMemory[memory].key,
    context: { error: 'job.archived', run: runMemory[memory].run },
    tags: [],
  };
  row.archive = archive(memory);
  row.delete = remove(holding('deleting', memory));
  row.duplicate = { target: requesting, invoked: [copyOf] };
  agentJob.states[requesting] = row;
  (agentJob.states[runMemory[memory].key] as Record<string, Expectation>).run = {
    target: requesting,
    invoked: [{ src: 'requestRun', input: { uuid: 'j1' } }],
    tags: busy,
  };
}

// Archived, with or without a run: deleting it and failing leaves it archived; re-activated, the run is back.
(agentJob.states.archived as Record<string, Expectation>).delete = remove('deleting#archived');
agentJob.states['deleting#archived'] = {
  deleted: { target: 'deleted', tags: [] },
  deleteFailed: { target: 'archived', context: { error: unreachable }, tags: [] },
};
for (const memory of ['done', 'stale', 'failed', 'cancelled'] as const) {
  const { key } = runMemory[memory];
  const archived = holding('archived', memory);
  agentJob.states[archived] = {
    activate: {
      target: holding('activating', memory),
      invoked: [{ src: 'changeStatus', input: { uuid: 'j1', status: 'active' } }],
      tags: busy,
    },
    delete: remove(`deleting#archived-${memory}`),
    duplicate: { target: archived, invoked: [copyOf] },
  };
  agentJob.states[holding('activating', memory)] = {
    statusOk: {
      target: key,
      context: { job: STORED, error: null, ...stated(memory) },
      invoked: [askStored],
      tags: [],
    },
    statusFailed: { target: archived, context: { error: unreachable, ...stated(memory) }, tags: [] },
  };
  agentJob.states[`deleting#archived-${memory}`] = {
    deleted: { target: 'deleted', tags: [] },
    deleteFailed: { target: archived, context: { error: unreachable, ...stated(memory) }, tags: [] },
  };
}

/*
 * What the form remembers. `edit` types a new title, `editBack` the saved one back, `criterion` picks
 * the skills `go` (must, weight 5), `saveTooLong` leaves a title too long in the form. The rows above
 * name each dirty state by its shortest route (an edited title); a longer walk reaches the same
 * machine state holding other changes, and there the form behaves otherwise: a title typed back
 * leaves a changed criterion unsaved (still dirty), and a form holding a title too long or none at all
 * refuses to save (it shows the field's error and sends nothing). Those are labelled by what the form
 * holds: `#criterion` (the saved title, a changed criterion), `#edited-criterion`, `#tooLong`,
 * `#tooLong-criterion`, and on a draft `#untitled` (a criterion, no title).
 */
type Title = 'edited' | 'saved' | 'tooLong';
type Picked = 'saved' | 'changed';
/** The dirty forms beside the rows' own (an edited title, the saved criterion), each labelled. */
const MEMORIES: [Title, Picked][] = [
  ['saved', 'changed'],
  ['edited', 'changed'],
  ['tooLong', 'saved'],
  ['tooLong', 'changed'],
];
const picked = { key: 'skills', value: ['go'], weight: 5, must: true };
const tooLong = { formErrors: { title: ['field.too_long'] } };
const untitled = { formErrors: { title: ['field.required'] } };
const formLabel = (title: Title, criterion: Picked) =>
  ({ edited: 'edited', saved: '', tooLong: 'tooLong' })[title] +
  (criterion === 'changed' ? `${title === 'saved' ? '' : '-'}criterion` : '');
const formKey = (state: string, title: Title, criterion: Picked) => {
  const labelled = formLabel(title, criterion);
  return labelled === 'edited' ? state : `${state}#${labelled}`;
};

// An existing job: the stored job's title 'Lager' and criterion (skills typescript).
{
  const titleOf = { edited: 'Neu', saved: 'Lager', tooLong: TOO_LONG } as const;
  const formOf = (title: Title, criterion: Picked) => ({
    values: { ...STORED.values, title: titleOf[title] },
    criteria: criterion === 'changed' ? [picked] : STORED.criteria,
  });
  const asked = (title: Title, criterion: Picked) => [ask(['stella'], formOf(title, criterion).criteria)];
  const dirty = (title: Title, criterion: Picked) => formKey(S('dirty', 'idle'), title, criterion);
  const saving = (title: Title, criterion: Picked) => formKey(S('saving', 'idle'), title, criterion);
  const conflict = (title: Title, criterion: Picked) => formKey(S('conflict', 'idle'), title, criterion);
  const states = agentJob.states;
  const clean = states[S('clean', 'idle')] as Record<string, Expectation>;
  (clean.criterion as Expectation).target = dirty('saved', 'changed');
  (clean.saveTooLong as Expectation).target = dirty('tooLong', 'saved');
  const base = states[S('dirty', 'idle')] as Record<string, Expectation>;
  (base.criterion as Expectation).target = dirty('edited', 'changed');
  (base.saveTooLong as Expectation).target = dirty('tooLong', 'saved');
  for (const [title, criterion] of MEMORIES) {
    const key = dirty(title, criterion);
    const row = structuredClone(base);
    row.edit = {
      target: dirty('edited', criterion),
      context: { form: formOf('edited', criterion) },
      invoked: asked('edited', criterion),
      tags: ['unsaved'],
    };
    row.editBack =
      criterion === 'saved'
        ? (base.editBack as Expectation)
        : {
            target: dirty('saved', 'changed'),
            context: { form: formOf('saved', 'changed') },
            invoked: asked('saved', 'changed'),
            tags: ['unsaved'],
          };
    row.criterion = {
      target: dirty(title, 'changed'),
      context: { form: formOf(title, 'changed') },
      invoked: asked(title, 'changed'),
      tags: ['unsaved'],
    };
    row.saveTooLong = {
      target: dirty('tooLong', criterion),
      context: tooLong,
      invoked: asked('tooLong', criterion),
      tags: ['unsaved'],
    };
    row.save =
      title === 'tooLong'
        ? { target: key, context: tooLong, tags: ['unsaved'] }
        : {
            target: saving(title, criterion),
            invoked: [{ src: 'saveJob', input: { uuid: 'j1', draft: formOf(title, criterion), version: 1 } }],
            tags: ['busy', 'unsaved'],
          };
    (row.duplicate as Expectation).target = key;
    states[key] = row;
    if (title === 'tooLong') continue;
    const savingRow = structuredClone(states[S('saving', 'idle')]) as Record<string, Expectation>;
    (savingRow.saveConflict as Expectation).target = conflict(title, criterion);
    (savingRow.saveRejected as Expectation).target = key;
    (savingRow.saveFailed as Expectation).target = key;
    (savingRow.duplicate as Expectation).target = saving(title, criterion);
    states[saving(title, criterion)] = savingRow;
    const conflictRow = structuredClone(states[S('conflict', 'idle')]) as Record<string, Expectation>;
    conflictRow.keepMine = {
      target: key,
      context: { job: THEIRS, theirs: null, form: formOf(title, criterion) },
      tags: ['unsaved'],
    };
    (conflictRow.duplicate as Expectation).target = conflict(title, criterion);
    states[conflict(title, criterion)] = conflictRow;
  }
}

// A new draft and a company's request: nothing saved yet, so a title typed back is an empty one.
function draftMemory(
  table: ModelTable,
  options: {
    /** The what-if asked about a draft holding this criterion or none (a company's form asks none). */
    asked: (criterion: Picked) => Expectation['invoked'];
    /** What `createJob` is sent for a draft with the edited title. */
    created: (criterion: Picked) => unknown;
    /** An agent's draft is saved and run in one step; a company's request only filed. */
    runs: boolean;
  },
) {
  const states = table.states;
  const dirty = (title: Title, criterion: Picked) =>
    title === 'saved' ? 'draft.dirty#untitled' : formKey('draft.dirty', title, criterion);
  const creating = (criterion: Picked) => formKey('draft.creating', 'edited', criterion);
  const andRun = (key: string) => (key.includes('#') ? `${key}-andRun` : `${key}#andRun`);
  const withAsk = (e: Expectation, criterion: Picked): Expectation => {
    const invoked = options.asked(criterion);
    return invoked ? { ...e, invoked } : e;
  };
  const clean = states['draft.clean'] as Record<string, Expectation>;
  (clean.criterion as Expectation).target = dirty('saved', 'changed');
  const base = states['draft.dirty'] as Record<string, Expectation>;
  (base.criterion as Expectation).target = dirty('edited', 'changed');
  (clean.saveTooLong as Expectation).target = dirty('tooLong', 'saved');
  (base.saveTooLong as Expectation).target = dirty('tooLong', 'saved');
  for (const [title, criterion] of MEMORIES) {
    const key = dirty(title, criterion);
    states[key] = {
      edit: withAsk({ target: dirty('edited', criterion), tags: ['unsaved'] }, criterion),
      editBack: withAsk(
        criterion === 'saved'
          ? { target: 'draft.clean', tags: [] }
          : { target: dirty('saved', 'changed'), tags: ['unsaved'] },
        criterion,
      ),
      criterion: withAsk({ target: dirty(title, 'changed'), tags: ['unsaved'] }, 'changed'),
      saveTooLong: withAsk(
        { target: dirty('tooLong', criterion), context: tooLong, tags: ['unsaved'] },
        criterion,
      ),
      // Refused before anything is sent: the title is missing or too long.
      save:
        title === 'edited'
          ? {
              target: creating(criterion),
              invoked: [{ src: 'createJob', input: { draft: options.created(criterion) } }],
              tags: ['busy', 'unsaved'],
            }
          : { target: key, context: title === 'tooLong' ? tooLong : untitled, tags: ['unsaved'] },
    };
    if (options.runs) {
      const save = states[key]?.save as Expectation;
      (states[key] as Record<string, Expectation>).saveAndRun =
        title === 'edited' ? { ...save, target: andRun(creating(criterion)) } : save;
    }
  }
  const creatingRow = structuredClone(states['draft.creating']) as Record<string, Expectation>;
  (creatingRow.createRejected as Expectation).target = dirty('edited', 'changed');
  (creatingRow.saveFailed as Expectation).target = dirty('edited', 'changed');
  states[creating('changed')] = creatingRow;
  if (options.runs) {
    const runningRow = structuredClone(states['draft.creating#andRun']) as Record<string, Expectation>;
    (runningRow.createRejected as Expectation).target = dirty('edited', 'changed');
    (runningRow.saveFailed as Expectation).target = dirty('edited', 'changed');
    states[andRun(creating('changed'))] = runningRow;
  }
}
draftMemory(newDraft, {
  asked: (criterion) => [ask(['stella'], criterion === 'changed' ? [picked] : [])],
  created: (criterion) => ({ values: editedDraft.values, criteria: criterion === 'changed' ? [picked] : [] }),
  runs: true,
});
draftMemory(companyRequest, {
  asked: () => undefined,
  created: (criterion) => ({
    values: { title: 'Neu' },
    criteria: criterion === 'changed' ? [{ key: 'skills', value: ['go'] }] : [],
  }),
  runs: false,
});

// A copy holds the original's title: typed back (there is no saved one) it is empty, and the copy
// cannot be created until a title is typed again; a title too long is refused the same way.
{
  const states = copyDraft.states;
  const base = states['draft.dirty'] as Record<string, Expectation>;
  (base.editBack as Expectation).target = 'draft.dirty#untitled';
  (base.saveTooLong as Expectation).target = 'draft.dirty#tooLong';
  for (const [label, errors] of [
    ['untitled', untitled],
    ['tooLong', tooLong],
  ] as const) {
    const key = `draft.dirty#${label}`;
    const row = structuredClone(base);
    row.edit = { target: 'draft.dirty', invoked: [askStored], tags: ['unsaved'] };
    row.criterion = { target: key, invoked: [askChanged(['stella'])], tags: ['unsaved'] };
    row.editBack = { target: 'draft.dirty#untitled', invoked: [askStored], tags: ['unsaved'] };
    row.saveTooLong = {
      target: 'draft.dirty#tooLong',
      context: tooLong,
      invoked: [askStored],
      tags: ['unsaved'],
    };
    row.save = { target: key, context: errors, tags: ['unsaved'] };
    row.saveAndRun = { target: key, context: errors, tags: ['unsaved'] };
    states[key] = row;
  }
}

/**
 * The state a screen shows for a table key: the run's and the form's memory labels above are one
 * state on the screen (the in-process run tells them apart); a done run's stale results are not
 * (the page says the criteria changed since the run). What the browser walks must all reach.
 */
export const shownState = (key: string): string =>
  key === `${S('clean', 'done')}#stale` ? key : tableState(key);
