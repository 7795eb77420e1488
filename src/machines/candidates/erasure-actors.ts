import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { eraseKept, fetchErasurePreview } from '../../api/people';
import { reloadResources } from '../shared/resource.machine';
import { erasureMachine } from './erasure.machine';

/**
 * The deletion dialog's machine over the agents' calls (issue 42), for a candidate's page and a
 * company's: a deletion makes the tables under `tables` stale.
 */
export function erasureLogic(api: ApiClient, tables: string) {
  return erasureMachine.provide({
    actors: {
      loadPreview: fromPromise(({ input }) => fetchErasurePreview(api, input.kind, input.uuid)),
      erase: fromPromise(({ input: { kind, uuid, ...body } }) => eraseKept(api, kind, uuid, body)),
    },
    actions: { erased: () => reloadResources(api, tables) },
  });
}

export type ErasureLogic = ReturnType<typeof erasureLogic>;
