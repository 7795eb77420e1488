import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** What a search field takes: typing, choosing a hit, clearing it, and asking again after a failure. */
export type DebouncedSearchEvent<THit> =
  | { type: 'search.type'; query: string }
  | { type: 'search.choose'; hit: THit }
  | { type: 'search.clear' }
  | { type: 'search.retry' };

export interface DebouncedSearchContext<THits, THit> {
  /** What the field shows: the typed text, or the chosen hit's name. */
  query: string;
  /** The last answer; kept while the next search runs, so the list does not flicker. */
  hits: THits;
  /** The hit chosen in the field; null: none (typing lets go of it). */
  chosen: THit | null;
  error: string | null;
}

export interface DebouncedSearchOptions<THits, THit> {
  id: string;
  /** Typing pauses this long before the search goes out: one request per pause, not per key. */
  debounceMs: number;
  /** Fewer characters than this (without the spaces around them) ask nothing and show nothing. */
  minLength: number;
  /** The code a failed search leaves in context; the UI translates it. */
  failure: string;
  /** The hits before any answer, and after a too short query or a clear. */
  noHits: THits;
  /**
   * Choosing a hit (`search.choose`; without this option the field takes none): the text it puts
   * into the field, what of it the context keeps (all of it by default), and whether the list stays
   * (a combobox keeps the chosen item among its options).
   */
  chooses?: { nameOf: (hit: THit) => string; keptOf?: (hit: THit) => THit; keepsHits: boolean };
  /** Whether the field takes `search.clear`: back to empty in any state. */
  clearable?: boolean;
}

/**
 * A search field's machine (the city field, the job's client, the agent shell's search): typing
 * waits for a pause, then searches (busy); the answer is a list to choose from, or a failure to
 * retry. Typing again cancels a running search and lets go of the chosen hit. The app provides the
 * `search` call (fromPromise with `{ query }`, trimmed); the stand-in fails. THits: what the list
 * holds, "none" included; THit: what is chosen; TAnswer: what a search answers.
 */
export function debouncedSearch<THits, THit = never, TAnswer extends THits = THits>(
  options: DebouncedSearchOptions<THits, THit>,
) {
  const { chooses } = options;
  return setup({
    types: {
      context: {} as DebouncedSearchContext<THits, THit>,
      events: {} as DebouncedSearchEvent<THit>,
      input: {} as { query?: string; chosen?: THit | null },
    },
    actors: {
      search: fromPromise<TAnswer, { query: string }>(async () => {
        throw new Error(`search is provided by the app (${options.id})`);
      }),
    },
    delays: { debounce: options.debounceMs },
    guards: {
      isSearchable: ({ event }) =>
        event.type === 'search.type' && event.query.trim().length >= options.minLength,
    },
    actions: {
      storeQuery: assign(({ event }) => {
        assertEvent(event, 'search.type');
        return { query: event.query, chosen: null, error: null };
      }),
      clearHits: assign({ hits: options.noHits }),
      storeHits: assign((_, hits: TAnswer) => ({ hits })),
      storeFailure: assign({ error: options.failure }),
      takeChosen: assign(({ event }) => {
        assertEvent(event, 'search.choose');
        // Only a field that chooses has the transition that runs this.
        const { nameOf, keptOf, keepsHits } = chooses!;
        const query = nameOf(event.hit);
        const chosen = keptOf?.(event.hit) ?? event.hit;
        return keepsHits
          ? { query, chosen, error: null }
          : { query, hits: options.noHits, chosen, error: null };
      }),
      clear: assign({ query: '', hits: options.noHits, chosen: null, error: null }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input: { query, chosen = null } }) => ({
      query: query ?? (chosen && chooses ? chooses.nameOf(chosen) : ''),
      hits: options.noHits,
      chosen,
      error: null,
    }),
    initial: 'idle',
    on: {
      'search.type': [
        { guard: 'isSearchable', target: '.debouncing', reenter: true, actions: 'storeQuery' },
        { target: '.idle', actions: ['storeQuery', 'clearHits'] },
      ],
      ...(options.clearable ? { 'search.clear': { target: '.idle', actions: 'clear' } } : {}),
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
      results: {
        on: chooses ? { 'search.choose': { target: 'idle', actions: 'takeChosen' } } : {},
      },
      failed: {
        tags: ['error'],
        on: { 'search.retry': 'searching' },
      },
    },
  });
}

/** A search field's machine as debouncedSearch() builds it. */
export type DebouncedSearchMachine<THits, THit = never, TAnswer extends THits = THits> = ReturnType<
  typeof debouncedSearch<THits, THit, TAnswer>
>;
