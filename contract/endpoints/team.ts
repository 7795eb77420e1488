import { type ApiRoute, ID, route } from '../route-table';
import {
  AgentCreateSchema,
  DeactivateBodySchema,
  ReassignBodySchema,
  ReassignResultSchema,
  TeamMemberSchema,
  TeamOverviewSchema,
  TeamQuerySchema,
} from '../team';
import { AGENTS } from './agents';

/** The senior agent's team (issue 42): overview, new agents, reassignment, deactivation, reactivation. */
export const TEAM = {
  overview: route({
    method: 'GET',
    path: '/api/agent/team',
    query: TeamQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: TeamOverviewSchema },
    who: 'seniorAgent',
    tag: 'agents',
    summary:
      "Senior agents: every agent with the candidates, companies and jobs they look after, their overdue follow-ups (before the client's `today`), submissions unanswered for 5 days and taken company requests",
  }),
  create: route({
    method: 'PUT',
    path: '/api/agent/team',
    invalidates: (): readonly ApiRoute[] => [TEAM.overview, AGENTS.list],
    body: AgentCreateSchema,
    answer: { status: 201, json: TeamMemberSchema },
    errors: { 409: ['email.taken'] },
    who: 'seniorAgent',
    tag: 'agents',
    summary:
      'Senior agents: create an agent (name, e-mail, role); the agent is mailed a one-hour link to choose a password',
  }),
  reassign: route({
    method: 'POST',
    path: '/api/agent/team/{uuid}/reassign',
    invalidates: (): readonly ApiRoute[] => [TEAM.overview, AGENTS.list],
    params: { uuid: ID },
    body: ReassignBodySchema,
    answer: { status: 200, json: ReassignResultSchema },
    errors: { 404: ['agent.not_found'], 409: ['reassign.same_agent'] },
    who: 'seniorAgent',
    tag: 'agents',
    summary:
      "Senior agents: move an agent's candidates, companies and jobs (all, or those named in `only`) to another active agent; each move is an `assign` event on the record's timeline",
  }),
  deactivate: route({
    method: 'POST',
    path: '/api/agent/team/{uuid}/deactivate',
    invalidates: (): readonly ApiRoute[] => [TEAM.overview, AGENTS.list],
    params: { uuid: ID },
    body: DeactivateBodySchema,
    answer: { status: 200, json: TeamMemberSchema },
    errors: {
      404: ['agent.not_found'],
      409: ['agent.has_records', 'agent.self', 'reassign.same_agent'],
    },
    who: 'seniorAgent',
    tag: 'agents',
    summary:
      'Senior agents: deactivate an agent (no more sign-in, every session ends); what they look after must go to another agent first or in the same step (`reassignTo`)',
  }),
  reactivate: route({
    method: 'POST',
    path: '/api/agent/team/{uuid}/reactivate',
    invalidates: (): readonly ApiRoute[] => [TEAM.overview, AGENTS.list],
    params: { uuid: ID },
    answer: { status: 200, json: TeamMemberSchema },
    errors: { 404: ['agent.not_found'] },
    who: 'seniorAgent',
    tag: 'agents',
    summary:
      'Senior agents: reactivate a deactivated agent, who signs in again with their password; nothing they looked after comes back. Reactivating an active agent changes nothing',
  }),
} as const;
