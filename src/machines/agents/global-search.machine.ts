import type { ActorRefFrom } from 'xstate';
import { type GlobalSearchResponse, SEARCH_MIN_LENGTH } from '../../../contract/search';
import { debouncedSearch } from '../shared/debounced-search.machine';

/** Typing pauses this long before the search goes out (the agents' benchmark types at this pace). */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 200;

/**
 * The agent shell's search field (issue 20, point 7): asks the server for candidates, companies and
 * jobs after a pause; fewer than SEARCH_MIN_LENGTH characters ask nothing and show nothing.
 * Opening a hit navigates (the screen's doing) and clears the field (`search.clear`); a failure keeps
 * the query to retry.
 */
export const globalSearchMachine = debouncedSearch<GlobalSearchResponse | null, never, GlobalSearchResponse>({
  id: 'globalSearch',
  debounceMs: GLOBAL_SEARCH_DEBOUNCE_MS,
  minLength: SEARCH_MIN_LENGTH,
  failure: 'search.failed',
  noHits: null,
  clearable: true,
});

export type GlobalSearchActor = ActorRefFrom<typeof globalSearchMachine>;
