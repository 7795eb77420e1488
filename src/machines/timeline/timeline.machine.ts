import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import {
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelineKind,
  type TimelinePage,
  type TimelineSubject,
} from '../../../contract/timeline';

/** Which entries the timeline shows: one kind, or all. */
export type TimelineFilter = TimelineKind | 'all';

export interface TimelineInput {
  subject: TimelineSubject;
  uuid: string;
}

export interface TimelineContext extends TimelineInput {
  filter: TimelineFilter;
  /** The pages read so far, newest first. */
  items: TimelineEntry[];
  total: number;
  /** The last page read. */
  page: number;
  /** The reason the last read failed (translated by the UI). */
  error: string | null;
  /** The note whose edit form is open. */
  editing: string | null;
}

export type TimelineEvent =
  | { type: 'timeline.filter'; filter: TimelineFilter }
  | { type: 'timeline.more' }
  | { type: 'timeline.retry' }
  /** Something was written to the timeline (an entry added): read its first page again. */
  | { type: 'timeline.changed' }
  | { type: 'timeline.edit'; uuid: string }
  | { type: 'timeline.cancelEdit' }
  /** A note's edit was saved: the entry as the server answered it. */
  | { type: 'timeline.saved'; entry: TimelineEntry };

/** What one read asks the server. */
export interface TimelinePageQuery extends TimelineInput {
  kind?: TimelineKind;
  page: number;
  limit: number;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

const query = (context: TimelineContext, page: number): TimelinePageQuery => ({
  subject: context.subject,
  uuid: context.uuid,
  ...(context.filter === 'all' ? {} : { kind: context.filter }),
  page,
  limit: TIMELINE_PAGE_SIZE,
});

/**
 * One candidate's, company's or job's timeline (PRODUCT.md §10): newest first, a page at a time
 * ("more"), one kind or all; a written entry reads the first page again; the author's note in its
 * 24 hours opens for editing (the edit and the add forms are form machines, timeline-actors.ts).
 */
export const timelineMachine = setup({
  types: {
    context: {} as TimelineContext,
    events: {} as TimelineEvent,
    input: {} as TimelineInput,
    tags: {} as 'busy',
  },
  actors: {
    fetchPage: fromPromise<TimelinePage, TimelinePageQuery>(async () => {
      throw new Error('fetchPage is provided by the timeline actors');
    }),
  },
  actions: {
    takeFilter: assign(({ event }) => {
      assertEvent(event, 'timeline.filter');
      return { filter: event.filter, items: [], total: 0, page: 0, editing: null };
    }),
    takeFirstPage: assign((_, page: TimelinePage) => ({
      items: page.items,
      total: page.total,
      page: page.page,
    })),
    appendPage: assign(({ context }, page: TimelinePage) => {
      // An entry written since the first page moves the others down: one already shown is not shown twice.
      const shown = new Set(context.items.map((i) => i.uuid));
      return {
        items: [...context.items, ...page.items.filter((i) => !shown.has(i.uuid))],
        total: page.total,
        page: page.page,
      };
    }),
    takeError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
    openEdit: assign(({ event }) => {
      assertEvent(event, 'timeline.edit');
      return { editing: event.uuid };
    }),
    closeEdit: assign({ editing: null }),
    replaceEntry: assign(({ context, event }) => {
      assertEvent(event, 'timeline.saved');
      return {
        items: context.items.map((i) => (i.uuid === event.entry.uuid ? event.entry : i)),
        editing: context.editing === event.entry.uuid ? null : context.editing,
      };
    }),
  },
  guards: {
    /** Entries beyond those shown, and no note open for editing (the list holds still meanwhile). */
    canLoadMore: ({ context }) => context.items.length < context.total && context.editing === null,
    isOtherFilter: ({ context, event }) =>
      event.type === 'timeline.filter' && event.filter !== context.filter,
    /** The caller's own note within its 24 hours (the server says until when), and no other edit open. */
    isEditable: ({ context, event }) => {
      if (event.type !== 'timeline.edit' || context.editing !== null) return false;
      const entry = context.items.find((i) => i.uuid === event.uuid);
      return Boolean(entry?.editableUntil && Date.parse(entry.editableUntil) > Date.now());
    },
    isEditing: ({ context }) => context.editing !== null,
  },
}).createMachine({
  id: 'timeline',
  context: ({ input }) => ({
    ...input,
    filter: 'all',
    items: [],
    total: 0,
    page: 0,
    error: null,
    editing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      on: {
        'timeline.filter': {
          guard: 'isOtherFilter',
          target: 'loading',
          reenter: true,
          actions: 'takeFilter',
        },
        'timeline.changed': { target: 'loading', reenter: true },
      },
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => query(context, 1),
        onDone: { target: 'ready', actions: { type: 'takeFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'takeError', params: errorOf } },
      },
    },
    ready: {
      on: {
        'timeline.more': { guard: 'canLoadMore', target: 'loadingMore' },
        'timeline.filter': { guard: 'isOtherFilter', target: 'loading', actions: 'takeFilter' },
        // A read of the first page closes an open edit: the note may have moved or gone.
        'timeline.changed': { target: 'loading', actions: 'closeEdit' },
        'timeline.edit': { guard: 'isEditable', actions: 'openEdit' },
        'timeline.cancelEdit': { guard: 'isEditing', actions: 'closeEdit' },
        'timeline.saved': { actions: 'replaceEntry' },
      },
    },
    loadingMore: {
      tags: ['busy'],
      entry: 'clearError',
      on: {
        'timeline.filter': { guard: 'isOtherFilter', target: 'loading', actions: 'takeFilter' },
        'timeline.changed': 'loading',
      },
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => query(context, context.page + 1),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'takeError', params: errorOf } },
      },
    },
    failed: {
      on: {
        'timeline.retry': 'loading',
        'timeline.filter': { guard: 'isOtherFilter', target: 'loading', actions: 'takeFilter' },
        'timeline.changed': 'loading',
      },
    },
  },
});

export type TimelineActor = ActorRefFrom<typeof timelineMachine>;
export type TimelineSnapshot = SnapshotFrom<typeof timelineMachine>;
