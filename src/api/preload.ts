import * as v from 'valibot';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/session';
import type { ApiClient } from './client';

/** What the protected group loads before it shows (SEED-SPEC §2). Later issues add the profile and field data. */
export interface WorkspaceData {
  claims: TokenClaims;
}

/** The protected group's one preload step: the token's claims as the server verified them. */
export async function preloadWorkspace(api: ApiClient): Promise<WorkspaceData> {
  return { claims: v.parse(TokenClaimsSchema, await api.call('/api/session')) };
}
