import { fromPromise } from 'xstate';
import { KEPT } from '../../../contract/endpoints/agents';
import { type ApiClient, send } from '../../api/client';
import { reloadResources } from '../shared/resource.machine';
import { erasureMachine } from './erasure.machine';

/**
 * The deletion dialog's machine over the agents' calls (issue 42), for a candidate's page and a
 * company's: a deletion makes the tables under `tables` stale.
 */
export function erasureLogic(api: ApiClient, tables: string) {
  return erasureMachine.provide({
    actors: {
      loadPreview: fromPromise(({ input }) =>
        send(api, KEPT[input.kind].erasurePreview, { params: { uuid: input.uuid } }),
      ),
      erase: fromPromise(({ input: { kind, uuid, ...body } }) =>
        send(api, KEPT[kind].erase, { params: { uuid }, body }),
      ),
    },
    actions: { erased: () => reloadResources(api, tables) },
  });
}

export type ErasureLogic = ReturnType<typeof erasureLogic>;
