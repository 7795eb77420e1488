import { sql } from 'drizzle-orm';
import type { Job, JobCriterion, JobStatus, LastRun } from '../../contract/job';
import { type Caller, isAgent } from '../auth/caller';
import { companiesOfUser } from '../clients/caller-company';
import { isoTime } from '../db/dates';
import { CRITERIA_CHANGED_SINCE_RUN } from './job-filters';

/**
 * How a job is read: one statement (SELECT_JOB) and the answer it makes for a caller (toJob), shared
 * by the job's own calls (jobs.ts) and the job list (job-list.ts).
 */

export interface JobSqlRow {
  id: string;
  origin: 'agent' | 'company';
  company_user_id: string | null;
  status: JobStatus;
  values: Record<string, unknown>;
  criteria: JobCriterion[];
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  company_name: string | null;
  client_company_id: string | null;
  client_name: string | null;
  client_text: string | null;
  assigned_agent_id: string | null;
  agent_first: string | null;
  agent_last: string | null;
  run_state: LastRun['state'] | null;
  run_progress: number | null;
  run_finished_at: string | Date | null;
  done_included: number | null;
  done_best: number | null;
  criteria_changed: boolean | null;
}

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

export function toJob(row: JobSqlRow, caller: Caller): Job {
  const agent = isAgent(caller);
  const criteria = (row.criteria ?? []).map((c) =>
    agent ? { key: c.key, value: c.value, weight: c.weight, must: c.must } : { key: c.key, value: c.value },
  );
  const lastRun: LastRun | null =
    row.run_state === null
      ? null
      : {
          state: row.run_state,
          progress: row.run_progress ?? 0,
          finishedAt: isoTime(row.run_finished_at),
          included: agent ? row.done_included : null,
          bestScore: agent && row.done_best !== null ? Number(row.done_best) : null,
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
    createdAt: isoTime(row.created_at)!,
    updatedAt: isoTime(row.updated_at)!,
    lastRun,
    criteriaChangedSinceRun: agent && row.criteria_changed === true,
  };
}
