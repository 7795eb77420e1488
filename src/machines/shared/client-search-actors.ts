import { fromPromise } from 'xstate';
import { searchClients } from '../../api/clients';
import { areaLogic } from '../shell/app-logic';
import { type ClientSearchLogic, clientSearchMachine } from './client-search.machine';

/** The job form's client field with its search over the API (GET /api/clients/search); leaving aborts it. */
export const clientSearch = areaLogic(
  ({ api }): ClientSearchLogic =>
    clientSearchMachine.provide({
      actors: {
        search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
          searchClients(api, input.query, signal),
        ),
      },
    }),
);
