import { fromPromise } from 'xstate';
import { KEPT } from '../../../contract/endpoints/agents';
import { type ApiClient, send } from '../../api/client';
import { erasureMachine } from './erasure.machine';

/**
 * The deletion dialog's machine over the agents' calls (issue 42), for a candidate's page and a
 * company's: a deletion reloads their tables (the erase route's `invalidates`).
 */
export function erasureLogic(api: ApiClient) {
  return erasureMachine.provide({
    actors: {
      loadPreview: fromPromise(({ input }) =>
        send(api, KEPT[input.kind].erasurePreview, { params: { uuid: input.uuid } }),
      ),
      erase: fromPromise(({ input: { kind, uuid, ...body } }) =>
        send(api, KEPT[kind].erase, { params: { uuid }, body }),
      ),
    },
  });
}

export type ErasureLogic = ReturnType<typeof erasureLogic>;
