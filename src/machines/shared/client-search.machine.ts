import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ClientHit, ClientRef } from '../../../contract/client';

/** Typing pauses this long before the search goes out: one request per pause, not per key. */
export const CLIENT_DEBOUNCE_MS = 250;
/** The code a failed search leaves in context; the UI translates it. */
export const CLIENT_SEARCH_FAILED = 'client.search_failed';

export interface ClientSearchContext {
  /** What the combobox's input shows: the typed text, or the chosen company's name. */
  query: string;
  /** The last answer; kept while the next search runs, so the list does not flicker. */
  hits: ClientHit[];
  /** The company chosen as the job's client; null: none (an internal search). */
  chosen: ClientRef | null;
  error: string | null;
}

export type ClientSearchEvent =
  | { type: 'client.type'; query: string }
  | { type: 'client.choose'; hit: ClientRef }
  | { type: 'client.clear' }
  | { type: 'client.retry' };

/**
 * The job form's client field (PRODUCT.md §10): a company chosen from the companies table as the
 * agent types. Typing waits for a pause and searches (busy); any typed text (even one letter) asks,
 * since company names are few and short. Typing again cancels a running search and lets go of the
 * chosen company until one is chosen again; clearing leaves none. The form reads `chosen`.
 */
export const clientSearchMachine = setup({
  types: {
    context: {} as ClientSearchContext,
    events: {} as ClientSearchEvent,
    input: {} as { chosen?: ClientRef | null },
  },
  actors: {
    searchClients: fromPromise<ClientHit[], { query: string }>(async () => {
      throw new Error('provide searchClients');
    }),
  },
  delays: { debounce: CLIENT_DEBOUNCE_MS },
  guards: {
    hasText: ({ event }) => event.type === 'client.type' && event.query.trim() !== '',
  },
  actions: {
    storeQuery: assign(({ event }) => {
      assertEvent(event, 'client.type');
      return { query: event.query, chosen: null, error: null };
    }),
    clearHits: assign({ hits: [] as ClientHit[] }),
    storeHits: assign((_, hits: ClientHit[]) => ({ hits })),
    storeFailure: assign({ error: CLIENT_SEARCH_FAILED }),
    takeChosen: assign(({ event }) => {
      assertEvent(event, 'client.choose');
      return { query: event.hit.name, chosen: { uuid: event.hit.uuid, name: event.hit.name }, error: null };
    }),
    clear: assign({ query: '', hits: [] as ClientHit[], chosen: null, error: null }),
  },
}).createMachine({
  id: 'clientSearch',
  context: ({ input }) => ({
    query: input.chosen?.name ?? '',
    hits: [],
    chosen: input.chosen ?? null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'client.type': [
      { guard: 'hasText', target: '.debouncing', reenter: true, actions: 'storeQuery' },
      { target: '.idle', actions: ['storeQuery', 'clearHits'] },
    ],
    'client.clear': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    debouncing: {
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchClients',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'results', actions: { type: 'storeHits', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'storeFailure' },
      },
    },
    results: {
      on: { 'client.choose': { target: 'idle', actions: 'takeChosen' } },
    },
    failed: {
      tags: ['error'],
      on: { 'client.retry': 'searching' },
    },
  },
});

export type ClientSearchLogic = typeof clientSearchMachine;
export type ClientSearchActor = ActorRefFrom<typeof clientSearchMachine>;
