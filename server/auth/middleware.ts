import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../contract/errors';
import type { TokenClaims } from '../../contract/session';
import { ApiError } from '../http/errors';
import { type TokenSettings, verifyAccessToken } from './tokens';

export type AuthVariables = { claims: TokenClaims };

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new ApiError(401, ErrorCode.unauthorized, 'Authentication required');
  return match[1];
}

/** A fully logged-in user (login_status ok); a token pending its SMS code is refused. */
export function requireUser(tokens: TokenSettings): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const claims = await verifyAccessToken(tokens, bearerToken(c.req.header('authorization')));
    if (claims.login_status !== 'ok') {
      throw new ApiError(401, 'auth.mfa_pending', 'Two-factor authentication pending');
    }
    c.set('claims', claims);
    await next();
  };
}

/** Only a token pending its SMS code (the 2FA calls). */
export function requirePendingLogin(tokens: TokenSettings): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const claims = await verifyAccessToken(tokens, bearerToken(c.req.header('authorization')));
    if (claims.login_status !== 'pending') throw new ApiError(401, 'auth.not_pending', 'No login is pending');
    c.set('claims', claims);
    await next();
  };
}
