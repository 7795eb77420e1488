import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AgentDashboard } from '../../contract/agent';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { int, intOrNull, text, textOrNull, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { ACTIVE_STATES_SQL } from '../jobs/run-states';
import { deletionsDue } from '../maintenance/retention';
import { WEEK_MS } from './search';

/** The agent's start page (PRODUCT.md §6): counts of candidates, companies, jobs and runs. */

const TypeFiguresRow = v.object({ type: text, total: int, fresh: int, free: int, mine: int });
const TotalsRow = v.object({ company: int, active_jobs: int, runs_in_flight: int });
const LastRunRow = v.object({
  id: uuid,
  job_id: uuid,
  title: textOrNull,
  state: text,
  finished_at: timeOrNull,
  included: intOrNull,
});
/** A record due for deletion by name; none when it went meanwhile (the `union all select null`). */
const NamedRow = v.object({ uuid: uuidOrNull, name: textOrNull });

/** GET /api/agent/dashboard: the counts of PRODUCT.md §6 for the calling agent. */
export async function dashboard(
  db: Database,
  caller: Caller,
  now: Date = new Date(),
  retentionMonths = 24,
): Promise<AgentDashboard> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const since = weekAgo.toISOString();
  const [byType, [counts], lastRuns] = await Promise.all([
    // One pass over the profiles, grouped by type: every figure about candidates, per type.
    queryRows(
      db,
      sql`select type, count(*) as total,
            count(*) filter (where created_at >= ${since}) as fresh,
            count(*) filter (where assigned_agent_id is null) as free,
            count(*) filter (where assigned_agent_id = ${caller.userId}) as mine
          from profiles group by type`,
      TypeFiguresRow,
    ),
    queryRows(
      db,
      sql`select
            (select count(*) from companies) as company,
            (select count(*) from jobs where status = 'active') as active_jobs,
            (select count(*) from job_runs where state in ${ACTIVE_STATES_SQL}) as runs_in_flight`,
      TotalsRow,
    ),
    queryRows(
      db,
      sql`select r.id, r.job_id, j."values" ->> 'title' as title, r.state, r.finished_at, r.included
          from job_runs r join jobs j on j.id = r.job_id order by r.created_at desc, r.id limit 5`,
      LastRunRow,
    ),
  ]);
  const n = (key: 'company' | 'active_jobs' | 'runs_in_flight') => counts?.[key] ?? 0;
  type Figure = 'total' | 'fresh' | 'free' | 'mine';
  const of = (type: string, figure: Figure) => byType.find((row) => row.type === type)?.[figure] ?? 0;
  // The totals count every profile, as the per-type figures do for theirs.
  const all = (figure: Figure) => byType.reduce((sum, row) => sum + row[figure], 0);
  // Per type, so each figure can link to the table that lists exactly those candidates.
  const perType = (figure: Figure) => ({
    luna: of('luna', figure),
    stella: of('stella', figure),
    nova: of('nova', figure),
  });
  return {
    counts: { ...perType('total'), company: n('company') },
    newThisWeek: all('fresh'),
    newThisWeekByType: perType('fresh'),
    unassigned: all('free'),
    assignedToMe: all('mine'),
    unassignedByType: perType('free'),
    assignedToMeByType: perType('mine'),
    activeJobs: n('active_jobs'),
    runsInFlight: n('runs_in_flight'),
    lastRuns: lastRuns.map((r) => ({
      uuid: r.id,
      jobUuid: r.job_id,
      jobTitle: r.title ?? '',
      state: r.state,
      finishedAt: r.finished_at,
      included: r.included,
    })),
    deletionsDue: await namedDeletionsDue(db, retentionMonths, now),
  };
}

/** Retention's deletions within 30 days (PRODUCT.md §8), named as the tables name them. */
async function namedDeletionsDue(
  db: Database,
  months: number,
  now: Date,
): Promise<AgentDashboard['deletionsDue']> {
  const due = await deletionsDue(db, months, now, 10);
  const items = [];
  for (const item of due.items) {
    const [row] = await queryRows(
      db,
      item.kind === 'profile'
        ? sql`select id as uuid, concat_ws(' ', "values" ->> 'first_name', "values" ->> 'last_name') as name
              from profiles where id = ${item.id}`
        : item.type === 'company'
          ? sql`select c.id as uuid, c."values" ->> 'name' as name from companies c where c.user_id = ${item.id}
                union all select null, null limit 1`
          : sql`select p.id as uuid, concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name') as name
                from profiles p where p.user_id = ${item.id} union all select null, null limit 1`,
      NamedRow,
    );
    items.push({
      kind: item.type === 'company' ? ('company' as const) : ('candidate' as const),
      type: item.type,
      uuid: row?.uuid ?? null,
      name: row?.name?.trim() || null,
      dueAt: item.dueAt,
    });
  }
  return { total: due.total, items };
}
