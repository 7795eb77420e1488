import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CityHit } from '../../../contract/catalog';

/** Fewer characters than this match too many places to be worth a request. */
export const CITY_QUERY_MIN = 2;
/** Typing pauses this long before the search goes out: one request per pause, not per key. */
export const CITY_DEBOUNCE_MS = 250;
/** The code a failed search leaves in context; the UI translates it. */
export const CITY_SEARCH_FAILED = 'city.search_failed';

export interface CitySearchContext {
  /** What the input shows: the typed text, or the chosen city's name. */
  query: string;
  /** The last answer; kept while the next search runs, so the list does not flicker. */
  hits: CityHit[];
  error: string | null;
}

export type CitySearchEvent =
  | { type: 'city.type'; query: string }
  | { type: 'city.choose'; hit: CityHit }
  | { type: 'city.retry' };

/**
 * The city search of a location field (issue 10): typing waits for a pause, then searches (busy);
 * the answer is a list to choose from, or a failure to retry. Typing again cancels a running search.
 * The chosen hit's id is what the form sends; the server fills the rest.
 */
export const citySearchMachine = setup({
  types: {
    context: {} as CitySearchContext,
    events: {} as CitySearchEvent,
    input: {} as { query?: string },
  },
  actors: {
    searchCities: fromPromise<CityHit[], { query: string }>(async () => {
      throw new Error('provide searchCities');
    }),
  },
  delays: { debounce: CITY_DEBOUNCE_MS },
  guards: {
    isSearchable: ({ event }) => event.type === 'city.type' && event.query.trim().length >= CITY_QUERY_MIN,
  },
  actions: {
    storeQuery: assign(({ event }) => {
      assertEvent(event, 'city.type');
      return { query: event.query, error: null };
    }),
    clearHits: assign({ hits: [] as CityHit[] }),
    storeHits: assign((_, hits: CityHit[]) => ({ hits })),
    storeFailure: assign({ error: CITY_SEARCH_FAILED }),
    takeChosen: assign(({ event }) => {
      assertEvent(event, 'city.choose');
      return { query: event.hit.name, hits: [], error: null };
    }),
  },
}).createMachine({
  id: 'citySearch',
  context: ({ input }) => ({ query: input.query ?? '', hits: [], error: null }),
  initial: 'idle',
  on: {
    'city.type': [
      { guard: 'isSearchable', target: '.debouncing', reenter: true, actions: 'storeQuery' },
      { target: '.idle', actions: ['storeQuery', 'clearHits'] },
    ],
  },
  states: {
    idle: {},
    debouncing: {
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchCities',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'results', actions: { type: 'storeHits', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'storeFailure' },
      },
    },
    results: {
      on: { 'city.choose': { target: 'idle', actions: 'takeChosen' } },
    },
    failed: {
      tags: ['error'],
      on: { 'city.retry': 'searching' },
    },
  },
});

export type CitySearchLogic = typeof citySearchMachine;
export type CitySearchActor = ActorRefFrom<typeof citySearchMachine>;
