import { fromPromise } from 'xstate';
import { CLIENTS } from '../../../contract/endpoints/clients';
import { send } from '../../api/client';
import { areaLogic } from '../shell/app-logic';
import { type ClientSearchLogic, clientSearchMachine } from './client-search.machine';

/** The job form's client field with its search over the API (GET /api/clients/search); leaving aborts it. */
export const clientSearch = areaLogic(
  ({ api }): ClientSearchLogic =>
    clientSearchMachine.provide({
      actors: {
        search: fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
          send(api, CLIENTS.search, { query: { q: input.query }, signal }).then((answer) => answer.items),
        ),
      },
    }),
);
