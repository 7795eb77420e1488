import * as v from 'valibot';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/session';
import type { ApiClient } from './client';

/** The token's claims as the server verified them (GET /api/session); also refreshes an expired token. */
export async function fetchVerifiedClaims(api: ApiClient): Promise<TokenClaims> {
  return v.parse(TokenClaimsSchema, await api.call('/api/session'));
}
