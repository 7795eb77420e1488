import type { ActorRefFrom } from 'xstate';
import type { CityHit } from '../../../contract/catalog';
import { debouncedSearch } from './debounced-search.machine';

/**
 * The city search of a location field (issue 10): from two characters on, after a pause of 250 ms;
 * choosing a city puts its name into the field and closes the list. The chosen hit's id is what the
 * form sends; the server fills the rest.
 */
export const citySearchMachine = debouncedSearch<CityHit[], CityHit>({
  id: 'citySearch',
  debounceMs: 250,
  // Fewer characters match too many places to be worth a request.
  minLength: 2,
  failure: 'city.search_failed',
  noHits: [],
  chooses: { nameOf: (hit) => hit.name, keepsHits: false },
});

export type CitySearchLogic = typeof citySearchMachine;
export type CitySearchActor = ActorRefFrom<typeof citySearchMachine>;
