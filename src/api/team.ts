import * as v from 'valibot';
import {
  type AgentCreate,
  type ReassignResult,
  ReassignResultSchema,
  type TeamMember,
  TeamMemberSchema,
  type TeamOverview,
  TeamOverviewSchema,
} from '../../contract/team';
import type { ApiClient } from './client';

// The senior agent's team (contract/team.ts): overview, new agents, reassignment, deactivation, reactivation.

/** GET /api/agent/team: every agent's figures; overdue follow-ups are those before `today` (the user's day). */
export async function fetchTeam(api: ApiClient, today: string): Promise<TeamOverview> {
  return v.parse(TeamOverviewSchema, await api.call('/api/agent/team', { query: { today } }));
}

/** PUT /api/agent/team: the new agent is mailed a link to choose a password; 409 `email.taken`. */
export async function createAgent(api: ApiClient, body: AgentCreate): Promise<TeamMember> {
  return v.parse(TeamMemberSchema, await api.call('/api/agent/team', { method: 'PUT', body }));
}

/** POST /api/agent/team/{uuid}/reassign: everything agent `from` looks after goes to `to`. */
export async function reassignRecords(api: ApiClient, from: string, to: string): Promise<ReassignResult> {
  return v.parse(
    ReassignResultSchema,
    await api.call(`/api/agent/team/${encodeURIComponent(from)}/reassign`, { method: 'POST', body: { to } }),
  );
}

/** POST /api/agent/team/{uuid}/deactivate; without `reassignTo`, 409 `agent.has_records` while they look after anything. */
export async function deactivateAgent(
  api: ApiClient,
  agent: string,
  reassignTo: string | null,
): Promise<TeamMember> {
  const body = reassignTo ? { reassignTo } : {};
  return v.parse(
    TeamMemberSchema,
    await api.call(`/api/agent/team/${encodeURIComponent(agent)}/deactivate`, { method: 'POST', body }),
  );
}

/** POST /api/agent/team/{uuid}/reactivate: the agent signs in again; an active agent stays as they are. */
export async function reactivateAgent(api: ApiClient, agent: string): Promise<TeamMember> {
  return v.parse(
    TeamMemberSchema,
    await api.call(`/api/agent/team/${encodeURIComponent(agent)}/reactivate`, { method: 'POST' }),
  );
}
