import { type EventObject, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../session/session.machine';
import { protectedImageMachine } from '../shared/protected-image.machine';

/**
 * What the screens' machines run on: the session (created once in main.tsx) and the one machine the
 * shell itself needs (the header's avatar). The API client it is made with stays here: areas get it
 * through `areaLogic`, screens and routes never see it (Biome rules keep it so).
 *
 * The rest of the logic lives in src/machines/logic/*, one module per area (account, profile, job,
 * registration, cities), each made on first use for this object (`areaLogic`). The screens and
 * loaders that need an area import it, so its machines load with them, not with the landing page.
 */
export function createAppLogic(api: ApiClient, session: SessionActor) {
  const app = {
    session,
    image: protectedImageMachine.provide({
      actors: {
        fetchImage: fromPromise<string, { src: string }>(async ({ input }) =>
          URL.createObjectURL(await api.blob(input.src)),
        ),
        holdUrl: fromCallback<EventObject, { url: string }>(
          ({ input }) =>
            () =>
              URL.revokeObjectURL(input.url),
        ),
      },
    }),
  };
  clients.set(app, api);
  return app;
}

export type AppLogic = ReturnType<typeof createAppLogic>;

/** What an area's actors are made from: the API client stays inside src/machines, never handed to React. */
export interface AreaDeps {
  api: ApiClient;
  session: SessionActor;
}

const clients = new WeakMap<object, ApiClient>();

/** One area's logic, made the first time it is asked for and then the same for that app. */
export function areaLogic<T>(create: (deps: AreaDeps) => T): (app: AppLogic) => T {
  const made = new WeakMap<AppLogic, T>();
  return (app) => {
    let logic = made.get(app);
    if (logic === undefined) {
      const api = clients.get(app);
      if (!api) throw new Error('areaLogic: an AppLogic made by createAppLogic is needed');
      logic = create({ api, session: app.session });
      made.set(app, logic);
    }
    return logic;
  };
}
