import {
  type ActorRefFrom,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { LoginCodeStatus, StoredCredentials, TokenClaims, TokenPair } from '../../../contract/session';
import type { Language } from '../../../contract/user-types';
import {
  clearCredentials,
  readCredentials,
  storedCredentials,
  writeCredentials,
} from '../../api/credentials';
import {
  mayResend,
  type ResendCooldownActor,
  resendCooldownMachine,
} from '../shared/resend-cooldown.machine';
import { pageSmsResendMs } from '../shared/sms-resend';
import { decodeClaims } from './token';

/** Why a session ended without the user asking: the UI then goes to `/` (SEED-SPEC §4). */
export type SessionEnd = 'invalid' | 'expired' | null;

/**
 * What the user ended and the start page says once (issue 22): a logout, or the account deleted.
 * It lives in the machine's memory only — a reload starts without it, so it is never said twice — and
 * the next sign-in, tokens or another tab's change forget it.
 */
export type Farewell = 'logged-out' | 'account-deleted';

export interface SessionContext {
  storage: Storage;
  credentials: StoredCredentials | null;
  claims: TokenClaims | null;
  /** Error code of the last failed login, code or resend (translated by the UI). */
  error: string | null;
  /** When another SMS code may be requested, counted down for the screen: the `resendCooldown` child. */
  cooldown: ResendCooldownActor;
  ended: SessionEnd;
  farewell: Farewell | null;
}

export type SessionEvent =
  | { type: 'session.restore' }
  | { type: 'session.login'; email: string; password: string; locale: Language }
  | { type: 'session.submitCode'; code: string }
  | { type: 'session.resendCode' }
  | { type: 'session.refresh' }
  /** A call answered new tokens (registration, validation link, account settings): signed in or not, the machine takes them. */
  | { type: 'session.tokensIssued'; credentials: StoredCredentials }
  /** `farewell`: what the start page says afterwards (only a signed-in session's logout says one). */
  | { type: 'session.logout'; farewell?: Farewell };

/**
 * What other modules ask of the session instead of listing its states: `busy` (a call runs),
 * `settling` (who is signed in is not known yet: restoring or verifying tokens; guards wait),
 * `refreshing` (the token is being replaced; API calls wait), `mfa` (the SMS code is due, also while
 * one is checked or a new one sent).
 */
export type SessionTag = 'busy' | 'settling' | 'refreshing' | 'mfa';

export interface SessionInput {
  storage?: Storage;
  /** The resend cooldown's clock (tests move it). */
  now?: () => number;
}

/** Thrown by the verifyToken actor: an expired token may be refreshed, an invalid one may not. */
export class TokenRejected extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`token ${reason}`);
  }
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const fromPair = ({ event }: { event: { output: TokenPair } }) => storedCredentials(event.output);

/**
 * The browser's session (SEED-SPEC §2, §4, §8; PRODUCT.md §3). Side effects are actors that the
 * app (src/main.tsx) implements over the API and tests replace: verifyToken, login, submitCode,
 * resendCode, readCodeStatus, refresh, revoke.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    verifyToken: fromPromise<TokenClaims, { token: string }>(async () => {
      throw new Error('verifyToken is provided by the app');
    }),
    login: fromPromise<TokenPair, { email: string; password: string; locale: Language }>(async () => {
      throw new Error('login is provided by the app');
    }),
    submitCode: fromPromise<TokenPair, { token: string; code: string }>(async () => {
      throw new Error('submitCode is provided by the app');
    }),
    resendCode: fromPromise<void, { token: string }>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
    readCodeStatus: fromPromise<LoginCodeStatus, { token: string }>(async () => {
      throw new Error('readCodeStatus is provided by the app');
    }),
    refresh: fromPromise<TokenPair, { refreshToken: string }>(async () => {
      throw new Error('refresh is provided by the app');
    }),
    revoke: fromPromise<void, { refreshToken: string | undefined }>(async () => {}),
    resendCooldown: resendCooldownMachine,
  },
  actions: {
    // Credentials read or taken start without a resend cooldown: it belongs to the login whose code
    // this tab sent. Another tab's pending login sent its own, and the server says when to ask
    // (readCodeStatus, or a refusal's Retry-After).
    readStoredCredentials: enqueueActions(({ context, enqueue }) => {
      const credentials = readCredentials(context.storage);
      enqueue.assign({
        credentials,
        claims: credentials ? decodeClaims(credentials.token) : null,
        farewell: null,
      });
      enqueue.sendTo(context.cooldown, { type: 'cooldown.reset' });
    }),
    takeCredentials: enqueueActions(({ context, enqueue }, credentials: StoredCredentials) => {
      enqueue.assign({
        credentials,
        claims: decodeClaims(credentials.token),
        error: null,
        ended: null,
        farewell: null,
      });
      enqueue.sendTo(context.cooldown, { type: 'cooldown.reset' });
    }),
    persistCredentials: ({ context }) => {
      if (context.credentials) writeCredentials(context.credentials, context.storage);
    },
    takeClaims: assign((_, claims: TokenClaims) => ({ claims })),
    forgetCredentials: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ credentials: null, claims: null });
      enqueue.sendTo(context.cooldown, { type: 'cooldown.reset' });
    }),
    removeStoredCredentials: ({ context }) => clearCredentials(context.storage),
    clearError: assign({ error: null, ended: null, farewell: null }),
    clearErrorKeepFarewell: assign({ error: null, ended: null }),
    noteFarewell: assign(({ event }) => ({
      farewell: event.type === 'session.logout' ? (event.farewell ?? null) : null,
    })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    markEnded: assign((_, ended: SessionEnd) => ({ ended })),
    startResendCooldown: sendTo(({ context }) => context.cooldown, { type: 'cooldown.start' }),
    waitAsToldToResend: enqueueActions(({ context, enqueue }, error: unknown) => {
      enqueue.assign({ error: errorCodeOf(error) });
      enqueue.sendTo(context.cooldown, { type: 'cooldown.told', error });
    }),
    // A reload found the code pending: the server says how long the code it sent still holds back
    // the next (in seconds, so the countdown does not depend on this browser's clock being right).
    waitAsServerSays: sendTo(
      ({ context }) => context.cooldown,
      (_, status: LoginCodeStatus) => ({
        type: 'cooldown.start' as const,
        waitMs: status.resendAfterSeconds * 1000,
      }),
    ),
  },
  guards: {
    hasNoCredentials: ({ context }) => context.credentials === null || context.claims === null,
    isPending: (_, claims: TokenClaims) => claims.login_status === 'pending',
    pairIsPending: (_, pair: TokenPair) => decodeClaims(pair.token)?.login_status === 'pending',
    canRefreshExpired: ({ context }, error: unknown) =>
      error instanceof TokenRejected &&
      error.reason === 'expired' &&
      Boolean(context.credentials?.refreshToken),
    mayResend: ({ context }) => mayResend(context.cooldown),
  },
}).createMachine({
  id: 'session',
  context: ({ input, spawn }) => ({
    storage: input.storage ?? localStorage,
    credentials: null,
    claims: null,
    error: null,
    cooldown: spawn('resendCooldown', {
      id: 'resendCooldown',
      input: { waitMs: pageSmsResendMs(), now: input.now },
    }),
    ended: null,
    farewell: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy', 'settling'],
      entry: 'readStoredCredentials',
      always: [
        {
          guard: 'hasNoCredentials',
          target: 'loggedOut',
          actions: ['forgetCredentials', 'removeStoredCredentials'],
        },
        { target: 'verifying' },
      ],
    },
    verifying: {
      tags: ['busy', 'settling'],
      on: {
        // Newer tokens while the last ones are checked (two account changes in a row): the newest win,
        // and the check starts again for them (the older check's answer would name the older claims).
        'session.tokensIssued': {
          target: 'verifying',
          reenter: true,
          actions: [
            { type: 'takeCredentials', params: ({ event }) => event.credentials },
            'persistCredentials',
          ],
        },
      },
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.credentials?.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => event.output },
            target: 'readingCode',
            actions: { type: 'takeClaims', params: ({ event }) => event.output },
          },
          { target: 'authenticated', actions: { type: 'takeClaims', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'canRefreshExpired', params: errorOf },
            target: 'authenticated.refreshing',
          },
          {
            target: 'loggedOut',
            actions: [
              'forgetCredentials',
              'removeStoredCredentials',
              { type: 'markEnded', params: 'invalid' },
            ],
          },
        ],
      },
    },
    // `stage`: a state a person names (the lifecycle page draws these, src/ui/lifecycle).
    loggedOut: {
      meta: { stage: true },
      on: {
        'session.login': { target: 'authenticating', actions: 'clearError' },
        'session.tokensIssued': {
          target: 'verifying',
          actions: [
            { type: 'takeCredentials', params: ({ event }) => event.credentials },
            'persistCredentials',
          ],
        },
      },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.email, password: event.password, locale: event.locale };
        },
        onDone: [
          {
            guard: { type: 'pairIsPending', params: ({ event }) => event.output },
            target: 'mfaPending',
            actions: [
              { type: 'takeCredentials', params: fromPair },
              'persistCredentials',
              'startResendCooldown',
            ],
          },
          {
            target: 'authenticated',
            actions: [{ type: 'takeCredentials', params: fromPair }, 'persistCredentials'],
          },
        ],
        onError: { target: 'loggedOut', actions: { type: 'setError', params: errorOf } },
      },
    },
    // The code is pending and this tab did not ask for it (a reload, another tab's login): the server
    // says when the next may be asked for, before the SMS step shows.
    readingCode: {
      tags: ['busy', 'settling', 'mfa'],
      invoke: {
        id: 'readCodeStatus',
        src: 'readCodeStatus',
        input: ({ context }) => ({ token: context.credentials?.token ?? '' }),
        onDone: {
          target: 'mfaPending',
          actions: { type: 'waitAsServerSays', params: ({ event }) => event.output },
        },
        // Not knowing only costs the countdown: a resend too soon is answered with Retry-After.
        onError: { target: 'mfaPending' },
      },
    },
    mfaPending: {
      meta: { stage: true },
      tags: ['mfa'],
      on: {
        'session.submitCode': { target: 'verifyingCode', actions: 'clearError' },
        'session.resendCode': { guard: 'mayResend', target: 'resendingCode', actions: 'clearError' },
        'session.logout': { target: 'loggedOut', actions: ['forgetCredentials', 'removeStoredCredentials'] },
      },
    },
    verifyingCode: {
      tags: ['busy', 'mfa'],
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ context, event }) => {
          assertEvent(event, 'session.submitCode');
          return { token: context.credentials?.token ?? '', code: event.code };
        },
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'takeCredentials', params: fromPair }, 'persistCredentials'],
        },
        onError: { target: 'mfaPending', actions: { type: 'setError', params: errorOf } },
      },
    },
    resendingCode: {
      tags: ['busy', 'mfa'],
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ token: context.credentials?.token ?? '' }),
        onDone: { target: 'mfaPending', actions: 'startResendCooldown' },
        onError: { target: 'mfaPending', actions: { type: 'waitAsToldToResend', params: errorOf } },
      },
    },
    authenticated: {
      meta: { stage: true },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.refresh': 'refreshing',
          },
        },
        refreshing: {
          tags: ['busy', 'refreshing'],
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({ refreshToken: context.credentials?.refreshToken ?? '' }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'takeCredentials', params: fromPair }, 'persistCredentials'],
            },
            onError: {
              target: '#session.loggedOut',
              actions: [
                'forgetCredentials',
                'removeStoredCredentials',
                { type: 'markEnded', params: 'expired' },
              ],
            },
          },
        },
      },
      on: {
        // A call that changed the account (a registration step, 2FA, a new password) answered new
        // tokens. They are the newest the server gave, also while a refresh runs: leaving for
        // `verifying` stops that refresh, whose answer (from the older refresh token) would either
        // overwrite them with older claims or, after a password change revoked that token, sign the
        // person out.
        'session.tokensIssued': {
          target: '#session.verifying',
          actions: [
            { type: 'takeCredentials', params: ({ event }) => event.credentials },
            'persistCredentials',
          ],
        },
        'session.logout': { target: 'loggingOut', actions: 'noteFarewell' },
      },
    },
    loggingOut: {
      tags: ['busy'],
      entry: 'removeStoredCredentials',
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ refreshToken: context.credentials?.refreshToken }),
        // The local session ends either way; a server that cannot be reached lets the token expire.
        onDone: { target: 'loggedOut', actions: ['forgetCredentials', 'clearErrorKeepFarewell'] },
        onError: { target: 'loggedOut', actions: ['forgetCredentials', 'clearErrorKeepFarewell'] },
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

/** Hands the tokens a call answered to the session; signed in or not, the machine decides what follows. */
export function issueTokens(session: SessionActor, pair: TokenPair): void {
  session.send({ type: 'session.tokensIssued', credentials: storedCredentials(pair) });
}
