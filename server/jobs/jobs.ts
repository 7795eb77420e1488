import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { JOB_STATUSES, type Job, type JobStatus, parseJobInput } from '../../contract/job';
import { type CandidateType, isCandidateType } from '../../contract/user-types';
import { recordAction, recordEvent } from '../agents/audit';
import { assertAgent, assertAgentOrCompany, type Caller, isAgent, isCompany } from '../auth/caller';
import { readCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { callerCompany } from '../clients/caller-company';
import { type Database, queryRows } from '../db/client';
import { CountRow, IdRow, uuid } from '../db/rows';
import { companies } from '../db/schema/accounts';
import { jobs } from '../db/schema/jobs';
import { ApiError } from '../errors';
import { jobNotFound } from './access';
import { capJobRequest, DEFAULT_JOB_CAPS, type JobCaps } from './caps';
import { SELECT_JOB, SelectJobRow, toJob } from './job-rows';
import { ACTIVE_STATES_SQL } from './run-states';

/**
 * Matching jobs: create, read, update with a version, delete, change status (PRODUCT.md §5; the list
 * is job-list.ts, how a job is read job-rows.ts).
 * A company's request is a job with origin `company` tied to the company account; a company sees its
 * own requests only, without weights, must flags or scores.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is no uuid names no job (404), rather than a database error. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

async function selectJob(db: Database, id: string): Promise<SelectJobRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows(db, sql`${SELECT_JOB} where j.id = ${id}`, SelectJobRow);
  return row;
}

/**
 * A company's own request: filed by this login, or by any login of the caller's company (its main
 * login or a contact's, server/clients/caller-company.ts) for that company.
 */
async function isCompanysRequest(db: Database, caller: Caller, row: SelectJobRow): Promise<boolean> {
  if (row.company_user_id === caller.userId) return true;
  if (row.origin !== 'company' || !row.client_company_id) return false;
  return (await callerCompany(db, caller))?.id === row.client_company_id;
}

/** A job the caller may read: any for an agent, its own request for a company (others: 404). */
async function readableJob(db: Database, caller: Caller, id: string): Promise<SelectJobRow> {
  assertAgentOrCompany(caller);
  const row = await selectJob(db, id);
  if (!row || (!isAgent(caller) && !(await isCompanysRequest(db, caller, row)))) throw jobNotFound();
  return row;
}

type JobBody = {
  values: Record<string, unknown>;
  criteria?: unknown[] | undefined;
  client?: string | null;
  /** The agent was told that the candidates sent to the job's client stay with it (issue 41). */
  confirmClientChange?: boolean | undefined;
};

/** The row of a status change: the job and the status it had before. */
const StatusChangeRow = v.object({ id: uuid, before: v.picklist(JOB_STATUSES) });

/** The stages of an entry still in play: a submission in one of them is open. */
const OPEN_STAGES = sql`('proposed', 'contacted', 'submitted', 'interview', 'offer')`;

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
    return (await callerCompany(db, caller))?.id ?? null;
  }
  if (!client) return null;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, client.toLowerCase()));
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
  if (company) await capJobRequest(db, limits.caps, client ?? caller.userId, limits.now);
  // An agent's own job is theirs to work on; a company's request waits for an agent to take it.
  const agent = company ? null : caller.userId;
  await db.transaction(async (tx) => {
    await tx.insert(jobs).values({
      id,
      origin: company ? 'company' : 'agent',
      companyUserId: company ? caller.userId : null,
      createdBy: caller.userId,
      clientCompanyId: client,
      assignedAgentId: agent,
      assignedAt: agent ? sql`now()` : null,
      values,
      criteria,
    });
    if (company) await recordEvent(tx, { kind: 'job', id }, 'job.requested');
    else await recordAction(tx, caller, { kind: 'job', id }, 'job.created', {});
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
  // A company's request is for that company: another client is refused, not silently kept (issue 41);
  // none (null, or left out: the same to the schema) leaves it as it is.
  if (existing.origin === 'company' && client !== null && client !== (existing.client_company_id ?? null))
    throw new ApiError(400, ErrorCode.validation, 'A request is for the company that filed it', {
      client: ['client.request_fixed'],
    });
  const saved = await db.transaction(async (tx) => {
    // A company's request stays the company's; the old free text goes once a client is chosen.
    const [row] = await queryRows(
      tx,
      sql`update jobs set "values" = ${JSON.stringify(values)}::jsonb, criteria = ${JSON.stringify(criteria)}::jsonb,
            client_company_id = case when origin = 'company' then client_company_id else ${client}::uuid end,
            client_text = case when origin = 'company' or ${client}::uuid is not null then null else client_text end,
            version = version + 1, updated_at = now()
          where id = ${id} and version = ${body.version} and status = 'active'
          returning id`,
      IdRow,
    );
    const fields = changedFields(existing, values, criteria);
    const clientChanged = (existing.client_company_id ?? null) !== client && existing.origin !== 'company';
    // What went to the client stays the client's (issue 41): a change with open submissions asks the
    // agent first. Counted after the update has locked the job row, so a send in flight (which holds
    // it for no key update) is either counted or sees the new client and refuses itself.
    if (row && clientChanged && existing.client_company_id && body.confirmClientChange !== true) {
      const [open] = await queryRows(
        tx,
        sql`select count(*) as n from pipeline_entries
            where job_id = ${id} and submitted_company_id = ${existing.client_company_id}
              and stage in ${OPEN_STAGES}`,
        CountRow,
      );
      if (open && open.n > 0) throw clientHasSubmissions(open.n);
    }
    if (row && clientChanged) fields.push('client');
    if (row && fields.length > 0)
      await recordAction(tx, caller, { kind: 'job', id }, 'job.edited', { fields });
    return row;
  });
  const current = await selectJob(db, id);
  if (!current) throw jobNotFound();
  if (saved) return { ok: true, job: toJob(current, caller) };
  if (current.status === 'archived') throw archived();
  return { ok: false, current: toJob(current, caller) };
}

/** The value keys (and `criteria`) an edit changes: what the job's timeline names. */
function changedFields(before: SelectJobRow, values: Record<string, unknown>, criteria: unknown[]): string[] {
  const keys = new Set([...Object.keys(before.values), ...Object.keys(values)]);
  const changed = [...keys]
    .filter((key) => JSON.stringify(before.values[key]) !== JSON.stringify(values[key]))
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
    // A company's request names no target groups (PRODUCT.md §10): taken, it targets what a run of
    // it would (targetTypesOf's default), so the editor opens on a job that can be saved and run.
    const unset = sql`coalesce(jsonb_array_length(case when jsonb_typeof(values->'target_types') = 'array'
                        then values->'target_types' end), 0) = 0`;
    const rows = await queryRows(
      tx,
      sql`update jobs set assigned_agent_id = ${caller.userId}, assigned_at = now(),
            values = case when ${unset}
              then values || jsonb_build_object('target_types', ${JSON.stringify(targetTypesOf({}))}::jsonb)
              else values end,
            version = case when ${unset} then version + 1 else version end
          where id = ${id} and assigned_agent_id is null returning id`,
      IdRow,
    );
    if (rows.length > 0) await recordAction(tx, caller, { kind: 'job', id }, 'job.taken', {});
    return rows;
  });
  const row = await selectJob(db, id);
  if (!row) throw jobNotFound();
  if (taken.length === 0 && row.assigned_agent_id !== caller.userId)
    throw new ApiError(409, 'job.taken', 'Another agent works on this job');
  return toJob(row, caller);
}

/**
 * 409: the job's client got candidates that are still in play; they stay with it whatever the new
 * client is. Saved again with `confirmClientChange: true`, the change goes through.
 */
const clientHasSubmissions = (count: number) =>
  new ApiError(
    409,
    'job.client_has_submissions',
    `${count} candidate(s) sent to the job's client are still open: confirm the change (confirmClientChange)`,
    { client: ['job.client_has_submissions'] },
  );

export const archived = () => new ApiError(409, 'job.archived', 'The job is archived: re-activate it first');

/** DELETE /api/job/{uuid}: its runs, results and shortlist go with it (foreign keys cascade). */
export async function deleteJob(db: Database, caller: Caller, id: string): Promise<void> {
  assertAgent(caller);
  if (!isUuid(id)) throw jobNotFound();
  const deleted = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
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
    const rows = await queryRows(
      tx,
      sql`update jobs j set status = ${status}, updated_at = now() from jobs old
          where j.id = ${id} and old.id = j.id returning j.id, old.status as before`,
      StatusChangeRow,
    );
    if (rows.length === 0) return false;
    if (rows[0]!.before !== status)
      await recordAction(
        tx,
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

/** The job's target types as the engine takes them (stella when none are stored). */
export function targetTypesOf(values: Record<string, unknown>): CandidateType[] {
  const types = Array.isArray(values.target_types)
    ? (values.target_types as string[]).filter(isCandidateType)
    : [];
  return types.length > 0 ? types : ['stella'];
}
