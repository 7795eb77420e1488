import { type SQL, sql } from 'drizzle-orm';

/**
 * Conditions on a job row (`j`) that several answers share: the job list's filters and the agent's
 * attention counts (server/pipeline/attention.ts) ask the same question the same way, so a count and
 * the list it links to cannot disagree.
 */

/** The caller's jobs: assigned to them, or created by them while nobody is assigned. */
export function callersJob(userId: string): SQL {
  return sql`(j.assigned_agent_id = ${userId} or (j.assigned_agent_id is null and j.created_by = ${userId}))`;
}

/**
 * Freshness (PRODUCT.md §10): the criteria or target types changed (`criteria_changed_at`, kept by a
 * trigger) after the latest done run started. A job never run is not stale: it has no results to doubt.
 */
export const CRITERIA_CHANGED_SINCE_RUN = sql`coalesce((select coalesce(r.started_at, r.created_at) < j.criteria_changed_at
    from job_runs r where r.job_id = j.id and r.state = 'done' order by r.finished_at desc, r.id desc limit 1), false)`;
