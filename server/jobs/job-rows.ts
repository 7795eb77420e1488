import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { JOB_ORIGINS, JOB_STATUSES, type Job, type LastRun, RUN_STATES } from '../../contract/job';
import { type Caller, isAgent } from '../auth/caller';
import { companiesOfUser } from '../clients/caller-company';
import {
  boolOrNull,
  int,
  intOrNull,
  numOrNull,
  record,
  textOrNull,
  time,
  timeOrNull,
  uuid,
  uuidOrNull,
} from '../db/rows';
import { CRITERIA_CHANGED_SINCE_RUN } from './job-filters';

/**
 * How a job is read: one statement (SELECT_JOB) and the answer it makes for a caller (toJob), shared
 * by the job's own calls (jobs.ts) and the job list (job-list.ts).
 */

/** A job's stored criteria: value, weight 0–5 and must flag (contract JobCriterion). */
export const CriteriaColumn = v.array(
  v.object({ key: v.string(), value: v.unknown(), weight: v.number(), must: v.boolean() }),
);

/** A row of SELECT_JOB. */
export const SelectJobRow = v.object({
  id: uuid,
  origin: v.picklist(JOB_ORIGINS),
  company_user_id: uuidOrNull,
  status: v.picklist(JOB_STATUSES),
  values: record,
  criteria: CriteriaColumn,
  version: int,
  created_at: time,
  updated_at: time,
  company_name: textOrNull,
  client_company_id: uuidOrNull,
  client_name: textOrNull,
  client_text: textOrNull,
  assigned_agent_id: uuidOrNull,
  agent_first: textOrNull,
  agent_last: textOrNull,
  run_state: v.nullable(v.picklist(RUN_STATES)),
  run_progress: intOrNull,
  run_finished_at: timeOrNull,
  done_included: intOrNull,
  done_best: numOrNull,
  criteria_changed: boolOrNull,
});
export type SelectJobRow = v.InferOutput<typeof SelectJobRow>;

/**
 * The job with its company's name, its client, the agent working on it, its latest run and the counts
 * of its latest done run.
 */
export const SELECT_JOB = sql`select j.id, j.origin, j.company_user_id, j.status, j."values", j.criteria, j.version,
    j.created_at, j.updated_at,
    (select c."values" ->> 'name' from companies c where c.id in ${companiesOfUser(sql`j.company_user_id`)}) as company_name,
    j.client_company_id, cl."values" ->> 'name' as client_name, j.client_text,
    j.assigned_agent_id, ap."values" ->> 'first_name' as agent_first, ap."values" ->> 'last_name' as agent_last,
    lr.state as run_state, lr.progress as run_progress, lr.finished_at as run_finished_at,
    ld.included as done_included, ld.best_score as done_best,
    ${CRITERIA_CHANGED_SINCE_RUN} as criteria_changed
  from jobs j
  left join companies cl on cl.id = j.client_company_id
  left join account_profiles ap on ap.user_id = j.assigned_agent_id
  left join lateral (select state, progress, finished_at from job_runs r where r.job_id = j.id
                     order by r.created_at desc, r.id desc limit 1) lr on true
  left join lateral (select included, best_score from job_runs r where r.job_id = j.id and r.state = 'done'
                     order by r.finished_at desc, r.id desc limit 1) ld on true`;

export function toJob(row: SelectJobRow, caller: Caller): Job {
  const agent = isAgent(caller);
  const criteria = row.criteria.map((c) =>
    agent ? { key: c.key, value: c.value, weight: c.weight, must: c.must } : { key: c.key, value: c.value },
  );
  const lastRun: LastRun | null =
    row.run_state === null
      ? null
      : {
          state: row.run_state,
          progress: row.run_progress ?? 0,
          finishedAt: row.run_finished_at,
          included: agent ? row.done_included : null,
          bestScore: agent ? row.done_best : null,
        };
  // The candidate types a job targets are the agency's words: a company never sees them (PRODUCT.md §1).
  const { target_types: _hidden, ...companyValues } = row.values;
  const agentName = [row.agent_first, row.agent_last].filter(Boolean).join(' ');
  return {
    uuid: row.id,
    origin: row.origin,
    status: row.status,
    values: agent ? row.values : companyValues,
    criteria,
    company: row.company_user_id ? { uuid: row.company_user_id, name: row.company_name } : null,
    client: row.client_company_id ? { uuid: row.client_company_id, name: row.client_name ?? '' } : null,
    clientText: row.client_text,
    assignedAgent: row.assigned_agent_id ? { uuid: row.assigned_agent_id, name: agentName || null } : null,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastRun,
    criteriaChangedSinceRun: agent && row.criteria_changed === true,
  };
}
