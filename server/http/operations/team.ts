import { OwnSubmissionsSchema } from '../../../contract/own-submissions';
import { ReassignResultSchema, TeamMemberSchema, TeamOverviewSchema } from '../../../contract/team';
import {
  agentsOnly,
  agentUuid,
  created,
  forbidden,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

const SENIOR_RULE =
  'Senior agents only: every other account, plain agents included, is 403 `auth.forbidden`.';

/** The senior agent's team (issue 42): overview, new agents, reassignment, deactivation, reactivation. */
export const TEAM_OPERATIONS: Record<string, OperationDoc> = {
  ...section('agents', {
    'GET /api/agent/team': op(
      "Senior agents: every agent with the candidates, companies and jobs they look after, their overdue follow-ups (before the client's `today`), submissions unanswered for 5 days and taken company requests",
      ok(TeamOverviewSchema),
      agentsOnly,
      { description: SENIOR_RULE },
    ),
    'PUT /api/agent/team': op(
      'Senior agents: create an agent (name, e-mail, role); the agent is mailed a one-hour link to choose a password',
      created(TeamMemberSchema),
      { ...agentsOnly, 409: ['email.taken'] },
      { description: SENIOR_RULE },
    ),
    'POST /api/agent/team/{uuid}/reassign': op(
      "Senior agents: move an agent's candidates, companies and jobs (all, or those named in `only`) to another active agent; each move is an `assign` event on the record's timeline",
      ok(ReassignResultSchema),
      { ...agentUuid, 404: ['agent.not_found'], 409: ['reassign.same_agent'] },
      { description: SENIOR_RULE },
    ),
    'POST /api/agent/team/{uuid}/deactivate': op(
      'Senior agents: deactivate an agent (no more sign-in, every session ends); what they look after must go to another agent first or in the same step (`reassignTo`)',
      ok(TeamMemberSchema),
      {
        ...agentUuid,
        404: ['agent.not_found'],
        409: ['agent.has_records', 'agent.self', 'reassign.same_agent'],
      },
      { description: SENIOR_RULE },
    ),
    'POST /api/agent/team/{uuid}/reactivate': op(
      'Senior agents: reactivate a deactivated agent, who signs in again with their password; nothing they looked after comes back. Reactivating an active agent changes nothing',
      ok(TeamMemberSchema),
      { ...agentUuid, 404: ['agent.not_found'] },
      { description: SENIOR_RULE },
    ),
  }),
  ...section('profile', {
    'GET /api/profile/submissions': op(
      "Candidates: how far their own profile got (registered, visible, matched, proposed, sent, answered) and every time it was sent to a company — the date, the card, the company's name only for a full card, the status",
      ok(OwnSubmissionsSchema),
      { 403: forbidden },
      {
        description:
          'Candidates only (luna, stella, nova), each their own profile: every other account is 403 `auth.forbidden`.',
      },
    ),
  }),
};
