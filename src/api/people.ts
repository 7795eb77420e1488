import * as v from 'valibot';
import { type ErasureBody, type ErasurePreview, ErasurePreviewSchema } from '../../contract/erasure';
import {
  type Invitation,
  type InvitationAccept,
  type InvitationInfo,
  InvitationInfoSchema,
  InvitationSchema,
  type InviteBody,
} from '../../contract/people';
import type { ProfileResponse } from '../../contract/profile';
import { type TokenPair, TokenPairSchema } from '../../contract/session';
import type { CandidateType } from '../../contract/user-types';
import type { ApiClient } from './client';
import { profileWrite } from './profile';

// Agents create, edit and invite candidates and companies; the invited person takes the record
// over (contract/people.ts).

const path = (uuid: string) => encodeURIComponent(uuid);
export type KeptKind = 'profile' | 'company';

/** PUT /api/agent/profile: a candidate without an account. */
export function createCandidate(
  api: ApiClient,
  type: CandidateType,
  values: Record<string, unknown>,
): Promise<ProfileResponse> {
  return profileWrite(api, '/api/agent/profile', 'PUT', { type, values });
}

/** PUT /api/agent/company: a company without an account. */
export function createCompany(api: ApiClient, values: Record<string, unknown>): Promise<ProfileResponse> {
  return profileWrite(api, '/api/agent/company', 'PUT', { values });
}

/** POST /api/agent/{profile|company}/{uuid}: an agent's edit; a stale version rejects with ProfileConflict. */
export function saveKept(
  api: ApiClient,
  kind: KeptKind,
  uuid: string,
  values: Record<string, unknown>,
  version: number,
): Promise<ProfileResponse> {
  return profileWrite(api, `/api/agent/${kind}/${path(uuid)}`, 'POST', { values, version });
}

/** POST /api/agent/{profile|company}/{uuid}/invite: mails the one-time link. */
export async function invite(
  api: ApiClient,
  kind: KeptKind,
  uuid: string,
  body: InviteBody,
): Promise<Invitation> {
  return v.parse(
    InvitationSchema,
    await api.call(`/api/agent/${kind}/${path(uuid)}/invite`, { method: 'POST', body }),
  );
}

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

/** GET /api/agent/{profile|company}/{uuid}/erase: what deleting the record would take (issue 42). */
export async function fetchErasurePreview(
  api: ApiClient,
  kind: KeptKind,
  uuid: string,
): Promise<ErasurePreview> {
  return v.parse(ErasurePreviewSchema, await api.call(`/api/agent/${kind}/${path(uuid)}/erase`));
}

/** POST /api/agent/{profile|company}/{uuid}/erase: deletes the record; answers what went. */
export async function eraseKept(
  api: ApiClient,
  kind: KeptKind,
  uuid: string,
  body: ErasureBody,
): Promise<ErasurePreview> {
  return v.parse(
    ErasurePreviewSchema,
    await api.call(`/api/agent/${kind}/${path(uuid)}/erase`, { method: 'POST', body }),
  );
}
