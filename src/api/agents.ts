import * as v from 'valibot';
import {
  type AgentDashboard,
  AgentDashboardSchema,
  type AgentListResponse,
  AgentListResponseSchema,
  type AgentSelf,
  AgentSelfSchema,
  type AgentSelfUpdate,
  type AssignmentResult,
  AssignmentResultSchema,
  type CompanyDetail,
  CompanyDetailSchema,
  type CompanyListQuery,
  type CompanyListResponse,
  CompanyListResponseSchema,
} from '../../contract/agent';
import { type GlobalSearchResponse, GlobalSearchResponseSchema } from '../../contract/search';
import { type ApiClient, queryParams } from './client';

// The agents' own calls and the company calls (contract/agent.ts); the candidate calls live in candidates.ts.

/** GET /api/company/list: search, assigned agent, open requests. */
export async function listCompanies(
  api: ApiClient,
  query: Partial<CompanyListQuery>,
): Promise<CompanyListResponse> {
  return v.parse(
    CompanyListResponseSchema,
    await api.call('/api/company/list', { query: queryParams(query) }),
  );
}

/** GET /api/agent/company/{uuid}: the company's values and its job requests. */
export async function fetchCompany(api: ApiClient, uuid: string): Promise<CompanyDetail> {
  return v.parse(CompanyDetailSchema, await api.call(`/api/agent/company/${encodeURIComponent(uuid)}`));
}

/** POST /api/agent/assign_company: `agent` left out assigns to the caller, null unassigns. */
export function assignCompany(
  api: ApiClient,
  uuid: string,
  agent?: string | null,
): Promise<AssignmentResult> {
  return postAssignment(api, '/api/agent/assign_company', uuid, agent);
}

/** POST of an assignment, a company's or a candidate's: `agent` left out is the caller, null nobody. */
export async function postAssignment(
  api: ApiClient,
  path: '/api/agent/assign_company' | '/api/agent/assign_profile',
  uuid: string,
  agent?: string | null,
): Promise<AssignmentResult> {
  const body = agent === undefined ? { uuid } : { uuid, agent };
  return v.parse(AssignmentResultSchema, await api.call(path, { method: 'POST', body }));
}

/** GET /api/agent: the signed-in agent's own name, phone and photo. */
export async function fetchAgentSelf(api: ApiClient): Promise<AgentSelf> {
  return v.parse(AgentSelfSchema, await api.call('/api/agent'));
}

/** PUT /api/agent; a stale version answers 409 `agent.version_conflict` (an ApiError). */
export async function updateAgentSelf(api: ApiClient, body: AgentSelfUpdate): Promise<AgentSelf> {
  return v.parse(AgentSelfSchema, await api.call('/api/agent', { method: 'PUT', body }));
}

/** GET /api/agent/list: every agent with assigned candidates, companies and active jobs. */
export async function listAgents(api: ApiClient): Promise<AgentListResponse> {
  return v.parse(AgentListResponseSchema, await api.call('/api/agent/list'));
}

/** GET /api/agent/dashboard: the counts of PRODUCT.md §6 and the last runs. */
export async function fetchAgentDashboard(api: ApiClient): Promise<AgentDashboard> {
  return v.parse(AgentDashboardSchema, await api.call('/api/agent/dashboard'));
}

/** GET /api/agent/search: candidates, companies and jobs for the shell's search field; aborted by `signal`. */
export async function globalSearch(
  api: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<GlobalSearchResponse> {
  return v.parse(GlobalSearchResponseSchema, await api.call('/api/agent/search', { query: { q }, signal }));
}
