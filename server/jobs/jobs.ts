import { type SQL, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import {
  type Job,
  type JobCriterion,
  type JobListQuery,
  type JobListResponse,
  type JobStatus,
  type LastRun,
  parseJobInput,
} from '../../contract/job';
import { CANDIDATE_TYPES, type CandidateType } from '../../contract/user-types';
import { recordAction, recordEvent } from '../agents/audit';
import { readCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';
import { assertAgent, assertAgentOrCompany, type Caller, isAgent, isCompany, jobNotFound } from './access';
import { capJobRequest, DEFAULT_JOB_CAPS, type JobCaps } from './caps';
import { CRITERIA_CHANGED_SINCE_RUN, callersJob } from './job-filters';
import { ACTIVE_STATES_SQL } from './run-states';

/**
 * Matching jobs: create, read, update with a version, delete, change status, list (PRODUCT.md §5).
 * A company's request is a job with origin `company` tied to the company account; a company sees its
 * own requests only, without weights, must flags or scores.
 */

interface JobSqlRow {
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

const iso = (x: string | Date | null): string | null =>
  x === null ? null : (x instanceof Date ? x : new Date(x)).toISOString();

/**
 * The job with its company's name, its client, the agent working on it, its latest run and the counts
 * of its latest done run.
 */
const SELECT_JOB = sql`select j.id, j.origin, j.company_user_id, j.status, j."values", j.criteria, j.version,
    j.created_at, j.updated_at,
    (select c."values" ->> 'name' from companies c where c.user_id = j.company_user_id) as company_name,
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

function toJob(row: JobSqlRow, caller: Caller): Job {
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
          finishedAt: iso(row.run_finished_at),
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
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    lastRun,
    criteriaChangedSinceRun: agent && row.criteria_changed === true,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is no uuid names no job (404), rather than a database error. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

async function selectJob(db: Database, id: string): Promise<JobSqlRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows<JobSqlRow>(db, sql`${SELECT_JOB} where j.id = ${id}`);
  return row;
}

/** A job the caller may read: any for an agent, its own request for a company (others: 404). */
async function readableJob(db: Database, caller: Caller, id: string): Promise<JobSqlRow> {
  assertAgentOrCompany(caller);
  const row = await selectJob(db, id);
  if (!row || (!isAgent(caller) && row.company_user_id !== caller.userId)) throw jobNotFound();
  return row;
}

type JobBody = { values: Record<string, unknown>; criteria?: unknown[] | undefined; client?: string | null };

/**
 * The client a job body names (PRODUCT.md §10): for an agent the company of that uuid (none: null;
 * an unknown one: 400 client.not_found); a company's request is always for its own company record,
 * and a company naming a client is refused (400 client.agent_only).
 */
async function clientOf(db: Database, caller: Caller, client: string | null | undefined) {
  if (isCompany(caller)) {
    if (client)
      throw new ApiError(400, ErrorCode.validation, 'A request is for the own company', {
        client: ['client.agent_only'],
      });
    const [own] = await queryRows<{ id: string }>(
      db,
      sql`select id from companies where user_id = ${caller.userId}`,
    );
    return own?.id ?? null;
  }
  if (!client) return null;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from companies where id = ${client.toLowerCase()}`,
  );
  if (!row) throw new ApiError(400, ErrorCode.validation, 'No such client', { client: ['client.not_found'] });
  return row.id;
}

async function parseBody(db: Database, caller: Caller, body: JobBody) {
  const catalog = await readCatalog(db);
  const parsed = parseJobInput(
    catalog.job,
    { values: body.values, criteria: body.criteria ?? [] },
    { userType: caller.userType, cities: cityById, asCompany: isCompany(caller) },
  );
  if (!parsed.success) throw new ApiError(400, ErrorCode.validation, 'Invalid job', parsed.fields);
  return parsed.output;
}

/** PUT /api/job: an agent's job, or a company's request (origin company, tied to the account). */
export async function createJob(
  db: Database,
  caller: Caller,
  body: JobBody,
  limits: { caps: JobCaps; now: Date } = { caps: DEFAULT_JOB_CAPS, now: new Date() },
): Promise<Job> {
  assertAgentOrCompany(caller);
  const { values, criteria } = await parseBody(db, caller, body);
  const client = await clientOf(db, caller, body.client);
  const id = crypto.randomUUID();
  const company = isCompany(caller);
  // A valid request counts against the company's 20 a day (PRODUCT.md §8); agents file jobs freely.
  if (company) await capJobRequest(db, limits.caps, caller, limits.now);
  // An agent's own job is theirs to work on; a company's request waits for an agent to take it.
  const agent = company ? null : caller.userId;
  await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    await db2.execute(
      sql`insert into jobs (id, origin, company_user_id, created_by, client_company_id, assigned_agent_id,
                            assigned_at, "values", criteria)
          values (${id}, ${company ? 'company' : 'agent'}, ${company ? caller.userId : null}, ${caller.userId},
                  ${client}, ${agent}, ${agent ? sql`now()` : null},
                  ${JSON.stringify(values)}::jsonb, ${JSON.stringify(criteria)}::jsonb)`,
    );
    if (company) await recordEvent(db2, { kind: 'job', id }, 'job.requested');
    else await recordAction(db2, caller, { kind: 'job', id }, 'job.created', {});
  });
  return toJob((await selectJob(db, id))!, caller);
}

/** GET /api/job/{uuid}. */
export async function readJob(db: Database, caller: Caller, id: string): Promise<Job> {
  return toJob(await readableJob(db, caller, id), caller);
}

export type UpdateJobResult = { ok: true; job: Job } | { ok: false; current: Job };

/** POST /api/job/{uuid}: agents; refused on an archived job (409) and on a stale version (409 with current). */
export async function updateJob(
  db: Database,
  caller: Caller,
  id: string,
  body: JobBody & { version: number },
): Promise<UpdateJobResult> {
  assertAgent(caller);
  const existing = await selectJob(db, id);
  if (!existing) throw jobNotFound();
  const { values, criteria } = await parseBody(db, caller, body);
  const client = await clientOf(db, caller, body.client);
  const saved = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    // A company's request stays the company's; the old free text goes once a client is chosen.
    const [row] = await queryRows<{ id: string }>(
      db2,
      sql`update jobs set "values" = ${JSON.stringify(values)}::jsonb, criteria = ${JSON.stringify(criteria)}::jsonb,
            client_company_id = case when origin = 'company' then client_company_id else ${client}::uuid end,
            client_text = case when origin = 'company' or ${client}::uuid is not null then null else client_text end,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${body.version} and status = 'active'
          returning id`,
    );
    const fields = changedFields(existing, values, criteria);
    if (row && (existing.client_company_id ?? null) !== client && existing.origin !== 'company')
      fields.push('client');
    if (row && fields.length > 0)
      await recordAction(db2, caller, { kind: 'job', id }, 'job.edited', { fields });
    return row;
  });
  const current = await selectJob(db, id);
  if (!current) throw jobNotFound();
  if (saved) return { ok: true, job: toJob(current, caller) };
  if (current.status === 'archived') throw archived();
  return { ok: false, current: toJob(current, caller) };
}

/** The value keys (and `criteria`) an edit changes: what the job's timeline names. */
function changedFields(before: JobSqlRow, values: Record<string, unknown>, criteria: unknown[]): string[] {
  const keys = new Set([...Object.keys(before.values ?? {}), ...Object.keys(values)]);
  const changed = [...keys]
    .filter((key) => JSON.stringify(before.values?.[key]) !== JSON.stringify(values[key]))
    .sort();
  if (JSON.stringify(before.criteria) !== JSON.stringify(criteria)) changed.push('criteria');
  return changed;
}

/**
 * POST /api/job/{uuid}/take (agents): the caller works on the job from now on — a company's request
 * stops "waiting for an agent". Taking one's own job again changes nothing; a job another agent works
 * on answers 409 job.taken (that agent hands it over by leaving it, not by being overwritten).
 */
export async function takeJob(db: Database, caller: Caller, id: string): Promise<Job> {
  assertAgent(caller);
  if (!isUuid(id)) throw jobNotFound();
  const taken = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const rows = await queryRows<{ id: string }>(
      db2,
      sql`update jobs set assigned_agent_id = ${caller.userId}, assigned_at = now()
          where id = ${id} and assigned_agent_id is null returning id`,
    );
    if (rows.length > 0) await recordAction(db2, caller, { kind: 'job', id }, 'job.taken', {});
    return rows;
  });
  const row = await selectJob(db, id);
  if (!row) throw jobNotFound();
  if (taken.length === 0 && row.assigned_agent_id !== caller.userId)
    throw new ApiError(409, 'job.taken', 'Another agent works on this job');
  return toJob(row, caller);
}

export const archived = () => new ApiError(409, 'job.archived', 'The job is archived: re-activate it first');

/** DELETE /api/job/{uuid}: its runs, results and shortlist go with it (foreign keys cascade). */
export async function deleteJob(db: Database, caller: Caller, id: string): Promise<void> {
  assertAgent(caller);
  if (!isUuid(id)) throw jobNotFound();
  const deleted = await queryRows<{ id: string }>(db, sql`delete from jobs where id = ${id} returning id`);
  if (deleted.length === 0) throw jobNotFound();
}

/**
 * POST /api/job/changestatus/{uuid}: archiving cancels a queued or running run in the same
 * transaction (the worker notices at its next step and drops what it wrote).
 */
export async function changeStatus(
  db: Database,
  caller: Caller,
  id: string,
  status: JobStatus,
): Promise<Job> {
  assertAgent(caller);
  if (!isUuid(id)) throw jobNotFound();
  const found = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const rows = await queryRows<{ id: string; before: string }>(
      db2,
      sql`update jobs j set status = ${status}, updated_at = now() from jobs old
          where j.id = ${id} and old.id = j.id returning j.id, old.status as before`,
    );
    if (rows.length === 0) return false;
    if (rows[0]!.before !== status)
      await recordAction(
        db2,
        caller,
        { kind: 'job', id },
        status === 'archived' ? 'job.archived' : 'job.activated',
        {},
      );
    if (status === 'archived') {
      // What a cancelled run had written goes too; the previous done run's results stay.
      await tx.execute(
        sql`delete from job_results where run_id in
              (select id from job_runs where job_id = ${id} and state in ${ACTIVE_STATES_SQL})`,
      );
      await tx.execute(
        sql`update job_runs set state = 'cancelled', finished_at = now(), lease_owner = null,
              lease_expires_at = null
            where job_id = ${id} and state in ${ACTIVE_STATES_SQL}`,
      );
    }
    return true;
  });
  if (!found) throw jobNotFound();
  return toJob((await selectJob(db, id))!, caller);
}

const LIKE_SPECIAL = /[\\%_]/g;

/** The job list's sorts that read scores: agents only. */
const AGENT_ONLY_SORTS: ReadonlySet<JobListQuery['sort']> = new Set(['best_score']);

/** The job tables' search (j: jobs): the text within the title or the client's name; the global search's too. */
export function jobSearchCondition(q: string): SQL {
  const pattern = `%${q.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`;
  return sql`(j."values" ->> 'title' ilike ${pattern} or j.client_text ilike ${pattern}
           or exists (select 1 from companies c where c.id = j.client_company_id and c."values" ->> 'name' ilike ${pattern}))`;
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
  if (!isAgent(caller)) filters.push(sql`j.company_user_id = ${caller.userId}`);
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
  const rows = await queryRows<JobSqlRow>(
    db,
    sql`${SELECT_JOB} where ${where([sql`j.status = ${query.status}`])}
        order by ${orderBy[query.sort]}, j.id ${direction} limit ${query.limit} offset ${offset}`,
  );
  const countRows = await queryRows<{ status: JobStatus; n: number | string }>(
    db,
    sql`select j.status, count(*) as n from jobs j where ${where([])} group by j.status`,
  );
  const counts = { active: 0, archived: 0 };
  for (const row of countRows) counts[row.status] = Number(row.n);
  return {
    items: rows.map((row) => toJob(row, caller)),
    total: counts[query.status],
    page: query.page,
    limit: query.limit,
    counts,
  };
}

/** The job's target types as the engine takes them (stella when none are stored). */
export function targetTypesOf(values: Record<string, unknown>): CandidateType[] {
  const types = Array.isArray(values.target_types)
    ? (values.target_types as string[]).filter((t): t is CandidateType =>
        (CANDIDATE_TYPES as readonly string[]).includes(t),
      )
    : [];
  return types.length > 0 ? types : ['stella'];
}
