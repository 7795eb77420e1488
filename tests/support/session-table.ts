import type { StoredCredentials, TokenPair } from '../../contract/session';
import type { TokenRejected } from '../../src/machines/session/session.machine';
import type { Expectation, ModelTable } from './model';
import { fakeToken } from './tokens';

/*
 * The session's specification, written by hand (STYLE.md "Tests"): for each state the events it
 * takes, where each leads, what the context and the browser's storage then hold, which tags the state
 * carries and which actor starts with what input. Every event a state does not list is sent before
 * each step and must change nothing. The machine is never asked what it should do.
 *
 * Tags, as the app reads them: `busy` while a call runs; `settling` while the session does not yet
 * know who is signed in (verifying tokens: route guards and the app's router invalidation wait);
 * `refreshing` while the token is replaced (API calls wait, with `settling`); `mfa` wherever the SMS
 * code is due (waiting for it, checking it, sending a new one: /mfa/login is open, /login leads there).
 *
 * Whether a new code may be asked for depends on the clock, which only `wait` (a minute: every
 * cooldown has run out after it, and the countdown has ended it) and `tick` (one second of the visible
 * countdown) move. The states where a cooldown runs say so (`#cooling`, `#wrong`, `#reloaded`); the
 * others have none running: this tab's own login and resends start one, and credentials this tab did
 * not log in with (a reload, another tab) take the one the server names (`readCodeStatus`, issue 42).
 * `resendAllowedAt` and `resendSeconds` are what the session's `resendCooldown` child holds (the
 * machine keeps no time of its own): when the next code may be asked for, and the seconds shown.
 */

export const NOW = Date.UTC(2026, 10, 21, 12);
const s = NOW / 1000;
export const COOLDOWN = 60_000;
/** What the server says is left of the cooldown when a reload finds the code pending. */
export const RELOADED_WAIT_S = 42;

/** The claims of a token, read here without the app's decoder. */
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

const loginPair: TokenPair = { token: fakeToken({}, s), refresh_token: 'r-login' };
const pendingPair: TokenPair = { token: fakeToken({ login_status: 'pending', mfa_status: 'enabled' }, s) };
const codePair: TokenPair = {
  token: fakeToken({ iat: s + 2, mfa_status: 'enabled' }, s),
  refresh_token: 'r-code',
};
const refreshPair: TokenPair = { token: fakeToken({ iat: s + 1 }, s), refresh_token: 'r-refresh' };

export const LOGIN: StoredCredentials = { token: loginPair.token, refreshToken: 'r-login' };
export const PENDING: StoredCredentials = { token: pendingPair.token };
export const CODE: StoredCredentials = { token: codePair.token, refreshToken: 'r-code' };
export const REFRESHED: StoredCredentials = { token: refreshPair.token, refreshToken: 'r-refresh' };
/** Handed over by a finished registration (`session.tokensIssued` while signed out). */
export const SIGNED: StoredCredentials = {
  token: fakeToken({ user_type: 'luna' }, s),
  refreshToken: 'r-signed',
};
/** Answered by a call that changed the account (`session.tokensIssued`). */
export const ISSUED: StoredCredentials = {
  token: fakeToken({ registration_step: 2 }, s),
  refreshToken: 'r-issued',
};
/** What another tab stored. */
export const TAB: StoredCredentials = {
  token: fakeToken({ email: 'tab@matchwerk.example' }, s),
  refreshToken: 'r-tab',
};
export const TAB_PENDING: StoredCredentials = {
  token: fakeToken({ login_status: 'pending', email: 'tab@x.de' }, s),
};
export const BROKEN = { token: 'not-a-token' };
/** What the server's verification answers. */
export const VERIFIED = claimsOf(fakeToken({ username: 'verified' }, s));
export const VERIFIED_PENDING = claimsOf(fakeToken({ username: 'verified', login_status: 'pending' }, s));

export const credentials = { email: 'a@b.de', password: 'pw', locale: 'de' } as const;

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
  resendSeconds: 0,
  farewell: null,
  ...extra,
});
const verify = (c: StoredCredentials) => [{ src: 'verifyToken', input: { token: c.token } }];
const readStatus = (c: StoredCredentials) => [{ src: 'readCodeStatus', input: { token: c.token } }];
/** Reading what the server says of the pending code: guards still wait, the SMS step is next. */
const READING = ['busy', 'settling', 'mfa'];

/** Another tab changed the stored credentials (`session.restore`): the session follows, from every state. */
const otherTab: Record<string, Expectation> = {
  otherTabLoggedOut: { target: 'loggedOut', context: nothing(), tags: [] },
  otherTabLoggedIn: {
    target: 'verifying',
    context: holding(TAB, { resendAllowedAt: null }),
    invoked: verify(TAB),
    tags: ['busy', 'settling'],
  },
  otherTabPending: {
    target: 'verifying#pending',
    context: holding(TAB_PENDING, { resendAllowedAt: null }),
    invoked: verify(TAB_PENDING),
    tags: ['busy', 'settling'],
  },
  // Unreadable credentials count as none, and are removed.
  otherTabBroken: { target: 'loggedOut', context: nothing(), tags: [] },
};

/**
 * SIGNED credentials whose code is due, no cooldown running (after a reload; or a wrong code then):
 * a new code may be asked for, and either try forgets an earlier reason.
 */
const signedCodeDue: Record<string, Expectation> = {
  submitCode: {
    target: 'verifyingCode',
    context: { credentials: SIGNED, stored: SIGNED, error: null },
    invoked: [{ src: 'submitCode', input: { token: SIGNED.token, code: '123456' } }],
    tags: ['busy', 'mfa'],
  },
  resendCode: {
    target: 'resendingCode',
    context: { credentials: SIGNED, stored: SIGNED, error: null, resendAllowedAt: null },
    invoked: [{ src: 'resendCode', input: { token: SIGNED.token } }],
    tags: ['busy', 'mfa'],
  },
  logout: { target: 'loggedOut', context: nothing(), tags: [] },
  ...otherTab,
};

export const sessionTable: ModelTable = {
  rules: {
    '*': 'PRODUCT §3 session',
    authenticating: 'SEED §4 login status',
    mfaPending: 'SEED §4 login status',
    'mfaPending#cooling': 'PRODUCT §3 SMS protection',
    'mfaPending#cooled': 'PRODUCT §3 SMS protection',
    resendingCode: 'PRODUCT §3 SMS protection',
    verifyingCode: 'SEED §8 wrong SMS code',
    'verifyingCode#cooling': 'SEED §8 wrong SMS code',
    'mfaPending#wrong': 'SEED §8 wrong SMS code',
    'mfaPending#wrong-cooled': 'SEED §8 wrong SMS code',
    'authenticated.refreshing': 'SEED §4 token expiry',
    loggingOut: 'SEED §4 logout',
    verifying: 'SEED §5 key set',
    'verifying#pending': 'SEED §5 key set',
    readingCode: 'PRODUCT §3 SMS protection',
    'mfaPending#reloaded': 'PRODUCT §3 SMS protection',
    'verifyingCode#reloaded': 'SEED §8 wrong SMS code',
    'resendingCode#cooled': 'PRODUCT §3 SMS protection',
    'verifyingCode#cooled': 'SEED §8 wrong SMS code',
  },
  initial: 'loggedOut',
  initialContext: { ...nothing(), error: null, ended: null, farewell: null },
  initialTags: [],
  events: [
    'login',
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
    'codeStatusRead',
    'codeStatusNow',
    'codeStatusFailed',
  ],
  states: {
    loggedOut: {
      login: {
        target: 'authenticating',
        context: { ...nothing(), error: null, ended: null },
        invoked: [{ src: 'login', input: credentials }],
        tags: ['busy'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(SIGNED, { error: null, ended: null }),
        invoked: verify(SIGNED),
        tags: ['busy', 'settling'],
      },
      ...otherTab,
    },
    // After the user logged out: the start page says goodbye (issue 22) until the next sign-in,
    // tokens or another tab's change — and a reload, which starts a new machine.
    'loggedOut#farewell': {
      login: {
        target: 'authenticating',
        context: { ...nothing(), error: null, ended: null, farewell: null },
        invoked: [{ src: 'login', input: credentials }],
        tags: ['busy'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(SIGNED, { error: null, ended: null, farewell: null }),
        invoked: verify(SIGNED),
        tags: ['busy', 'settling'],
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
        context: holding(PENDING, { error: null, resendAllowedAt: NOW + COOLDOWN, resendSeconds: 60 }),
        tags: ['mfa'],
      },
      loginFailed: {
        target: 'loggedOut#failed',
        context: nothing({ error: 'login.invalid_credentials', ended: null }),
        tags: [],
      },
      loginOffline: {
        target: 'loggedOut#failed',
        context: nothing({ error: 'network.unreachable' }),
        tags: [],
      },
      ...otherTab,
    },
    // Verifying SIGNED credentials, which carry a refresh token.
    verifying: {
      // Newer tokens (a second account change) replace those being checked, and are checked instead.
      tokensIssued: {
        target: 'verifying',
        context: holding(ISSUED, { error: null, ended: null }),
        invoked: verify(ISSUED),
        tags: ['busy', 'settling'],
      },
      verified: {
        target: 'authenticated.idle',
        context: { credentials: SIGNED, stored: SIGNED, claims: VERIFIED, error: null },
        tags: [],
      },
      // The code is pending (a reload): the server is asked how long its cooldown still runs.
      verifiedPending: {
        target: 'readingCode',
        context: { credentials: SIGNED, stored: SIGNED, claims: VERIFIED_PENDING, resendAllowedAt: null },
        invoked: readStatus(SIGNED),
        tags: READING,
      },
      tokenExpired: {
        target: 'authenticated.refreshing',
        context: holding(SIGNED),
        invoked: [{ src: 'refresh', input: { refreshToken: 'r-signed' } }],
        tags: ['busy', 'refreshing'],
      },
      tokenInvalid: { target: 'loggedOut#ended', context: nothing({ ended: 'invalid' }), tags: [] },
      ...otherTab,
    },
    // Verifying credentials without a refresh token (the SMS code was pending): an expired one ends.
    'verifying#pending': {
      tokensIssued: {
        target: 'verifying',
        context: holding(ISSUED, { error: null, ended: null }),
        invoked: verify(ISSUED),
        tags: ['busy', 'settling'],
      },
      verified: {
        target: 'authenticated.idle',
        context: { credentials: TAB_PENDING, stored: TAB_PENDING, claims: VERIFIED },
        tags: [],
      },
      verifiedPending: {
        target: 'readingCode',
        context: { credentials: TAB_PENDING, stored: TAB_PENDING, claims: VERIFIED_PENDING },
        invoked: readStatus(TAB_PENDING),
        tags: READING,
      },
      tokenExpired: { target: 'loggedOut#ended', context: nothing({ ended: 'invalid' }), tags: [] },
      tokenInvalid: { target: 'loggedOut#ended', context: nothing({ ended: 'invalid' }), tags: [] },
      ...otherTab,
    },
    // Just logged in with the code pending: another code only after the cooldown.
    'mfaPending#cooling': {
      submitCode: {
        target: 'verifyingCode#cooling',
        context: holding(PENDING, { error: null }),
        invoked: [{ src: 'submitCode', input: { token: PENDING.token, code: '123456' } }],
        tags: ['busy', 'mfa'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      // One second of the countdown the screen shows.
      tick: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, { resendAllowedAt: NOW + COOLDOWN, resendSeconds: 59 }),
        tags: ['mfa'],
      },
      // The countdown reaches 0 and ends the cooldown.
      wait: {
        target: 'mfaPending#cooled',
        context: holding(PENDING, { resendAllowedAt: null, resendSeconds: 0 }),
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // After a failed login: trying again starts without the old error.
    'loggedOut#failed': {
      login: {
        target: 'authenticating',
        context: { ...nothing(), error: null, ended: null },
        invoked: [{ src: 'login', input: credentials }],
        tags: ['busy'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(SIGNED, { error: null, ended: null }),
        invoked: verify(SIGNED),
        tags: ['busy', 'settling'],
      },
      ...otherTab,
    },
    // After the session ended without the user asking: the next login or sign-in forgets why.
    'loggedOut#ended': {
      login: {
        target: 'authenticating',
        context: { ...nothing(), error: null, ended: null },
        invoked: [{ src: 'login', input: credentials }],
        tags: ['busy'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(SIGNED, { error: null, ended: null }),
        invoked: verify(SIGNED),
        tags: ['busy', 'settling'],
      },
      ...otherTab,
    },
    // The cooldown has run out (the countdown ended it): another code may be asked for.
    'mfaPending#cooled': {
      resendCode: {
        target: 'resendingCode#cooled',
        context: holding(PENDING, { error: null }),
        invoked: [{ src: 'resendCode', input: { token: PENDING.token } }],
        tags: ['busy', 'mfa'],
      },
      submitCode: {
        target: 'verifyingCode#cooled',
        context: holding(PENDING, { error: null }),
        invoked: [{ src: 'submitCode', input: { token: PENDING.token, code: '123456' } }],
        tags: ['busy', 'mfa'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      ...otherTab,
    },
    // A wrong code, still in the cooldown: the next try starts without the old reason.
    'mfaPending#wrong': {
      submitCode: {
        target: 'verifyingCode#cooling',
        context: holding(PENDING, { error: null }),
        invoked: [{ src: 'submitCode', input: { token: PENDING.token, code: '123456' } }],
        tags: ['busy', 'mfa'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      ...otherTab,
    },
    // The code pending after a reload (SIGNED credentials, verified as pending): no cooldown running.
    mfaPending: signedCodeDue,
    // Checking the code for PENDING credentials while the cooldown of their first code runs.
    'verifyingCode#cooling': {
      codeOk: {
        target: 'authenticated.idle',
        context: holding(CODE, { error: null, ended: null, resendAllowedAt: null }),
        tags: [],
      },
      codeWrong: {
        target: 'mfaPending#wrong',
        context: holding(PENDING, { error: 'login.wrong_2FA_code', resendAllowedAt: NOW + COOLDOWN }),
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // Checking the code for SIGNED credentials (pending after a reload), no cooldown running.
    verifyingCode: {
      codeOk: {
        target: 'authenticated.idle',
        context: holding(CODE, { error: null, ended: null, resendAllowedAt: null }),
        tags: [],
      },
      codeWrong: {
        target: 'mfaPending#wrong-cooled',
        context: {
          credentials: SIGNED,
          stored: SIGNED,
          error: 'login.wrong_2FA_code',
          resendAllowedAt: null,
        },
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // A wrong code, no cooldown running: another code may be asked for, and either try forgets the reason.
    'mfaPending#wrong-cooled': signedCodeDue,
    resendingCode: {
      resent: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, stored: SIGNED, error: null, resendAllowedAt: NOW + COOLDOWN },
        tags: ['mfa'],
      },
      // The server's Retry-After wins over the usual cooldown.
      resendLimited: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, error: 'request.rate_limited', resendAllowedAt: NOW + 30_000 },
        tags: ['mfa'],
      },
      resendFailed: {
        target: 'mfaPending#cooling',
        context: { credentials: SIGNED, error: 'server.internal', resendAllowedAt: NOW + COOLDOWN },
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // Sending a new code for PENDING credentials a minute after the login (the clock at NOW + COOLDOWN).
    'resendingCode#cooled': {
      resent: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, { error: null, resendAllowedAt: NOW + 2 * COOLDOWN, resendSeconds: 60 }),
        tags: ['mfa'],
      },
      resendLimited: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, {
          error: 'request.rate_limited',
          resendAllowedAt: NOW + COOLDOWN + 30_000,
          resendSeconds: 30,
        }),
        tags: ['mfa'],
      },
      resendFailed: {
        target: 'mfaPending#cooling',
        context: holding(PENDING, { error: 'server.internal', resendAllowedAt: NOW + 2 * COOLDOWN }),
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // Checking the code of PENDING credentials once the cooldown has run out.
    'verifyingCode#cooled': {
      codeOk: {
        target: 'authenticated.idle',
        context: holding(CODE, { error: null, ended: null, resendAllowedAt: null }),
        tags: [],
      },
      // A wrong code: a new one may still be asked for at once.
      codeWrong: {
        target: 'mfaPending#cooled',
        context: holding(PENDING, { error: 'login.wrong_2FA_code', resendAllowedAt: null, resendSeconds: 0 }),
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // Asking the server about the pending code of SIGNED credentials (after a reload).
    readingCode: {
      // A code went out 18 s ago: the countdown goes on from 0:42, and no new code before it ends.
      codeStatusRead: {
        target: 'mfaPending#reloaded',
        context: {
          error: null,
          resendAllowedAt: NOW + RELOADED_WAIT_S * 1000,
          resendSeconds: RELOADED_WAIT_S,
        },
        tags: ['mfa'],
      },
      codeStatusNow: {
        target: 'mfaPending',
        context: { error: null, resendAllowedAt: null, resendSeconds: 0 },
        tags: ['mfa'],
      },
      // Not knowing costs only the countdown (a resend too soon meets Retry-After), and says nothing.
      codeStatusFailed: {
        target: 'mfaPending',
        context: { error: null, resendAllowedAt: null, resendSeconds: 0 },
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // The code pending after a reload, the server's cooldown still running: the code is taken, a new one is not.
    'mfaPending#reloaded': {
      submitCode: {
        target: 'verifyingCode#reloaded',
        context: { credentials: SIGNED, stored: SIGNED, error: null },
        invoked: [{ src: 'submitCode', input: { token: SIGNED.token, code: '123456' } }],
        tags: ['busy', 'mfa'],
      },
      logout: { target: 'loggedOut', context: nothing(), tags: [] },
      tick: {
        target: 'mfaPending#reloaded',
        context: { resendAllowedAt: NOW + RELOADED_WAIT_S * 1000, resendSeconds: RELOADED_WAIT_S - 1 },
        tags: ['mfa'],
      },
      wait: {
        target: 'mfaPending',
        context: { credentials: SIGNED, resendAllowedAt: null, resendSeconds: 0 },
        tags: ['mfa'],
      },
      ...otherTab,
    },
    'verifyingCode#reloaded': {
      codeOk: {
        target: 'authenticated.idle',
        context: holding(CODE, { error: null, ended: null, resendAllowedAt: null, resendSeconds: 0 }),
        tags: [],
      },
      codeWrong: {
        target: 'mfaPending#reloaded',
        context: {
          credentials: SIGNED,
          error: 'login.wrong_2FA_code',
          resendAllowedAt: NOW + RELOADED_WAIT_S * 1000,
          resendSeconds: RELOADED_WAIT_S,
        },
        tags: ['mfa'],
      },
      ...otherTab,
    },
    // Logged in with LOGIN credentials.
    'authenticated.idle': {
      refresh: {
        target: 'authenticated.refreshing',
        context: holding(LOGIN),
        invoked: [{ src: 'refresh', input: { refreshToken: 'r-login' } }],
        tags: ['busy', 'refreshing'],
      },
      tokensIssued: {
        target: 'verifying',
        context: holding(ISSUED, { error: null, ended: null }),
        invoked: verify(ISSUED),
        tags: ['busy', 'settling'],
      },
      // Storage is cleared at once; the server is told to forget the refresh token.
      logout: {
        target: 'loggingOut',
        context: { credentials: LOGIN, stored: null, farewell: 'logged-out' },
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
      refreshFailed: { target: 'loggedOut#ended', context: nothing({ ended: 'expired' }), tags: [] },
      // A call answered newer tokens while the refresh ran (the phone step, a new password): they win,
      // and the refresh, started with the older refresh token, is dropped (no `refresh` runs on).
      tokensIssued: {
        target: 'verifying',
        context: holding(ISSUED, { error: null, ended: null }),
        invoked: verify(ISSUED),
        tags: ['busy', 'settling'],
      },
      logout: {
        target: 'loggingOut',
        context: { credentials: SIGNED, stored: null, farewell: 'logged-out' },
        invoked: [{ src: 'revoke', input: { refreshToken: 'r-signed' } }],
        tags: ['busy'],
      },
      ...otherTab,
    },
    // The local session ends whether or not the server heard of it.
    loggingOut: {
      revoked: {
        target: 'loggedOut#farewell',
        context: nothing({ error: null, ended: null, farewell: 'logged-out' }),
        tags: [],
      },
      revokeFailed: {
        target: 'loggedOut#farewell',
        context: nothing({ error: null, ended: null, farewell: 'logged-out' }),
        tags: [],
      },
      ...otherTab,
    },
  },
};

export const ACTORS = [
  'verifyToken',
  'login',
  'submitCode',
  'resendCode',
  'readCodeStatus',
  'refresh',
  'revoke',
] as const;
export type ActorId = (typeof ACTORS)[number];
/** Each result event: the actor it belongs to and what it answers (given the machine module's error class). */
export const sessionResults = (
  Rejected: typeof TokenRejected,
): Record<string, [ActorId, 'done' | 'error', unknown]> => ({
  verified: ['verifyToken', 'done', VERIFIED],
  verifiedPending: ['verifyToken', 'done', VERIFIED_PENDING],
  tokenExpired: ['verifyToken', 'error', new Rejected('expired')],
  tokenInvalid: ['verifyToken', 'error', new Rejected('invalid')],
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
  codeStatusRead: [
    'readCodeStatus',
    'done',
    { resendAt: new Date(NOW + RELOADED_WAIT_S * 1000).toISOString(), resendAfterSeconds: RELOADED_WAIT_S },
  ],
  codeStatusNow: ['readCodeStatus', 'done', { resendAt: null, resendAfterSeconds: 0 }],
  codeStatusFailed: ['readCodeStatus', 'error', new TypeError('Failed to fetch')],
});
