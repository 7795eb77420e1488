import type { TimelineEntry, TimelinePage } from '../../contract/timeline';
import type { ModelTable } from './model';

// The timeline machine's specification (replayed by src/machines/timeline/timeline.model.test.ts),
// written by hand: the states, context, tags and reads expected, never taken from the machine. A
// state key's label (after #) names what the timeline holds there: the filter, whether more pages
// wait, a note open for editing, a reload of what is shown.

const entry = (
  uuid: string,
  kind: TimelineEntry['kind'],
  editableUntil: string | null,
  text = uuid,
): TimelineEntry => ({
  uuid,
  kind,
  action: null,
  text,
  details: {},
  // What an entry names and the fields of an edit come with it from the server (issue 42); the machine
  // keeps entries as answered, so a note names nothing here.
  references: {},
  fields: [],
  author: { uuid: kind === 'note' && uuid === 'n2' ? 'kim' : 'me', email: 'agent@matchwerk.example' },
  at: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  editableUntil,
});

/** The caller's note in its 24 hours, a colleague's note, the caller's note of last week, a call. */
export const N1 = entry('n1', 'note', '2999-01-01T00:00:00.000Z');
export const N2 = entry('n2', 'note', null);
export const N3 = entry('n3', 'note', '2000-01-02T00:00:00.000Z');
export const C1 = entry('c1', 'call', null);
export const N1_EDITED: TimelineEntry = {
  ...N1,
  text: 'n1, corrected',
  editedAt: '2026-03-01T11:00:00.000Z',
};
export const REFUSAL = 'server.internal';

const page = (items: TimelineEntry[], total: number, number: number): TimelinePage => ({
  items,
  total,
  page: number,
  limit: 20,
});

/**
 * What the stand-in server answers a read: all kinds are four entries on two pages (the second
 * repeats n3, as when an entry written meanwhile moved it down), calls are one.
 */
export function answerOf(query: { kind?: string; page: number }): TimelinePage {
  if (query.kind === 'call') return page([C1], 1, 1);
  return query.page === 1 ? page([N1, N2, N3], 4, 1) : page([N3, C1], 4, 2);
}

const read = (pageNumber: number, kind?: string) => ({
  src: 'fetchPage',
  input: { subject: 'profile', uuid: 'p1', ...(kind ? { kind } : {}), page: pageNumber, limit: 20 },
});
const busy = ['busy'];
const FIRST = [N1, N2, N3];

export const EVENTS = [
  'answered',
  'refused',
  'more',
  'filterCalls',
  'filterAll',
  'changed',
  'retry',
  'editOwn',
  'editOther',
  'editOld',
  'cancelEdit',
  'saved',
] as const;

const toCalls = {
  target: 'loading#calls',
  context: { filter: 'call', items: [], editing: null },
  invoked: [read(1, 'call')],
  tags: busy,
};
const toAll = {
  target: 'loading',
  context: { filter: 'all', items: [], error: null },
  invoked: [read(1)],
  tags: busy,
};
const again = {
  target: 'loading#again',
  context: { editing: null, error: null },
  invoked: [read(1)],
  tags: busy,
};

export const TIMELINE_TABLE: ModelTable = {
  rules: { '*': 'PRODUCT §10 timeline' },
  initial: 'loading',
  initialContext: {
    subject: 'profile',
    uuid: 'p1',
    filter: 'all',
    items: [],
    total: 0,
    page: 0,
    error: null,
    editing: null,
  },
  initialTags: busy,
  events: EVENTS,
  states: {
    loading: {
      answered: { target: 'ready#more', context: { items: FIRST, total: 4, page: 1, error: null }, tags: [] },
      refused: { target: 'failed', context: { error: REFUSAL, items: [] }, tags: [] },
      filterCalls: toCalls,
      changed: { target: 'loading', invoked: [read(1)], tags: busy },
    },
    failed: {
      retry: { target: 'loading', context: { error: null }, invoked: [read(1)], tags: busy },
      filterCalls: toCalls,
      changed: { target: 'loading', context: { error: null }, invoked: [read(1)], tags: busy },
    },
    'loading#calls': {
      answered: { target: 'ready#calls', context: { items: [C1], total: 1, page: 1 }, tags: [] },
      refused: { target: 'failed#calls', context: { error: REFUSAL }, tags: [] },
      filterAll: toAll,
      changed: { target: 'loading#calls', invoked: [read(1, 'call')], tags: busy },
    },
    'failed#calls': {
      retry: { target: 'loading#calls', context: { error: null }, invoked: [read(1, 'call')], tags: busy },
      filterAll: toAll,
      changed: { target: 'loading#calls', invoked: [read(1, 'call')], tags: busy },
    },
    // One call of one: nothing more to read, no note to edit.
    'ready#calls': {
      filterAll: toAll,
      changed: { target: 'loading#calls', invoked: [read(1, 'call')], tags: busy },
    },
    // The first page of four: more to read; the own fresh note (only that one) opens for editing.
    'ready#more': {
      more: { target: 'loadingMore', invoked: [read(2)], tags: busy },
      filterCalls: toCalls,
      changed: { ...again, context: { ...again.context, items: FIRST } },
      editOwn: { target: 'ready#editing', context: { editing: 'n1' }, tags: [] },
      saved: { target: 'ready#more', context: { items: [N1_EDITED, N2, N3] } },
    },
    // While a note is edited the list holds still (no "more"), and no second note opens.
    'ready#editing': {
      cancelEdit: { target: 'ready#more', context: { editing: null, items: FIRST } },
      saved: { target: 'ready#more', context: { editing: null, items: [N1_EDITED, N2, N3] } },
      filterCalls: toCalls,
      changed: again,
    },
    // A reload keeps the entries shown until the answer replaces them.
    'loading#again': {
      answered: { target: 'ready#more', context: { items: FIRST, total: 4, page: 1 }, tags: [] },
      refused: { target: 'failed#again', context: { error: REFUSAL, items: FIRST }, tags: [] },
      filterCalls: toCalls,
      changed: again,
    },
    'failed#again': {
      retry: again,
      filterCalls: toCalls,
      changed: again,
    },
    loadingMore: {
      answered: {
        target: 'ready#all',
        context: { items: [N1, N2, N3, C1], total: 4, page: 2, error: null },
        tags: [],
      },
      refused: { target: 'ready#moreFailed', context: { error: REFUSAL, items: FIRST, page: 1 }, tags: [] },
      filterCalls: toCalls,
      changed: { ...again, context: { ...again.context, items: FIRST } },
    },
    // The second page failed: the first stays, with the reason; "more" asks again.
    'ready#moreFailed': {
      more: { target: 'loadingMore', context: { error: null }, invoked: [read(2)], tags: busy },
      filterCalls: toCalls,
      changed: again,
      editOwn: { target: 'ready#editingAfterFailure', context: { editing: 'n1', error: REFUSAL } },
      saved: { target: 'ready#moreFailed', context: { items: [N1_EDITED, N2, N3] } },
    },
    'ready#editingAfterFailure': {
      cancelEdit: { target: 'ready#moreFailed', context: { editing: null } },
      saved: { target: 'ready#moreFailed', context: { editing: null, items: [N1_EDITED, N2, N3] } },
      filterCalls: toCalls,
      changed: again,
    },
    // Everything read.
    'ready#all': {
      filterCalls: toCalls,
      changed: { ...again, context: { ...again.context, items: [N1, N2, N3, C1] } },
      editOwn: { target: 'ready#allEditing', context: { editing: 'n1' } },
      saved: { target: 'ready#all', context: { items: [N1_EDITED, N2, N3, C1] } },
    },
    'ready#allEditing': {
      cancelEdit: { target: 'ready#all', context: { editing: null } },
      saved: { target: 'ready#all', context: { editing: null, items: [N1_EDITED, N2, N3, C1] } },
      filterCalls: toCalls,
      changed: again,
    },
  },
};
