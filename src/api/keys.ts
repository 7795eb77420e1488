import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { takeEarlyKeys } from './early-calls';

/** SEED-SPEC §9 key-set defaults. */
export const JWKS_OPTIONS = {
  timeoutDuration: 5000,
  cooldownDuration: 30_000,
  cacheMaxAge: 600_000,
} as const;

let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

/** The server's public keys, fetched once and cached by jose (GET /api/public/jwk). */
export function serverKeySet(origin: string = window.location.origin) {
  keySet ??= createRemoteJWKSet(new URL('/api/public/jwk', origin), {
    ...JWKS_OPTIONS,
    // The boot script may have asked already (./early-calls.ts); a failed early answer is asked again.
    [customFetch]: async (url, options) => {
      const early = await takeEarlyKeys()?.catch(() => null);
      return early?.status === 200 ? early : fetch(url, options);
    },
  });
  return keySet;
}

/** Verifies a token's RS256 signature against the server's key set; throws jose's errors. */
export async function verifyServerToken(token: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, serverKeySet(), { algorithms: ['RS256'] });
  return payload;
}

/** Whether `verifyServerToken` failed because the token has expired (rather than being invalid). */
export function isExpiredTokenError(error: unknown): boolean {
  return error instanceof errors.JWTExpired;
}
