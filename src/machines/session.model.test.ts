import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CREDENTIALS_KEY, type StoredCredentials, type TokenPair } from '../../contract/session';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  type Expectation,
  type ModelTable,
  recordVisits,
  replayPath,
  stateNodePaths,
  tableCoverage,
  tablePaths,
  tableState,
} from '../../tests/support/model';
import { fakeToken, MemoryStorage } from '../../tests/support/tokens';
import { sessionMachine, TokenRejected } from './session.machine';

/*
 * The session's specification, written by hand (STYLE.md "Tests"): for each state the events it
 * takes, where each leads, what the context and the browser's storage then hold, which tags the state
 * carries and which actor starts with what input. Every event a state does not list is sent before
 * each step and must change nothing. The machine is never asked what it should do.
 */

const NOW = Date.UTC(2026, 10, 21, 12);
const s = NOW / 1000;
const COOLDOWN = 60_000;

/** The claims of a token, read here without the app's decoder. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

const loginPair: TokenPair = { token: fakeToken({}, s), refresh_token: 'r-login' };
const pendingPair: TokenPair = { token: fakeToken({ login_status: 'pending', mfa_status: 'enabled' }, s) };
const codePair: TokenPair = {
  token: fakeToken({ iat: s + 2, mfa_status: 'enabled' }, s),
  refresh_token: 'r-code',
};
const refreshPair: TokenPair = { token: fakeToken({ iat: s + 1 }, s), refresh_token: 'r-refresh' };

const LOGIN: StoredCredentials = { token: loginPair.token, refreshToken: 'r-login' };
const PENDING: StoredCredentials = { token: pendingPair.token };
const CODE: StoredCredentials = { token: codePair.token, refreshToken: 'r-code' };
const REFRESHED: StoredCredentials = { token: refreshPair.token, refreshToken: 'r-refresh' };
/** Handed over by a finished registration (`session.signedIn`). */
const SIGNED: StoredCredentials = { token: fakeToken({ user_type: 'luna' }, s), refreshToken: 'r-signed' };
/** Answered by a call that changed the account (`session.tokensIssued`). */
const ISSUED: StoredCredentials = { token: fakeToken({ registration_step: 2 }, s), refreshToken: 'r-issued' };
/** What another tab stored. */
const TAB: StoredCredentials = {
  token: fakeToken({ email: 'tab@matchwerk.example' }, s),
  refreshToken: 'r-tab',
};
const TAB_PENDING: StoredCredentials = {
  token: fakeToken({ login_status: 'pending', email: 'tab@x.de' }, s),
};
const BROKEN = { token: 'not-a-token' };
/** What the server's verification answers. */
const VERIFIED = claimsOf(fakeToken({ username: 'verified' }, s));
const VERIFIED_PENDING = claimsOf(fakeToken({ username: 'verified', login_status: 'pending' }, s));

const credentials = { email: 'a@b.de', password: 'pw', locale: 'de' } as const;

/** Signed in with these credentials: context and storage agree. */
const holding = (c: StoredCredentials, extra: Record<string, unknown> = {}) => ({
  credentials: c,
  claims: claimsOf(c.token),
  stored: c,
  ...extra,
});
/** Nothing kept: no credentials in context or storage, no cooldown. */
const nothing = (extra: Record<string, unknown> = {}) => ({
  credentials: null,
  claims: null,
  stored: null,
  resendAllowedAt: null,
  ...extra,
});
const verify = (c: StoredCredentials) => [{ src: 'verifyToken', input: { token: c.token } }];

/** Another tab changed the stored credentials (`session.restore`): the session follows, from every state. */
const otherTab: Record<string, Expectation> = {
  otherTabLoggedOut: { target: 'loggedOut', context: nothing(), tags: [] },
  otherTabLoggedIn: { target: 'verifying', context: holding(TAB), invoked: verify(TAB), tags: ['busy'] },
  otherTabPending: {
    target: 'verifying#pending',
    context: holding(TAB_PENDING),
    invoked: verify(TAB_PENDING),
    tags: ['busy'],
  },
  // Unreadable credentials count as none, and are removed.
  otherTabBroken: { target: 'loggedOut', context: nothing(), tags: [] },
};

const table: ModelTable = {
  initial: 'loggedOut',
  initialContext: { ...nothing(), error: null, ended: null },
  initialTags: [],
  events: [
    'login',
    'signedIn',
    'submitCode',
    'resendCode',
    'refresh',
    'tokensIssued',
    'logout',
    'otherTabLoggedOut',
    'otherTabLoggedIn',
    'otherTabPending',
    'otherTabBroken',
    'verified',
    'verifiedPending',
    'tokenExpired',
    'tokenInvalid',
    'loginOk',
    'loginPending',
    'loginFailed',
    'loginOffline',
    'codeOk',
    'codeWrong',
    'resent',
    'resendLimited',
    'resendFailed',
    'refreshed',
    'refreshFailed',
    'revoked',
    'revokeFailed',
  ],
  states: {
    loggedOut: {
      login: {
        target: 'authenticating',
        context: { ...nothing(), error: null, ended: null },
        invoked: [{ src: 'login', input: credentials }],
        tags: ['busy'],
      },
      signedIn: {
        target: 'verifying',
        context: holding(SIGNED, { error: null, ended: null }),
        invoked: verify(SIGNED),
        tags: ['busy'],
      },
      ...otherTab,
    },
    authenticating: {
      loginOk: {
        target: 'authenticated.idle',
        context: holding(LOGIN, { error: null, ended: null }),
        tags: [],
      },
      // The SMS code is due: no refresh token yet, and the first code was just sent.
      loginPending: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, { error: null, resendAllowedAt: NOW + COOLDOWN }),
        tags: [],
      },
      loginFailed: {
        target: 'loggedOut',
        context: nothing({ error: 'login.invalid_credentials', ended: null }),
        tags: [],
      },
      loginOffline: { target: 'loggedOut', context: nothing({ error: 'network.unreachable' }), tags: [] },
      ...otherTab,
    },
    // Verifying SIGNED credentials, which carry a refresh token.
    verifying: {
      verified: {
        target: 'authenticated.idle',
        context: { credentials: SIGNED, stored: SIGNED, claims: VERIFIED, error: null },
        tags: [],
      },
      verifiedPending: {
        target: 'mfaPending',
        context: { credentials: SIGNED, stored: SIGNED, claims: VERIFIED_PENDING, resendAllowedAt: null },
        tags: [],
      },
      tokenExpired: {
        target: 'authenticated.refreshing',
        context: holding(SIGNED),
        invoked: [{ src: 'refresh', input: { refreshToken: 'r-signed' } }],
        tags: ['busy'],
      },
      tokenInvalid: { target: 'loggedOut', context: nothing({ ended: 'invalid' }), tags: [] },
      ...otherTab,
    },
    // Verifying credentials without a refresh token (the SMS code was pending): an expired one ends.
    'verifying#pending': {
      verified: {
        target: 'authenticated.idle',
        context: { credentials: TAB_PENDING, stored: TAB_PENDING, claims: VERIFIED },
        tags: [],
      },
      verifiedPending: {
        target: 'mfaPending',
        context: { credentials: TAB_PENDING, stored: TAB_PENDING, claims: VERIFIED_PENDING },
        tags: [],
      },
      tokenExpired: { target: 'loggedOut', context: nothing({ ended: 'invalid' }), tags: [] },
      tokenInvalid: { target: 'loggedOut', context: nothing({ ended: 'invalid' }), tags: [] },
      ...otherTab,
    },
    // Just logged in with the code pending: another code only after the cooldown.
    'mfaPending#cooling': {
      submitCode: {
        target: 'verifyingCode',
        context: holding(PENDING, { error: null }),
        invoked: [{ src: 'submitCode', input: { token: PENDING.token, code: '123456' } }],
        tags: ['busy'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      wait: {
        target: 'mfaPending',
        context: holding(PENDING, { resendAllowedAt: NOW + COOLDOWN }),
        tags: [],
      },
      ...otherTab,
    },
    // The code pending after a reload (SIGNED credentials, verified as pending): no cooldown running.
    mfaPending: {
      submitCode: {
        target: 'verifyingCode',
        context: { credentials: SIGNED, stored: SIGNED, error: null },
        invoked: [{ src: 'submitCode', input: { token: SIGNED.token, code: '123456' } }],
        tags: ['busy'],
      },
      resendCode: {
        target: 'resendingCode',
        context: { credentials: SIGNED, stored: SIGNED, error: null, resendAllowedAt: null },
        invoked: [{ src: 'resendCode', input: { token: SIGNED.token } }],
        tags: ['busy'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      ...otherTab,
    },
    // Checking the code for PENDING credentials (reached from the cooldown).
    verifyingCode: {
      codeOk: {
        target: 'authenticated.idle',
        context: holding(CODE, { error: null, ended: null }),
        tags: [],
      },
      codeWrong: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, { error: 'login.wrong_2FA_code', resendAllowedAt: NOW + COOLDOWN }),
        tags: [],
      },
      ...otherTab,
    },
    resendingCode: {
      resent: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, stored: SIGNED, error: null, resendAllowedAt: NOW + COOLDOWN },
        tags: [],
      },
      // The server's Retry-After wins over the usual cooldown.
      resendLimited: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, error: 'request.rate_limited', resendAllowedAt: NOW + 30_000 },
        tags: [],
      },
      resendFailed: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, error: 'server.internal', resendAllowedAt: NOW + COOLDOWN },
        tags: [],
      },
      ...otherTab,
    },
    // Logged in with LOGIN credentials.
    'authenticated.idle': {
      refresh: {
        target: 'authenticated.refreshing',
        context: holding(LOGIN),
        invoked: [{ src: 'refresh', input: { refreshToken: 'r-login' } }],
        tags: ['busy'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(ISSUED, { error: null, ended: null }),
        invoked: verify(ISSUED),
        tags: ['busy'],
      },
      // Storage is cleared at once; the server is told to forget the refresh token.
      logout: {
        target: 'loggingOut',
        context: { credentials: LOGIN, stored: null },
        invoked: [{ src: 'revoke', input: { refreshToken: 'r-login' } }],
        tags: ['busy'],
      },
      ...otherTab,
    },
    // Refreshing SIGNED credentials after their token expired.
    'authenticated.refreshing': {
      refreshed: {
        target: 'authenticated.idle',
        context: holding(REFRESHED, { error: null, ended: null }),
        tags: [],
      },
      refreshFailed: { target: 'loggedOut', context: nothing({ ended: 'expired' }), tags: [] },
      logout: {
        target: 'loggingOut',
        context: { credentials: SIGNED, stored: null },
        invoked: [{ src: 'revoke', input: { refreshToken: 'r-signed' } }],
        tags: ['busy'],
      },
      ...otherTab,
    },
    // The local session ends whether or not the server heard of it.
    loggingOut: {
      revoked: { target: 'loggedOut', context: nothing({ error: null, ended: null }), tags: [] },
      revokeFailed: { target: 'loggedOut', context: nothing({ error: null, ended: null }), tags: [] },
      ...otherTab,
    },
  },
};

const ACTORS = ['verifyToken', 'login', 'submitCode', 'resendCode', 'refresh', 'revoke'] as const;
type ActorId = (typeof ACTORS)[number];
/** Each result event: the actor it belongs to and what it answers. */
const RESULTS: Record<string, [ActorId, 'done' | 'error', unknown]> = {
  verified: ['verifyToken', 'done', VERIFIED],
  verifiedPending: ['verifyToken', 'done', VERIFIED_PENDING],
  tokenExpired: ['verifyToken', 'error', new TokenRejected('expired')],
  tokenInvalid: ['verifyToken', 'error', new TokenRejected('invalid')],
  loginOk: ['login', 'done', loginPair],
  loginPending: ['login', 'done', pendingPair],
  loginFailed: ['login', 'error', { code: 'login.invalid_credentials' }],
  loginOffline: ['login', 'error', new TypeError('Failed to fetch')],
  codeOk: ['submitCode', 'done', codePair],
  codeWrong: ['submitCode', 'error', { code: 'login.wrong_2FA_code' }],
  resent: ['resendCode', 'done', undefined],
  resendLimited: ['resendCode', 'error', { code: 'request.rate_limited', retryAfterSeconds: 30 }],
  resendFailed: ['resendCode', 'error', { code: 'server.internal' }],
  refreshed: ['refresh', 'done', refreshPair],
  refreshFailed: ['refresh', 'error', { code: 'refresh.reused' }],
  revoked: ['revoke', 'done', undefined],
  revokeFailed: ['revoke', 'error', new TypeError('Failed to fetch')],
};

const paths = tablePaths(table);
const visited = new Set<string>();
const executed = new Set<string>();

function start() {
  const storage = new MemoryStorage();
  let now = NOW;
  const fx = deferredActors(ACTORS);
  const actor = createActor(sessionMachine.provide({ actors: fx.actors }), {
    input: { storage, now: () => now },
    inspect: recordVisits(visited),
  }).start();
  const otherTabStores = (value: object | null) => {
    if (value) storage.setItem(CREDENTIALS_KEY, JSON.stringify(value));
    else storage.removeItem(CREDENTIALS_KEY);
    actor.send({ type: 'session.restore' });
  };
  const sends: Record<string, () => void> = {
    login: () => actor.send({ type: 'session.login', ...credentials }),
    signedIn: () => actor.send({ type: 'session.signedIn', credentials: SIGNED }),
    submitCode: () => actor.send({ type: 'session.submitCode', code: '123456' }),
    resendCode: () => actor.send({ type: 'session.resendCode' }),
    refresh: () => actor.send({ type: 'session.refresh' }),
    tokensIssued: () => actor.send({ type: 'session.tokensIssued', credentials: ISSUED }),
    logout: () => actor.send({ type: 'session.logout' }),
    otherTabLoggedOut: () => otherTabStores(null),
    otherTabLoggedIn: () => otherTabStores(TAB),
    otherTabPending: () => otherTabStores(TAB_PENDING),
    otherTabBroken: () => otherTabStores(BROKEN),
    wait: () => {
      now += COOLDOWN;
    },
  };
  return {
    async send(event: string) {
      const result = RESULTS[event];
      if (!result) return sends[event]?.();
      // An actor's result can only arrive while it runs.
      const [id, outcome, value] = result;
      if (!actor.getSnapshot().children[id]) return;
      fx.settleLatest(id, outcome, value);
      await flush();
    },
    snapshot() {
      const snap = actor.getSnapshot();
      if (snap.status === 'error') throw snap.error;
      const { credentials, claims, error, resendAllowedAt, ended } = snap.context;
      const stored = JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null');
      return {
        value: snap.value,
        context: { credentials, claims, error, resendAllowedAt, ended, stored },
        tags: snap.tags as Set<string>,
      };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describe('session machine, against its expectation table', () => {
  afterAll(() => {
    process.stdout.write(tableCoverage('session', table, sessionMachine, executed, visited).line);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
    await replayPath(table, path, start, (actual, expected, what) => expect(actual, what).toEqual(expected));
    executed.add(name);
  });

  it('covered every state of the machine and every transition of the table', () => {
    const states = stateNodePaths(sessionMachine).sort();
    expect([...visited].sort()).toEqual(states);
    // Every state the table names is one of the machine's; every leaf but the eventless `restoring` has a row.
    const named = new Set(Object.keys(table.states).map(tableState));
    expect([...named].filter((n) => !states.includes(n))).toEqual([]);
    expect(states.filter((x) => !named.has(x) && x !== 'authenticated' && x !== 'restoring')).toEqual([]);
    expect([...executed].sort()).toEqual(paths.map((p) => p.name).sort());
  });

  it('restores a session a reload finds in storage, and drops one it cannot read', () => {
    for (const [stored, value, kept] of [
      [LOGIN, 'verifying', LOGIN],
      [BROKEN, 'loggedOut', null],
    ] as const) {
      const storage = new MemoryStorage();
      storage.setItem(CREDENTIALS_KEY, JSON.stringify(stored));
      const fx = deferredActors(ACTORS);
      const actor = createActor(sessionMachine.provide({ actors: fx.actors }), {
        input: { storage },
      }).start();
      expect(actor.getSnapshot().value).toBe(value);
      expect(actor.getSnapshot().context.credentials).toEqual(kept);
      expect(JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? 'null')).toEqual(kept);
      expect(fx.calls).toEqual(kept ? [{ id: 'verifyToken', input: { token: LOGIN.token } }] : []);
    }
  });
});
