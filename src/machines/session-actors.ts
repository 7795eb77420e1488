import { errors } from 'jose';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { type TokenClaims, TokenClaimsSchema, type TokenPair } from '../../contract/session';
import type { Language } from '../../contract/user-types';
import type { ApiClient } from '../api/client';
import { verifyServerToken } from '../api/keys';
import { loginCall, logoutCall, refreshCall, resendCodeCall, twoFactorCall } from '../api/session';
import { TokenRejected } from './session.machine';

/** The session machine's side effects over the real API (tests provide their own). */
export function sessionActors(api: ApiClient) {
  return {
    verifyToken: fromPromise<TokenClaims, { token: string }>(async ({ input }) => {
      try {
        return v.parse(TokenClaimsSchema, await verifyServerToken(input.token));
      } catch (error) {
        throw new TokenRejected(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
    }),
    login: fromPromise<TokenPair, { email: string; password: string; locale: Language }>(({ input }) =>
      loginCall(api, input),
    ),
    submitCode: fromPromise<TokenPair, { token: string; code: string }>(({ input }) =>
      twoFactorCall(api, input.token, input.code),
    ),
    resendCode: fromPromise<void, { token: string }>(({ input }) => resendCodeCall(api, input.token)),
    refresh: fromPromise<TokenPair, { refreshToken: string }>(({ input }) =>
      refreshCall(api, input.refreshToken),
    ),
    revoke: fromPromise<void, { refreshToken: string | undefined }>(async ({ input }) => {
      if (input.refreshToken) await logoutCall(api, input.refreshToken);
    }),
  };
}
