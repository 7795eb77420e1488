import { type EventObject, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../session/session.machine';
import { protectedImageMachine } from '../shared/protected-image.machine';

/**
 * What the screens' machines run on: the one API client and the session (created once in
 * main.tsx), and the one machine the shell itself needs (the header's avatar). Screens take their
 * logic from here and never call `src/api` themselves (a Biome rule keeps it so).
 *
 * The rest of the logic lives in src/machines/logic/*, one module per area (account, profile, job,
 * registration, cities), each made on first use for this object (`areaLogic`). The screens and
 * loaders that need an area import it, so its machines load with them, not with the landing page.
 */
export function createAppLogic(api: ApiClient, session: SessionActor) {
  return {
    api,
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
}

export type AppLogic = ReturnType<typeof createAppLogic>;

/** One area's logic, made the first time it is asked for and then the same for that app. */
export function areaLogic<T>(create: (app: AppLogic) => T): (app: AppLogic) => T {
  const made = new WeakMap<AppLogic, T>();
  return (app) => {
    let logic = made.get(app);
    if (logic === undefined) {
      logic = create(app);
      made.set(app, logic);
    }
    return logic;
  };
}
