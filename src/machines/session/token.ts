import * as v from 'valibot';
import { type TokenClaims, TokenClaimsSchema } from '../../../contract/session';
import { isAgentType } from '../../../contract/user-types';

/**
 * A JWT's payload, decoded but not verified (what jose's `decodeJwt` does, without loading jose with
 * every page: its verification loads only when a token is verified, src/machines/session-actors.ts).
 * Throws when the token is not three base64url parts with a JSON payload.
 */
function decodePayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1] || !/^[\w-]+$/.test(parts[1])) throw new TypeError('not a JWT');
  const binary = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** Decodes a token's claims without verifying its signature; null when it is not a well-formed Matchwerk token. */
export function decodeClaims(token: string): TokenClaims | null {
  try {
    const parsed = v.safeParse(TokenClaimsSchema, decodePayload(token));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function isAgent(claims: TokenClaims): boolean {
  return isAgentType(claims.user_type);
}

/** SEED-SPEC §4: registration is finished when registration_step is 0. */
export function hasFinishedRegistration(claims: TokenClaims): boolean {
  return claims.registration_step === 0;
}
