import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import type { StoredCredentials, TokenClaims } from '../../contract/session';
import { clearCredentials, readCredentials, writeCredentials } from '../api/credentials';
import { decodeClaims, isExpired } from './token';

export interface SessionContext {
  storage: Storage;
  now: () => number;
  credentials: StoredCredentials | null;
  claims: TokenClaims | null;
}

export type SessionEvent =
  | { type: 'session.restore' }
  | { type: 'session.signedIn'; credentials: StoredCredentials }
  | { type: 'session.logout' };

export interface SessionInput {
  storage?: Storage;
  now?: () => number;
}

/**
 * The browser's session. This first version restores the stored credentials and decodes the
 * token; login, SMS code, refresh and server logout extend it (issue "Session").
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    loadStoredCredentials: assign(({ context }) => {
      const credentials = readCredentials(context.storage);
      return { credentials, claims: credentials ? decodeClaims(credentials.token) : null };
    }),
    storeCredentials: assign(({ context, event }) => {
      assertEvent(event, 'session.signedIn');
      writeCredentials(event.credentials, context.storage);
      return { credentials: event.credentials, claims: decodeClaims(event.credentials.token) };
    }),
    forgetCredentials: assign(({ context }) => {
      clearCredentials(context.storage);
      return { credentials: null, claims: null };
    }),
  },
  guards: {
    hasNoCredentials: ({ context }) => context.credentials === null,
    hasUsableToken: ({ context }) =>
      context.claims !== null &&
      !isExpired(context.claims, context.now()) &&
      context.claims.login_status === 'ok',
    hasPendingToken: ({ context }) =>
      context.claims !== null &&
      !isExpired(context.claims, context.now()) &&
      context.claims.login_status === 'pending',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    storage: input.storage ?? localStorage,
    now: input.now ?? Date.now,
    credentials: null,
    claims: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      entry: 'loadStoredCredentials',
      always: [
        // Nothing readable stored: also remove whatever unreadable value is there.
        { guard: 'hasNoCredentials', target: 'loggedOut', actions: 'forgetCredentials' },
        { guard: 'hasUsableToken', target: 'authenticated' },
        { guard: 'hasPendingToken', target: 'mfaPending' },
        { target: 'loggedOut', actions: 'forgetCredentials' },
      ],
    },
    loggedOut: {
      on: {
        'session.signedIn': { target: 'restoring', actions: 'storeCredentials' },
      },
    },
    mfaPending: {
      on: {
        'session.logout': { target: 'loggedOut', actions: 'forgetCredentials' },
      },
    },
    authenticated: {
      on: {
        'session.logout': { target: 'loggedOut', actions: 'forgetCredentials' },
      },
    },
  },
  on: {
    // Another tab changed the stored credentials: follow it.
    'session.restore': { target: '.restoring' },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
