import { i18n } from '@lingui/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { createAppLogic } from '../../src/machines/shell/app-logic';
import { localeMachine } from '../../src/machines/shell/locale.machine';
import { createAppRouter } from '../../src/router';
import type { RouterContext } from '../../src/router-context';
import { sessionMachineForTests } from './session';
import type { MemoryStorage } from './tokens';

/**
 * The app's router, loaded at `path`, over a session restored from `storage`: no server (the
 * signed-in preload answers the session's own claims, where the app asks the server for the
 * verified ones), no catalogue; the dialog and reset-link answers are the test's.
 */
export async function loadedRouter(
  path: string,
  storage: MemoryStorage,
  answers: Pick<RouterContext, 'confirm' | 'checkResetToken'>,
) {
  const session = createActor(sessionMachineForTests(), { input: { storage } }).start();
  const locale = createActor(
    localeMachine.provide({ actors: { loadCatalog: fromPromise(async () => ({})) } }),
    { input: { i18n, storage } },
  ).start();
  const api = {
    call: async <T>() => session.getSnapshot().context.claims as T,
    anonymous: async <T>() => ({}) as T,
    blob: async () => new Blob(),
    upload: async <T>() => ({}) as T,
    stream: async () => new ReadableStream<Uint8Array>(),
  };
  const router = createAppRouter(
    {
      session,
      logic: createAppLogic(api, session),
      locale,
      ...answers,
      signedIn: {
        preload: async () => ({
          claims: session.getSnapshot().context.claims!,
          fields: { profile: [], company: [], job: [] },
          profile: null,
          consents: null,
        }),
        reset: () => {},
      },
    },
    createMemoryHistory({ initialEntries: [path] }),
  );
  await router.load();
  return { router, session };
}
