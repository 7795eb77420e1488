import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isSeniorAgentType } from '../../contract/agent';
import { UNANSWERED_DAYS } from '../../contract/attention';
import type { TeamOverview } from '../../contract/team';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { bool, int, intOrNull, text, textOrNull, uuid } from '../db/rows';
import { assertSeniorAgent } from './agent-accounts';

/**
 * GET /api/agent/team (issue 42): every agent with what they look after and what is late, in one
 * statement — each figure is a grouped count per agent, never a query per agent. The conditions are
 * the attention band's (server/pipeline/attention.ts), seen from each agent instead of the caller:
 * "works on a job" is `callersJob`, a follow-up is the agent's when its job is assigned to them or they set it (`followUpDue`).
 */

const DAY_MS = 86_400_000;

/** An agent with their counts; a count is null where the agent has none of its kind. */
const Row = v.object({
  id: uuid,
  email: text,
  user_type: text,
  active: bool,
  first: textOrNull,
  last: textOrNull,
  candidates: intOrNull,
  companies: intOrNull,
  jobs: intOrNull,
  overdue: intOrNull,
  unanswered: intOrNull,
  requests: intOrNull,
  without_agent: int,
});

/** Jobs per agent who works on them: assigned, else the creator (callersJob, seen per agent). */
const JOB_AGENT = sql`coalesce(j.assigned_agent_id, j.created_by)`;

export async function teamOverview(
  db: Database,
  caller: Caller,
  today: string,
  now: Date,
): Promise<TeamOverview> {
  assertSeniorAgent(caller);
  const cutoff = new Date(now.getTime() - UNANSWERED_DAYS * DAY_MS).toISOString();
  const rows = await queryRows(
    db,
    sql`with agents as (
          select u.id, u.email, u.user_type, u.active from users u where u.user_type like '%agent%'),
        cand as (select assigned_agent_id as id, count(*) as n from profiles
                 where assigned_agent_id is not null group by 1),
        comp as (select assigned_agent_id as id, count(*) as n from companies
                 where assigned_agent_id is not null group by 1),
        job as (select ${JOB_AGENT} as id, count(*) as n,
                  count(*) filter (where j.status = 'active' and j.origin = 'company'
                                   and j.assigned_agent_id is not null) as requests
                from jobs j where ${JOB_AGENT} is not null group by 1),
        overdue as (select a.id, count(*) as n from pipeline_entries e
                    join jobs j on j.id = e.job_id and j.status = 'active'
                    join agents a on a.id = j.assigned_agent_id or a.id = e.follow_up_by
                    where e.follow_up < ${today}::date group by a.id),
        unanswered as (select ${JOB_AGENT} as id, count(*) as n from pipeline_entries e
                       join jobs j on j.id = e.job_id and j.status = 'active'
                       where e.stage = 'submitted' and e.submitted_at < ${cutoff} and e.client_answered_at is null
                       group by 1)
        select a.id, a.email, a.user_type, a.active,
          ap."values" ->> 'first_name' as first, ap."values" ->> 'last_name' as last,
          cand.n as candidates, comp.n as companies, job.n as jobs, overdue.n as overdue,
          unanswered.n as unanswered, job.requests as requests,
          (select count(*) from jobs j where j.status = 'active' and j.origin = 'company'
             and j.assigned_agent_id is null) as without_agent
        from agents a
        left join account_profiles ap on ap.user_id = a.id
        left join cand on cand.id = a.id left join comp on comp.id = a.id left join job on job.id = a.id
        left join overdue on overdue.id = a.id left join unanswered on unanswered.id = a.id
        order by a.active desc, a.email`,
    Row,
  );
  const n = (value: number | null) => value ?? 0;
  return {
    today,
    requestsWithoutAgent: rows[0]?.without_agent ?? 0,
    items: rows.map((r) => ({
      uuid: r.id,
      email: r.email,
      name: [r.first, r.last].filter(Boolean).join(' ') || null,
      userType: r.user_type,
      senior: isSeniorAgentType(r.user_type),
      active: r.active,
      candidates: n(r.candidates),
      companies: n(r.companies),
      jobs: n(r.jobs),
      overdueFollowUps: n(r.overdue),
      unanswered: n(r.unanswered),
      openRequests: n(r.requests),
    })),
  };
}
