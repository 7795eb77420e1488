import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type AnyRoute, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { CREDENTIALS_KEY } from '../contract/session';
import { announceEnd } from './api/changes';
import { createApiClient } from './api/client';
import { type SessionActor, sessionMachine } from './machines/session/session.machine';
import { sessionActors } from './machines/session/session-actors';
import { sessionBridge } from './machines/session/session-bridge';
import { createAppLogic } from './machines/shell/app-logic';
import { lazySignedInPreload } from './machines/shell/lazy-signed-in-preload';
import { localeMachine } from './machines/shell/locale.machine';
import { createAppRouter } from './router';
import { AppActorsContext } from './ui/components/app-context';
import { nextTask } from './ui/components/next-task';
import { codeLoad } from './ui/shell/code-load';
import { LocaleGate } from './ui/shell/locale-gate';

// The app starts in steps, each its own task (nextTask): on a phone the modules' evaluation, the
// actors, the router and the first render together are one task of several hundred milliseconds,
// during which a tap waits (Lighthouse's total blocking time). Between steps the browser may answer input.

/**
 * A route's code that cannot be fetched: TanStack Router would reload the page once, which with the
 * server down leaves the user on the browser's "site can't be reached" page (issue 22). Instead the
 * route's error screen says the server is not reachable and offers a retry; only when the server does
 * answer (a new version replaced the file) is the page reloaded.
 */
function keepTheAppWhenCodeCannotLoad(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    codeLoad.failed = true;
    void codeLoad.reloadWhenReachable();
  });
}

async function startApp(): Promise<void> {
  keepTheAppWhenCodeCannotLoad();
  await nextTask();
  let session: SessionActor;
  const api = createApiClient(sessionBridge(() => session));
  session = createActor(sessionMachine.provide({ actors: sessionActors(api) }), { input: {} });
  session.start();
  const locale = createActor(localeMachine, { input: { i18n } }).start();
  const logic = createAppLogic(api, session);

  await nextTask();

  const signedIn = lazySignedInPreload(logic);
  const router = createAppRouter({
    session,
    logic,
    signedIn,
    locale,
    confirm: (message) => window.confirm(message),
    // The reset link's check (with jose's verification) loads with that page only.
    checkResetToken: async (token) =>
      (await import('./api/reset-password')).checkResetPasswordToken(api, token),
  });

  // Guards run again when what they read changes (login, logout, SMS step, registration step, another
  // tab) — not on a token refresh, and not while the session restores or verifies tokens: guards wait
  // for it to settle themselves, so an invalidation then would run them (and the /register prompt)
  // twice. A session that ended by itself (invalid token, failed refresh) goes to the start page
  // (SEED-SPEC §4).
  const accessKey = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
    const claims = snapshot.context.claims;
    return JSON.stringify([
      state,
      claims?.sub,
      claims?.user_type,
      claims?.registration_step,
      claims?.login_status,
    ]);
  };
  let lastAccess = session.getSnapshot().hasTag('settling') ? null : accessKey(session.getSnapshot());
  session.subscribe((snapshot) => {
    if (snapshot.hasTag('settling')) return;
    const access = accessKey(snapshot);
    const first = lastAccess === null;
    if (access === lastAccess) return;
    lastAccess = access;
    if (snapshot.matches('loggedOut')) {
      signedIn.reset();
      // The session's resources go (src/machines/shared/resource-registry.ts listens).
      announceEnd(api);
    }
    if (snapshot.matches('loggedOut') && snapshot.context.ended) void router.navigate({ to: '/' });
    else if (!first) void router.invalidate();
  });
  // A signed-in visit (or one that just signed in) goes to a protected page next: its code (the
  // protected group's loader and its preload) loads now, beside the app's or the login's answer,
  // instead of one after the other once the router gets there.
  let warmed = false;
  const warmSignedIn = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    if (warmed || !snapshot.context.credentials) return;
    warmed = true;
    signedIn.warm();
    // The protected group's code and the code of every route the address matches (the page's own
    // chunks, issue 22), not only once the session has settled and the guards have run.
    const routes = new Set([
      '/_protected',
      ...router.matchRoutes(router.state.location).map((match) => match.routeId as string),
    ]);
    for (const id of routes) {
      const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[id];
      if (route) void router.loadRouteChunk(route)?.catch(() => {});
    }
  };
  warmSignedIn(session.getSnapshot());
  session.subscribe(warmSignedIn);
  // Login or logout in another tab reaches this one.
  window.addEventListener('storage', (event) => {
    if (event.key === CREDENTIALS_KEY || event.key === null) session.send({ type: 'session.restore' });
  });
  // Every form: a submit that leaves errors takes focus to the first invalid field
  // (src/ui/components/focus-invalid.ts, loaded at the first submit: no part of the first JavaScript).
  document.addEventListener(
    'submit',
    (event) => {
      void import('./ui/components/focus-invalid').then((m) => m.watchSubmittedForm(event.target));
    },
    true,
  );

  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A transition: React renders the app in slices that leave the main thread free to answer input,
  // instead of one long task. (src/boot.ts loads this module after the prerendered page is painted.)
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppActorsContext.Provider value={{ session, locale, logic }}>
          <I18nProvider i18n={i18n}>
            <LocaleGate>
              <RouterProvider router={router} />
            </LocaleGate>
          </I18nProvider>
        </AppActorsContext.Provider>
      </StrictMode>,
    );
  });
}

void startApp();
