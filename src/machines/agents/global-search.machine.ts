import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type GlobalSearchResponse, SEARCH_MIN_LENGTH } from '../../../contract/search';

/** Typing pauses this long before the search goes out: one request per pause, not per key. */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 200;
/** The code a failed search leaves in context; the UI translates it. */
export const GLOBAL_SEARCH_FAILED = 'search.failed';

export interface GlobalSearchContext {
  /** What the field shows. */
  query: string;
  /** The last answer; kept while the next search runs, so the list does not flicker. Null: none yet. */
  hits: GlobalSearchResponse | null;
  error: string | null;
}

export type GlobalSearchEvent =
  | { type: 'search.type'; query: string }
  | { type: 'search.retry' }
  /** The field was closed or a hit opened: start over with an empty field. */
  | { type: 'search.reset' };

/**
 * The agent shell's search field (issue 20, point 7): typing waits for a pause, then asks the server
 * for candidates, companies and jobs (busy); typing again cancels the running request. Fewer than
 * SEARCH_MIN_LENGTH characters ask nothing and show nothing. A failure keeps the query to retry.
 */
export const globalSearchMachine = setup({
  types: {
    context: {} as GlobalSearchContext,
    events: {} as GlobalSearchEvent,
  },
  actors: {
    search: fromPromise<GlobalSearchResponse, { query: string }>(async () => {
      throw new Error('provide search');
    }),
  },
  delays: { debounce: GLOBAL_SEARCH_DEBOUNCE_MS },
  guards: {
    isSearchable: ({ event }) =>
      event.type === 'search.type' && event.query.trim().length >= SEARCH_MIN_LENGTH,
  },
  actions: {
    storeQuery: assign(({ event }) => {
      assertEvent(event, 'search.type');
      return { query: event.query, error: null };
    }),
    clearHits: assign({ hits: null }),
    storeHits: assign((_, hits: GlobalSearchResponse) => ({ hits })),
    storeFailure: assign({ error: GLOBAL_SEARCH_FAILED }),
    reset: assign({ query: '', hits: null, error: null }),
  },
}).createMachine({
  id: 'globalSearch',
  context: { query: '', hits: null, error: null },
  initial: 'idle',
  on: {
    'search.type': [
      { guard: 'isSearchable', target: '.debouncing', reenter: true, actions: 'storeQuery' },
      { target: '.idle', actions: ['storeQuery', 'clearHits'] },
    ],
    'search.reset': { target: '.idle', actions: 'reset' },
  },
  states: {
    idle: {},
    debouncing: {
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'search',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'results', actions: { type: 'storeHits', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'storeFailure' },
      },
    },
    results: {},
    failed: {
      tags: ['error'],
      on: { 'search.retry': 'searching' },
    },
  },
});

export type GlobalSearchActor = ActorRefFrom<typeof globalSearchMachine>;
export type GlobalSearchSnapshot = SnapshotFrom<typeof globalSearchMachine>;
