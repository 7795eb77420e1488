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
    readStoredCredentials: assign(({ context }) => {
      const credentials = readCredentials(context.storage);
      return { credentials, claims: credentials ? decodeClaims(credentials.token) : null };
    }),
    takeCredentials: assign(({ event }) => {
      assertEvent(event, 'session.signedIn');
      return { credentials: event.credentials, claims: decodeClaims(event.credentials.token) };
    }),
    persistCredentials: ({ context }) => {
      if (context.credentials) writeCredentials(context.credentials, context.storage);
    },
    forgetCredentials: assign({ credentials: null, claims: null }),
    removeStoredCredentials: ({ context }) => clearCredentials(context.storage),
  },
  guards: {
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
      entry: 'readStoredCredentials',
      always: 'checking',
    },
    checking: {
      always: [
        { guard: 'hasUsableToken', target: 'authenticated' },
        { guard: 'hasPendingToken', target: 'mfaPending' },
        // Nothing usable (none, unreadable, malformed or expired): forget it, here and in storage.
        { target: 'loggedOut', actions: ['forgetCredentials', 'removeStoredCredentials'] },
      ],
    },
    loggedOut: {
      on: {
        'session.signedIn': { target: 'checking', actions: ['takeCredentials', 'persistCredentials'] },
      },
    },
    mfaPending: {
      on: {
        'session.logout': { target: 'loggedOut', actions: ['forgetCredentials', 'removeStoredCredentials'] },
      },
    },
    authenticated: {
      on: {
        'session.logout': { target: 'loggedOut', actions: ['forgetCredentials', 'removeStoredCredentials'] },
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
