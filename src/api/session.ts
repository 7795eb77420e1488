import * as v from 'valibot';
import {
  type LoginCodeStatus,
  LoginCodeStatusSchema,
  type TokenPair,
  TokenPairSchema,
} from '../../contract/session';
import type { Language } from '../../contract/user-types';
import type { ApiClient } from './client';

/** POST /api/login (no token). */
export async function loginCall(
  api: ApiClient,
  input: { email: string; password: string; locale: Language },
): Promise<TokenPair> {
  return v.parse(TokenPairSchema, await api.anonymous('/api/login', { method: 'POST', body: input }));
}

/** POST /api/login/2fa with the pending token. */
export async function twoFactorCall(api: ApiClient, pendingToken: string, code: string): Promise<TokenPair> {
  return v.parse(
    TokenPairSchema,
    await api.anonymous('/api/login/2fa', {
      method: 'POST',
      body: { code },
      headers: { authorization: `Bearer ${pendingToken}` },
    }),
  );
}

/** POST /api/login/2fa/resend with the pending token. */
export async function resendCodeCall(api: ApiClient, pendingToken: string): Promise<void> {
  await api.anonymous('/api/login/2fa/resend', {
    method: 'POST',
    headers: { authorization: `Bearer ${pendingToken}` },
  });
}

/** GET /api/login/2fa with the pending token: when a new SMS code may be asked for. */
export async function codeStatusCall(api: ApiClient, pendingToken: string): Promise<LoginCodeStatus> {
  return v.parse(
    LoginCodeStatusSchema,
    await api.anonymous('/api/login/2fa', { headers: { authorization: `Bearer ${pendingToken}` } }),
  );
}

/** POST /api/login/refresh (no token). */
export async function refreshCall(api: ApiClient, refreshToken: string): Promise<TokenPair> {
  return v.parse(
    TokenPairSchema,
    await api.anonymous('/api/login/refresh', { method: 'POST', body: { refresh_token: refreshToken } }),
  );
}

/** POST /api/logout: ends the session on the server too. */
export async function logoutCall(api: ApiClient, refreshToken: string): Promise<void> {
  await api.anonymous('/api/logout', { method: 'POST', body: { refresh_token: refreshToken } });
}
