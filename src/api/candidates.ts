import * as v from 'valibot';
import {
  type AccessLogEntry,
  AccessLogResponseSchema,
  type AgentListResponse,
  AgentListResponseSchema,
  type AgentProfileDetail,
  AgentProfileDetailSchema,
  type AssignmentResult,
  AssignmentResultSchema,
  type CandidateStatusBody,
  type CardFormat,
  type ProfileListQuery,
  type ProfileListResponse,
  ProfileListResponseSchema,
} from '../../contract/agent';
import { CatalogFieldsSchema, type FieldDefinition } from '../../contract/catalog';
import type { CandidateType } from '../../contract/user-types';
import { postAssignment } from './agents';
import { type ApiClient, queryParams } from './client';

const path = (uuid: string) => encodeURIComponent(uuid);

/** GET /api/profile/list: one page of the stellas, lunas or novas table (search, filters, sort). */
export async function listCandidates(
  api: ApiClient,
  query: Partial<ProfileListQuery>,
): Promise<ProfileListResponse> {
  return v.parse(
    ProfileListResponseSchema,
    await api.call('/api/profile/list', { query: queryParams(query) }),
  );
}

/** GET /api/agent/profile/{uuid}: the whole profile, account facts, assignment, ranks (the read is logged). */
export async function fetchCandidate(api: ApiClient, uuid: string): Promise<AgentProfileDetail> {
  return v.parse(AgentProfileDetailSchema, await api.call(`/api/agent/profile/${path(uuid)}`));
}

/** GET /api/agent/profile/{uuid}/access-log (senior agents): who read the profile or its cards. */
export async function fetchAccessLog(api: ApiClient, uuid: string): Promise<AccessLogEntry[]> {
  return v.parse(AccessLogResponseSchema, await api.call(`/api/agent/profile/${path(uuid)}/access-log`))
    .items;
}

/**
 * POST /api/agent/assign_profile: `agent` left out assigns to the caller, null unassigns, another
 * agent's uuid is for senior agents (403 `assign.senior_only` otherwise).
 */
export function assignCandidate(
  api: ApiClient,
  uuid: string,
  agent?: string | null,
): Promise<AssignmentResult> {
  return postAssignment(api, '/api/agent/assign_profile', uuid, agent);
}

/** POST /api/agent/luna_to_stella: a luna becomes a stella (409 `profile.not_luna` for anyone else). */
export async function promoteLuna(api: ApiClient, uuid: string): Promise<AssignmentResult> {
  return v.parse(
    AssignmentResultSchema,
    await api.call('/api/agent/luna_to_stella', { method: 'POST', body: { uuid } }),
  );
}

/** POST /api/agent/profile/{uuid}/status: the agency's block with a reason (inactive), or lifting it (active). */
export async function setCandidateStatus(
  api: ApiClient,
  uuid: string,
  body: CandidateStatusBody,
): Promise<AssignmentResult> {
  return v.parse(
    AssignmentResultSchema,
    await api.call(`/api/agent/profile/${path(uuid)}/status`, { method: 'POST', body }),
  );
}

/** GET /api/agent/card/{uuid}/{pdf|anonymous}: the candidate's card as a PDF (the read is logged). */
export function fetchCandidateCard(api: ApiClient, uuid: string, format: CardFormat): Promise<Blob> {
  return api.blob(`/api/agent/card/${path(uuid)}/${format}`);
}

/** GET /api/agent/list: the agents a senior agent may assign a candidate to. */
export async function listAgents(api: ApiClient): Promise<AgentListResponse> {
  return v.parse(AgentListResponseSchema, await api.call('/api/agent/list'));
}

/** GET /api/profile/data?type=…: a candidate type's profile fields (an agent's own catalogue has only names). */
export async function fetchCandidateFields(api: ApiClient, type: CandidateType): Promise<FieldDefinition[]> {
  return v.parse(CatalogFieldsSchema, await api.call('/api/profile/data', { query: { type } }));
}
