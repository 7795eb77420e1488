import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { SESSION } from '../../../contract/endpoints/session';
import {
  type LoginCodeStatus,
  type TokenClaims,
  TokenClaimsSchema,
  type TokenPair,
} from '../../../contract/session';
import type { Language } from '../../../contract/user-types';
import { type ApiClient, send } from '../../api/client';
import { TokenRejected } from './session.machine';

/** The session machine's side effects over the real API (tests provide their own). */
export function sessionActors(api: ApiClient) {
  return {
    verifyToken: fromPromise<TokenClaims, { token: string }>(async ({ input }) => {
      // jose's verification loads when there is a token to verify, not with every page; failing to
      // load it is a failed verification like a key set that cannot be fetched.
      let keys: typeof import('../../api/keys') | undefined;
      try {
        keys = await import('../../api/keys');
        return v.parse(TokenClaimsSchema, await keys.verifyServerToken(input.token));
      } catch (error) {
        throw new TokenRejected(keys?.isExpiredTokenError(error) ? 'expired' : 'invalid');
      }
    }),
    login: fromPromise<TokenPair, { email: string; password: string; locale: Language }>(({ input }) =>
      send(api, SESSION.login, { body: input }),
    ),
    submitCode: fromPromise<TokenPair, { token: string; code: string }>(({ input }) =>
      send(api, SESSION.twoFactor, { body: { code: input.code }, token: input.token }),
    ),
    resendCode: fromPromise<void, { token: string }>(({ input }) =>
      send(api, SESSION.resendCode, { token: input.token }),
    ),
    readCodeStatus: fromPromise<LoginCodeStatus, { token: string }>(({ input }) =>
      send(api, SESSION.codeStatus, { token: input.token }),
    ),
    refresh: fromPromise<TokenPair, { refreshToken: string }>(({ input }) =>
      send(api, SESSION.refresh, { body: { refresh_token: input.refreshToken } }),
    ),
    revoke: fromPromise<void, { refreshToken: string | undefined }>(async ({ input }) => {
      if (input.refreshToken)
        await send(api, SESSION.logout, { body: { refresh_token: input.refreshToken } });
    }),
  };
}
