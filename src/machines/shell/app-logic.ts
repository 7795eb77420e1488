import { type EventObject, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../session/session.machine';
import { protectedImageMachine } from '../shared/protected-image.machine';

/**
 * What the screens' machines run on: the session (created once in main.tsx) and the one machine the
 * shell itself needs (the header's avatar). The API client it is made with stays here: a feature's
 * provider gets it through `areaLogic`, screens and routes never see it (Biome rules keep it so).
 *
 * Every feature builds its actors in one module, `src/machines/<feature>/<feature>-actors.ts`, whose
 * provider (`agentLogic`, `candidateLogic`, …) is made on first use for this object (`areaLogic`).
 * The routes and screens that need a feature import its provider, so its machines load with them,
 * not with the landing page.
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

/** What a feature's actors are made from: the API client stays inside src/machines, never handed to React. */
export interface AreaDeps {
  api: ApiClient;
  session: SessionActor;
  /** The app itself, for a provider that hands out another feature's ready actors. */
  app: AppLogic;
}

const clients = new WeakMap<object, ApiClient>();

/** A feature's provider, made the first time it is asked for and then the same for that app. */
export function areaLogic<T>(create: (deps: AreaDeps) => T): (app: AppLogic) => T {
  const made = new WeakMap<AppLogic, T>();
  return (app) => {
    let logic = made.get(app);
    if (logic === undefined) {
      const api = clients.get(app);
      if (!api) throw new Error('areaLogic: an AppLogic made by createAppLogic is needed');
      logic = create({ api, session: app.session, app });
      made.set(app, logic);
    }
    return logic;
  };
}
