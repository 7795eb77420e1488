import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../contract/errors';
import type { TokenClaims } from '../../contract/session';
import { ApiError } from '../errors';
import { type TokenSettings, verifyAccessToken } from './tokens';

export type AuthVariables = { claims: TokenClaims };

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new ApiError(401, ErrorCode.unauthorized, 'Authentication required');
  return match[1];
}

/** 401 `jwt.revoked`: the token's session or account has ended. */
export const sessionEnded = () => new ApiError(401, ErrorCode.jwtRevoked, 'Session ended');

/**
 * A valid access token's claims: from the verified-token cache when this token was verified before
 * (and has not expired), else by a full verification. Either way the revocation cache is asked, so
 * a token of an ended session or of a deleted / deactivated account answers 401 `jwt.revoked`.
 */
export async function authenticate(settings: TokenSettings, token: string): Promise<TokenClaims> {
  const nowSeconds = Math.floor(settings.now() / 1000);
  let claims = settings.verified?.get(token, nowSeconds);
  if (!claims) {
    claims = await verifyAccessToken(settings, token);
    settings.verified?.set(token, claims);
  }
  if (settings.revocations?.isRevoked(claims)) throw sessionEnded();
  return claims;
}

/** The OpenAPI security scheme of an auth middleware below, and the 401 codes it answers. */
export interface AuthScheme {
  scheme: 'bearer' | 'pendingLogin';
  codes: readonly string[];
}

const TOKEN_CODES = [
  ErrorCode.unauthorized,
  ErrorCode.jwtInvalid,
  ErrorCode.jwtExpired,
  ErrorCode.jwtRevoked,
];
/** `requireUser`'s token (every route but the public ones and the SMS code's): the API reference's `bearer`. */
export const BEARER: AuthScheme = { scheme: 'bearer', codes: [...TOKEN_CODES, 'auth.mfa_pending'] };
/** `requirePendingLogin`'s token (`who: 'pendingLogin'`). */
export const PENDING_LOGIN: AuthScheme = {
  scheme: 'pendingLogin',
  codes: [...TOKEN_CODES, 'auth.not_pending'],
};

/** A fully logged-in user (login_status ok); a token pending its SMS code is refused. */
export function requireUser(tokens: TokenSettings): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const claims = await authenticate(tokens, bearerToken(c.req.header('authorization')));
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
    const claims = await authenticate(tokens, bearerToken(c.req.header('authorization')));
    if (claims.login_status !== 'pending') throw new ApiError(401, 'auth.not_pending', 'No login is pending');
    c.set('claims', claims);
    await next();
  };
}

const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  return false;
}

/**
 * For the error handler: a write that failed on a foreign key while the caller's account was
 * deleted (or deactivated) on another node, in the seconds before this node's revocation cache
 * learnt it, answers 401 `jwt.revoked` like the cache would — never 500. One lookup, on that error
 * path only; anything else answers null.
 */
export async function revokedCaller(
  error: unknown,
  claims: TokenClaims | undefined,
  settings: TokenSettings,
  lookUp: (userId: string) => Promise<{ active: boolean } | undefined>,
): Promise<ApiError | null> {
  if (!claims || !isForeignKeyViolation(error)) return null;
  const user = await lookUp(claims.sub).catch(() => ({ active: true }));
  if (user?.active) return null;
  settings.revocations?.noteUser(claims.sub);
  return sessionEnded();
}
