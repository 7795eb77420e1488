import { ErrorCode } from '../errors';
import { route } from '../route-table';
import {
  LoginCodeStatusSchema,
  LoginRequestSchema,
  RefreshRequestSchema,
  TokenClaimsSchema,
  TokenPairSchema,
  TwoFactorCodeSchema,
} from '../session';

const tokens = { status: 200, json: TokenPairSchema } as const;
const limited = [ErrorCode.rateLimited] as const;

/**
 * Log in (with an SMS code when protected), refresh and end a session, the token's claims and the
 * public keys (SEED-SPEC §7 fixes the paths and bodies; login, refresh and logout go without a token).
 */
export const SESSION = {
  login: route({
    method: 'POST',
    path: '/api/login',
    body: LoginRequestSchema,
    answer: tokens,
    errors: { 401: ['login.invalid_credentials'], 429: limited },
    who: 'public',
    tag: 'session',
    summary: 'Log in with e-mail and password; with SMS protection the tokens are pending until /login/2fa',
  }),
  twoFactor: route({
    method: 'POST',
    path: '/api/login/2fa',
    body: TwoFactorCodeSchema,
    answer: tokens,
    errors: { 401: ['login.wrong_2FA_code'] },
    who: 'pendingLogin',
    tag: 'session',
    summary: 'Complete a login with the SMS code',
  }),
  codeStatus: route({
    method: 'GET',
    path: '/api/login/2fa',
    answer: { status: 200, json: LoginCodeStatusSchema },
    who: 'pendingLogin',
    tag: 'session',
    summary: 'When the pending login may ask for a new SMS code (null: now)',
  }),
  resendCode: route({
    method: 'POST',
    path: '/api/login/2fa/resend',
    answer: { status: 204 },
    errors: { 429: limited },
    who: 'pendingLogin',
    tag: 'session',
    summary: 'Send a new SMS code',
  }),
  refresh: route({
    method: 'POST',
    path: '/api/login/refresh',
    body: RefreshRequestSchema,
    answer: tokens,
    errors: { 401: ['refresh.invalid', 'refresh.reused'] },
    who: 'public',
    tag: 'session',
    summary: 'New tokens for a refresh token (rotated)',
  }),
  logout: route({
    method: 'POST',
    path: '/api/logout',
    body: RefreshRequestSchema,
    answer: { status: 204 },
    who: 'public',
    tag: 'session',
    summary: 'End the session of a refresh token',
  }),
  claims: route({
    method: 'GET',
    path: '/api/session',
    answer: { status: 200, json: TokenClaimsSchema },
    who: 'signedIn',
    tag: 'session',
    summary: "The access token's claims",
  }),
  keys: route({
    method: 'GET',
    path: '/api/public/jwk',
    answer: { status: 200, media: 'application/json', description: 'A JSON Web Key Set' },
    cache: 'public, max-age=300',
    who: 'public',
    tag: 'session',
    summary: 'The public keys that verify access tokens (JWKS)',
  }),
} as const;
