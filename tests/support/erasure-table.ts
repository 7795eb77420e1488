import type { ErasurePreview } from '../../contract/erasure';
import type { Expectation, ModelTable } from './model';

// The erasure machine's specification (replayed by src/machines/candidates/erasure.model.test.ts),
// written apart from the machine. A label after # says what the dialog holds: `named` the record's
// name typed, `reason` a reason chosen, `ready` both, `blocked` a company that is still the client of
// active jobs.

/** What the server says a candidate's deletion takes. */
export const PREVIEW: ErasurePreview = {
  kind: 'candidate',
  uuid: 'p1',
  name: 'Paula Probe',
  email: 'paula@mail.example',
  account: true,
  photo: true,
  pipelineEntries: 2,
  timelineEntries: 3,
  contacts: 0,
  jobs: 0,
  activeJobs: [],
};
/** A company (a sole trader's, named after her) whose deletion waits for its active jobs to be archived. */
export const BLOCKED: ErasurePreview = {
  ...PREVIEW,
  kind: 'company',
  email: null,
  activeJobs: [{ uuid: 'j1', title: 'Lager Köln' }],
};
/** The name as the agent types it: other case, spaces around. */
export const TYPED_NAME = '  paula PROBE ';
export const TYPED_WRONG = 'Paula Probst';
/** A refusal of the server (the record was renamed meanwhile) and a failed preview. */
export const REFUSED = 'erasure.confirm_mismatch';
export const NOT_ASSIGNED = 'erasure.not_assigned';

export const EVENTS = [
  'open',
  'cancel',
  'retry',
  'reason',
  'typeName',
  'typeWrong',
  'confirm',
  'preview.done',
  'preview.blocked',
  'preview.error',
  'erase.done',
  'erase.error',
] as const;

const busy = ['busy'];
const load = { src: 'loadPreview', input: { kind: 'profile', uuid: 'p1' } };
const closed: Expectation = {
  target: 'closed',
  context: { preview: null, reason: null, confirm: '', error: null },
  tags: [],
};
/** What every question state takes besides its own rows. */
const question = (rows: { reason: string; typeName: string; typeWrong: string; confirm: Expectation }) => ({
  reason: { target: rows.reason, context: { reason: 'erasure_request', error: null } },
  typeName: { target: rows.typeName, context: { confirm: TYPED_NAME, error: null } },
  typeWrong: { target: rows.typeWrong, context: { confirm: TYPED_WRONG, error: null } },
  confirm: rows.confirm,
  cancel: closed,
});

export const ERASURE_TABLE: ModelTable = {
  initial: 'closed',
  initialContext: { kind: 'profile', uuid: 'p1', preview: null, error: null },
  initialTags: [],
  events: EVENTS,
  rules: { '*': 'issue 42: the agency deletes with a reason and a confirmation naming what goes' },
  states: {
    closed: { open: { target: 'loading', invoked: [load], tags: busy } },
    loading: {
      'preview.done': { target: 'asking', context: { preview: PREVIEW, error: null }, tags: [] },
      'preview.blocked': { target: 'asking#blocked', context: { preview: BLOCKED } },
      'preview.error': { target: 'loadFailed', context: { error: NOT_ASSIGNED }, tags: [] },
      cancel: closed,
    },
    loadFailed: {
      retry: { target: 'loading', invoked: [load], tags: busy },
      cancel: closed,
    },
    asking: question({
      reason: 'asking#reason',
      typeName: 'asking#named',
      typeWrong: 'asking',
      // A reason is asked first.
      confirm: { target: 'asking', context: { error: 'erasure.reason_invalid' } },
    }),
    'asking#named': question({
      reason: 'asking#ready',
      typeName: 'asking#named',
      typeWrong: 'asking',
      confirm: { target: 'asking#named', context: { error: 'erasure.reason_invalid' } },
    }),
    'asking#reason': question({
      reason: 'asking#reason',
      typeName: 'asking#ready',
      typeWrong: 'asking#reason',
      confirm: { target: 'asking#reason', context: { error: 'erasure.confirm_mismatch' } },
    }),
    'asking#ready': question({
      reason: 'asking#ready',
      typeName: 'asking#ready',
      typeWrong: 'asking#reason',
      confirm: {
        target: 'erasing',
        invoked: [
          {
            src: 'erase',
            input: { kind: 'profile', uuid: 'p1', reason: 'erasure_request', confirm: 'paula PROBE' },
          },
        ],
        tags: busy,
      },
    }),
    // However complete the question, a company with active jobs is not deleted.
    'asking#blocked': question({
      reason: 'asking#blockedReason',
      typeName: 'asking#blocked',
      typeWrong: 'asking#blocked',
      confirm: { target: 'asking#blocked', context: { error: 'erasure.active_jobs' } },
    }),
    'asking#blockedReason': question({
      reason: 'asking#blockedReason',
      typeName: 'asking#blockedReady',
      typeWrong: 'asking#blockedReason',
      confirm: { target: 'asking#blockedReason', context: { error: 'erasure.active_jobs' } },
    }),
    'asking#blockedReady': question({
      reason: 'asking#blockedReady',
      typeName: 'asking#blockedReady',
      typeWrong: 'asking#blockedReason',
      confirm: { target: 'asking#blockedReady', context: { error: 'erasure.active_jobs' } },
    }),
    erasing: {
      'erase.done': { target: 'erased', invoked: [{ src: 'erased', input: PREVIEW }], tags: [] },
      // The server's refusal shows in the dialog, which stays as it was.
      'erase.error': {
        target: 'asking#ready',
        context: { error: REFUSED, reason: 'erasure_request', confirm: TYPED_NAME },
        tags: [],
      },
    },
    erased: {},
  },
};
