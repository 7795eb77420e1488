import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { JOB_STATUSES, type JobListQuery, type JobListResponse } from '../../contract/job';
import { assertAgentOrCompany, type Caller, isAgent } from '../auth/caller';
import { callerCompanies } from '../clients/caller-company';
import { type Database, queryRows } from '../db/client';
import { int } from '../db/rows';
import { ApiError } from '../errors';
import { CRITERIA_CHANGED_SINCE_RUN, callersJob } from './job-filters';
import { SELECT_JOB, SelectJobRow, toJob } from './job-rows';

/** The job tables (GET /api/jobs/list) and the search they share with the agents' global search. */

const LIKE_SPECIAL = /[\\%_]/g;

const StatusCountRow = v.object({ status: v.picklist(JOB_STATUSES), n: int });

/** The job list's sorts that read scores: agents only. */
const AGENT_ONLY_SORTS: ReadonlySet<JobListQuery['sort']> = new Set(['best_score']);

/** The job tables' search (j: jobs): the text within the title or the client's name; the global search's too. */
export function jobSearchCondition(q: string): SQL {
  const pattern = `%${q.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`;
  // The client's name through one lookup per job (a scalar subquery): as `exists`, the planner hashed
  // it and matched the pattern against every company's name, 10 k of them, on every search.
  return sql`(j."values" ->> 'title' ilike ${pattern} or j.client_text ilike ${pattern}
           or (select c."values" ->> 'name' from companies c where c.id = j.client_company_id) ilike ${pattern})`;
}

/** GET /api/jobs/list: one status tab, search, origin filter, sort, page; counts per status. */
export async function listJobs(db: Database, caller: Caller, query: JobListQuery): Promise<JobListResponse> {
  assertAgentOrCompany(caller);
  // The best score is hidden from companies: ordering by it would reveal it (PRODUCT.md §5). Refused
  // like any sort the list does not have, so the answer says nothing more than a wrong value would.
  if (!isAgent(caller) && AGENT_ONLY_SORTS.has(query.sort)) {
    throw new ApiError(400, ErrorCode.validation, 'Invalid query', { sort: ['query.invalid'] });
  }
  const filters: SQL[] = [];
  // A company's requests: by this login, or by any login of its company for it (decision 0031).
  if (!isAgent(caller))
    filters.push(
      sql`(j.company_user_id = ${caller.userId}
           or (j.origin = 'company' and j.client_company_id in ${callerCompanies(caller)}))`,
    );
  if (query.origin) filters.push(sql`j.origin = ${query.origin}`);
  if (isAgent(caller) && query.agent === 'me') filters.push(callersJob(caller.userId));
  if (isAgent(caller) && query.agent === 'none') filters.push(sql`j.assigned_agent_id is null`);
  if (isAgent(caller) && query.stale === 'yes') filters.push(CRITERIA_CHANGED_SINCE_RUN);
  if (query.q !== '') filters.push(jobSearchCondition(query.q));
  const where = (extra: SQL[]) => {
    const all = [...filters, ...extra];
    return all.length === 0 ? sql`true` : sql.join(all, sql` and `);
  };
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const orderBy: Record<JobListQuery['sort'], SQL> = {
    updated: sql`j.updated_at ${direction}`,
    created: sql`j.created_at ${direction}`,
    title: sql`lower(j."values" ->> 'title') ${direction}`,
    best_score: sql`ld.best_score ${direction} nulls last`,
  };
  const offset = (query.page - 1) * query.limit;
  const rows = await queryRows(
    db,
    sql`${SELECT_JOB} where ${where([sql`j.status = ${query.status}`])}
        order by ${orderBy[query.sort]}, j.id ${direction} limit ${query.limit} offset ${offset}`,
    SelectJobRow,
  );
  const countRows = await queryRows(
    db,
    sql`select j.status, count(*) as n from jobs j where ${where([])} group by j.status`,
    StatusCountRow,
  );
  const counts = { active: 0, archived: 0 };
  for (const row of countRows) counts[row.status] = row.n;
  return {
    items: rows.map((row) => toJob(row, caller)),
    total: counts[query.status],
    page: query.page,
    limit: query.limit,
    counts,
  };
}
