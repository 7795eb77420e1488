import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/session';
import { isAgentType } from '../../contract/user-types';

/** Decodes a token's claims without verifying its signature; null when it is not a well-formed Matchwerk token. */
export function decodeClaims(token: string): TokenClaims | null {
  try {
    const parsed = v.safeParse(TokenClaimsSchema, decodeJwt(token));
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
