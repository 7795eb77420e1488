import { fromPromise } from 'xstate';
import { CATALOG } from '../../../contract/endpoints/profile';
import { send } from '../../api/client';
import { areaLogic } from '../shell/app-logic';
import { type CitySearchLogic, citySearchMachine } from './city-search.machine';

/**
 * The city field's search (profile, registration, job editor) with its search over the API
 * (GET /api/catalog/cities); a leaving state aborts it.
 */
export const citySearch = areaLogic(
  ({ api }): CitySearchLogic =>
    citySearchMachine.provide({
      actors: {
        search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
          send(api, CATALOG.cities, { query: { q: input.query }, signal }),
        ),
      },
    }),
);
