import * as v from 'valibot';
import { type InvitationAccept, type InvitationInfo, InvitationInfoSchema } from '../../contract/people';
import { type TokenPair, TokenPairSchema } from '../../contract/session';
import type { ApiClient } from './client';

// The invited person takes a kept record over (contract/people.ts). The agents' calls on kept
// records are in the route table (contract/endpoints/agents.ts `KEPT`).

const path = (token: string) => encodeURIComponent(token);
export type KeptKind = 'profile' | 'company';

/** GET /api/public/invitation/{token}: whom a link is for (404 / 409 when it cannot be used). */
export async function fetchInvitation(api: ApiClient, token: string): Promise<InvitationInfo> {
  return v.parse(InvitationInfoSchema, await api.anonymous(`/api/public/invitation/${path(token)}`));
}

/** POST /api/public/invitation/{token}: takes the record over; answers the new account's tokens. */
export async function acceptInvitation(
  api: ApiClient,
  token: string,
  body: InvitationAccept,
): Promise<TokenPair> {
  return v.parse(
    TokenPairSchema,
    await api.anonymous(`/api/public/invitation/${path(token)}`, { method: 'POST', body }),
  );
}
