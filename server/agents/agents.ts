import { sql } from 'drizzle-orm';
import {
  type AccessKind,
  type AccessLogEntry,
  type AgentDashboard,
  type AgentListResponse,
  type AgentProfileDetail,
  type AgentRef,
  type AgentSelf,
  type AgentSelfUpdate,
  type AssignBody,
  type AssignmentResult,
  type CardFormat,
  type CompanyDetail,
  type CompanyListQuery,
  type CompanyListResponse,
  isSeniorAgentType,
  isUuid,
} from '../../contract/agent';
import { type Catalog, fieldIsFor } from '../../contract/catalog';
import type { ProfileResponse } from '../../contract/profile';
import { isAgentType, type Language } from '../../contract/user-types';
import { renderProfileCard } from '../cards/profile-card';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';
import type { Caller } from '../jobs/access';
import { ACTIVE_STATES_SQL } from '../jobs/run-states';
import { queueMessage } from '../messaging/outbox';
import { languageOf, promotionMail } from '../messaging/texts';
import type { PhotoStorage } from '../profiles/photo-storage';
import { ownPhoto, photoUrl } from '../profiles/photos';
import { completenessOf } from '../profiles/profiles';
import { agentRefOf, foldText, WEEK_MS } from './search';

/**
 * The agent workspace beyond the candidate table (issue 12): a candidate's detail, assignment,
 * promotion, activation, cards, companies, the agent's own record, the agents and the dashboard.
 * Routes check that the caller is an agent; these functions check what only senior agents may do.
 * Every change lands in `agent_actions`, every read of a candidate in `agent_access_log`.
 */

export const invalidUuid = (field = 'uuid') =>
  new ApiError(400, 'uuid.invalid', 'Not a uuid', { [field]: ['uuid.invalid'] });
export const profileNotFound = () => new ApiError(404, 'profile.not_found', 'No such candidate');
const companyNotFound = () => new ApiError(404, 'company.not_found', 'No such company');

export function checkUuid(value: string, field = 'uuid'): string {
  if (!isUuid(value)) throw invalidUuid(field);
  return value.toLowerCase();
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

interface CandidateRow {
  id: string;
  user_id: string | null;
  type: string;
  status: string;
  values: Record<string, unknown>;
  version: number;
  assigned_agent_id: string | null;
}

async function candidateRow(db: Database, id: string, lock = false): Promise<CandidateRow> {
  const [row] = await queryRows<CandidateRow>(
    db,
    sql`select id, user_id, type, status, "values", version, assigned_agent_id from profiles
        where id = ${checkUuid(id)} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw profileNotFound();
  return row;
}

async function agentRef(db: Database, id: string | null): Promise<AgentRef | null> {
  if (!id) return null;
  const [row] = await queryRows<{ id: string; email: string; first: string | null; last: string | null }>(
    db,
    sql`select u.id, u.email, ap."values" ->> 'first_name' as first, ap."values" ->> 'last_name' as last
        from users u left join account_profiles ap on ap.user_id = u.id where u.id = ${id}`,
  );
  return row ? agentRefOf(row.id, row.email, row.first, row.last) : null;
}

async function callerEmail(db: Database, caller: Caller): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from users where id = ${caller.userId}`,
  );
  return row?.email ?? caller.userId;
}

async function recordAction(
  db: Database,
  caller: Caller,
  target: { kind: 'profile' | 'company'; id: string },
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await db.execute(
    sql`insert into agent_actions (agent_id, agent_email, target_kind, target_id, action, details)
        values (${caller.userId}, ${await callerEmail(db, caller)}, ${target.kind}, ${target.id}, ${action},
                ${JSON.stringify(details)}::jsonb)`,
  );
}

/** Stores that the caller read a candidate's profile or card (PRODUCT.md §8). */
export async function recordAccess(db: Database, caller: Caller, profileId: string, what: AccessKind) {
  await db.execute(
    sql`insert into agent_access_log (agent_id, agent_email, profile_id, what)
        values (${caller.userId}, ${await callerEmail(db, caller)}, ${profileId}, ${what})`,
  );
}

/** Who read a candidate's data, newest first (senior agents; the candidate's own export). */
export async function accessLogOf(db: Database, profileId: string): Promise<AccessLogEntry[]> {
  const rows = await queryRows<{ at: string | Date; agent: string; what: AccessKind }>(
    db,
    sql`select at, agent_email as agent, what from agent_access_log where profile_id = ${profileId}
        order by at desc, id desc limit 500`,
  );
  return rows.map((r) => ({ at: new Date(r.at).toISOString(), agent: r.agent, what: r.what }));
}

export function assertSenior(caller: Caller): void {
  if (!isSeniorAgentType(caller.userType))
    throw new ApiError(403, 'auth.forbidden', 'Only senior agents see this');
}

function profileResponse(catalog: Catalog, row: CandidateRow, image: string | null): ProfileResponse {
  const fields = catalog.profile.filter((f) => fieldIsFor(f, row.type));
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row.values[field.key];
    if (value !== undefined && value !== null) values[field.key] = value;
  }
  return {
    uuid: row.id,
    type: row.type,
    values,
    image,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    ...completenessOf(fields, values),
    version: row.version,
  };
}

/** GET /api/agent/profile/{uuid}: the whole candidate, logged as read. */
export async function readCandidate(
  db: Database,
  catalog: Catalog,
  caller: Caller,
  id: string,
): Promise<AgentProfileDetail> {
  const row = await candidateRow(db, id);
  const [account] = row.user_id
    ? await queryRows<{
        email: string;
        language: string;
        created_at: string | Date;
        registration_step: number;
        mfa_status: string;
        last_login_at: string | Date | null;
        photo_id: string | null;
      }>(
        db,
        sql`select u.email, u.language, u.created_at, u.registration_step, u.mfa_status, u.last_login_at,
              ph.id as photo_id
            from users u left join photos ph on ph.user_id = u.id where u.id = ${row.user_id}`,
      )
    : [];
  const [jobs, history, assignedAgent] = await Promise.all([
    queryRows<{ id: string; title: string | null; rank: number; score: number }>(
      db,
      sql`select j.id, j."values" ->> 'title' as title, r.rank, r.score
          from job_results r join jobs j on j.id = r.job_id
          where r.profile_id = ${row.id} and j.status = 'active'
            and r.run_id = (select id from job_runs where job_id = j.id and state = 'done'
                            order by finished_at desc, id desc limit 1)
          order by r.rank, j.id limit 100`,
    ),
    queryRows<{ at: string | Date; agent: string; action: string; details: Record<string, unknown> }>(
      db,
      sql`select at, agent_email as agent, action, details from agent_actions
          where target_id = ${row.id} order by at desc, id desc limit 100`,
    ),
    agentRef(db, row.assigned_agent_id),
  ]);
  await recordAccess(db, caller, row.id, 'profile');
  const image = account?.photo_id ? photoUrl(account.photo_id) : null;
  return {
    profile: profileResponse(catalog, row, image),
    photo_image: image,
    account: account
      ? {
          email: account.email,
          language: account.language,
          registeredAt: new Date(account.created_at).toISOString(),
          emailValidated: account.registration_step !== 1,
          registrationFinished: account.registration_step === 0,
          twoFactor: account.mfa_status === 'enabled',
          lastLoginAt: iso(account.last_login_at),
        }
      : null,
    assignedAgent,
    jobs: jobs.map((j) => ({ uuid: j.id, title: j.title ?? '', rank: j.rank, score: j.score })),
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      agent: h.agent,
      action: h.action,
      details: h.details,
    })),
    accessLog: isSeniorAgentType(caller.userType) ? await accessLogOf(db, row.id) : null,
  };
}

/** The agent an assignment names: the caller, nobody, or (senior agents only) another agent. */
async function assignee(db: Database, caller: Caller, body: AssignBody): Promise<string | null> {
  if (body.agent === undefined) return caller.userId;
  if (body.agent === null) return null;
  const target = body.agent.toLowerCase();
  if (target === caller.userId) return target;
  if (!isSeniorAgentType(caller.userType))
    throw new ApiError(403, 'assign.senior_only', 'Only senior agents assign to other agents');
  const [row] = await queryRows<{ user_type: string }>(
    db,
    sql`select user_type from users where id = ${target} and active`,
  );
  if (!row || !isAgentType(row.user_type))
    throw new ApiError(404, 'agent.not_found', 'No such agent', { agent: ['agent.not_found'] });
  return target;
}

/** POST /api/agent/assign_profile. */
export async function assignProfile(
  db: Database,
  caller: Caller,
  body: AssignBody,
): Promise<AssignmentResult> {
  const agent = await assignee(db, caller, body);
  const row = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const current = await candidateRow(db2, body.uuid, true);
    if (current.assigned_agent_id !== agent) {
      await db2.execute(sql`update profiles set assigned_agent_id = ${agent} where id = ${current.id}`);
      await recordAction(db2, caller, { kind: 'profile', id: current.id }, agent ? 'assign' : 'unassign', {
        from: current.assigned_agent_id,
        to: agent,
      });
    }
    return { ...current, assigned_agent_id: agent };
  });
  return { uuid: row.id, type: row.type, status: row.status, assignedAgent: await agentRef(db, agent) };
}

/** POST /api/agent/assign_company. */
export async function assignCompany(
  db: Database,
  caller: Caller,
  body: AssignBody,
): Promise<AssignmentResult> {
  const agent = await assignee(db, caller, body);
  const id = checkUuid(body.uuid);
  await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const [current] = await queryRows<{ assigned_agent_id: string | null }>(
      db2,
      sql`select assigned_agent_id from companies where id = ${id} for update`,
    );
    if (!current) throw companyNotFound();
    if (current.assigned_agent_id !== agent) {
      await db2.execute(sql`update companies set assigned_agent_id = ${agent} where id = ${id}`);
      await recordAction(db2, caller, { kind: 'company', id }, agent ? 'assign' : 'unassign', {
        from: current.assigned_agent_id,
        to: agent,
      });
    }
  });
  return { uuid: id, type: 'company', status: 'active', assignedAgent: await agentRef(db, agent) };
}

/**
 * POST /api/agent/luna_to_stella: the profile and the account become a stella (the token says so at
 * its next refresh, which reads user_type from the account), and the candidate gets a mail in their
 * language. Anything but a luna: 409 `profile.not_luna`.
 */
export async function promoteLuna(
  db: Database,
  caller: Caller,
  id: string,
  now: Date = new Date(),
): Promise<AssignmentResult> {
  const row = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const current = await candidateRow(db2, id, true);
    if (current.type !== 'luna')
      throw new ApiError(409, 'profile.not_luna', `Only a luna becomes a stella (this is a ${current.type})`);
    await db2.execute(sql`update profiles set type = 'stella' where id = ${current.id}`);
    if (current.user_id) {
      const [user] = await queryRows<{ email: string; language: string }>(
        db2,
        sql`update users set user_type = 'stella', updated_at = ${now.toISOString()}
            where id = ${current.user_id} and user_type = 'luna' returning email, language`,
      );
      if (user) {
        const mail = promotionMail(languageOf(user.language));
        await queueMessage(db2, { kind: 'mail', userId: current.user_id, to: user.email, ...mail }, now);
      }
    }
    await recordAction(db2, caller, { kind: 'profile', id: current.id }, 'promote', {
      from: 'luna',
      to: 'stella',
    });
    return { ...current, type: 'stella' };
  });
  return {
    uuid: row.id,
    type: row.type,
    status: row.status,
    assignedAgent: await agentRef(db, row.assigned_agent_id),
  };
}

/** POST /api/agent/profile/{uuid}/status: an inactive candidate takes no part in matching. */
export async function setCandidateStatus(
  db: Database,
  caller: Caller,
  id: string,
  status: 'active' | 'inactive',
): Promise<AssignmentResult> {
  const row = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Database;
    const current = await candidateRow(db2, id, true);
    if (current.status !== status) {
      await db2.execute(sql`update profiles set status = ${status} where id = ${current.id}`);
      await recordAction(
        db2,
        caller,
        { kind: 'profile', id: current.id },
        status === 'active' ? 'activate' : 'deactivate',
        {
          from: current.status,
          to: status,
        },
      );
    }
    return { ...current, status };
  });
  return {
    uuid: row.id,
    type: row.type,
    status: row.status,
    assignedAgent: await agentRef(db, row.assigned_agent_id),
  };
}

const ANONYMOUS_NAME: Record<Language, string> = { de: 'Kandidatin / Kandidat', en: 'Candidate' };

/**
 * GET /api/agent/card/{uuid}/{format}: the card in the agent's language, logged as read. `anonymous`
 * leaves out the name, the photo and the birth date, and of the city only its name is printed (the
 * card never holds contact data or a street).
 */
export async function candidateCard(
  db: Database,
  storage: PhotoStorage,
  catalog: Catalog,
  caller: Caller,
  id: string,
  format: CardFormat,
): Promise<Buffer> {
  const row = await candidateRow(db, id);
  const fields = catalog.profile.filter((f) => fieldIsFor(f, row.type));
  let values = row.values;
  let photo: Buffer | null = null;
  if (format === 'anonymous') {
    const { first_name: _f, last_name: _l, birth_date: _b, about: _a, ...rest } = row.values;
    const city = rest.city as { name?: unknown } | undefined;
    values = {
      ...rest,
      first_name: ANONYMOUS_NAME[caller.language],
      ...(city && typeof city.name === 'string' ? { city: { name: city.name } } : {}),
    };
  } else if (row.user_id) {
    photo = await ownPhoto(db, storage, row.user_id);
  }
  const pdf = await renderProfileCard({ values, fields, language: caller.language, photo });
  await recordAccess(db, caller, row.id, format === 'pdf' ? 'card_pdf' : 'card_anonymous');
  return pdf;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** GET /api/company/list. */
export async function listCompanies(
  db: Database,
  caller: Caller,
  query: CompanyListQuery,
): Promise<CompanyListResponse> {
  const conditions = [sql`true`];
  if (query.assigned === 'me') conditions.push(sql`c.assigned_agent_id = ${caller.userId}`);
  if (query.assigned === 'none') conditions.push(sql`c.assigned_agent_id is null`);
  const open = sql`(select count(*) from jobs j where j.company_user_id = c.user_id and j.origin = 'company'
                    and j.status = 'active')`;
  if (query.open === 'yes') conditions.push(sql`${open} > 0`);
  if (query.open === 'no') conditions.push(sql`${open} = 0`);
  for (const term of foldText(query.q).split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(sql`(c.search_text like ${pattern} or u.email like ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const from = sql`from companies c join users u on u.id = c.user_id`;
  const [rows, [count]] = await Promise.all([
    queryRows<{
      id: string;
      name: string | null;
      email: string;
      city: string | null;
      agent_id: string | null;
      agent_email: string | null;
      agent_first: string | null;
      agent_last: string | null;
      open_requests: number | string;
      updated_at: string | Date;
    }>(
      db,
      sql`select c.id, c."values" ->> 'name' as name, u.email, c."values" -> 'city' ->> 'name' as city,
            a.id as agent_id, a.email as agent_email, ap."values" ->> 'first_name' as agent_first,
            ap."values" ->> 'last_name' as agent_last, ${open} as open_requests, c.updated_at
          ${from}
          left join users a on a.id = c.assigned_agent_id
          left join account_profiles ap on ap.user_id = a.id
          where ${where}
          order by c.search_text, c.id
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ total: number | string }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      name: r.name ?? '',
      email: r.email,
      city: r.city,
      assignedAgent: agentRefOf(r.agent_id, r.agent_email, r.agent_first, r.agent_last),
      openRequests: Number(r.open_requests),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    total: Number(count?.total ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/agent/company/{uuid}: the company profile and its job requests. */
export async function readCompany(db: Database, id: string): Promise<CompanyDetail> {
  const [row] = await queryRows<{
    id: string;
    user_id: string;
    values: Record<string, unknown>;
    email: string;
    assigned_agent_id: string | null;
  }>(
    db,
    sql`select c.id, c.user_id, c."values", u.email, c.assigned_agent_id
        from companies c join users u on u.id = c.user_id where c.id = ${checkUuid(id)}`,
  );
  if (!row) throw companyNotFound();
  const requests = await queryRows<{
    id: string;
    title: string | null;
    status: string;
    created_at: string | Date;
  }>(
    db,
    sql`select id, "values" ->> 'title' as title, status, created_at from jobs
        where company_user_id = ${row.user_id} and origin = 'company' order by created_at desc, id limit 200`,
  );
  return {
    uuid: row.id,
    values: row.values,
    email: row.email,
    assignedAgent: await agentRef(db, row.assigned_agent_id),
    requests: requests.map((r) => ({
      uuid: r.id,
      title: r.title ?? '',
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

interface SelfRow {
  email: string;
  user_type: string;
  values: Record<string, unknown> | null;
  version: number | null;
  photo_id: string | null;
}

async function selfRow(db: Database, caller: Caller): Promise<SelfRow> {
  const [row] = await queryRows<SelfRow>(
    db,
    sql`select u.email, u.user_type, ap."values", ap.version, ph.id as photo_id
        from users u left join account_profiles ap on ap.user_id = u.id
        left join photos ph on ph.user_id = u.id where u.id = ${caller.userId}`,
  );
  if (!row) throw new ApiError(401, 'auth.required', 'The account does not exist');
  return row;
}

const textOf = (values: Record<string, unknown> | null, key: string) =>
  typeof values?.[key] === 'string' ? (values[key] as string) : null;

function toSelf(caller: Caller, row: SelfRow): AgentSelf {
  return {
    uuid: caller.userId,
    email: row.email,
    userType: row.user_type,
    first_name: textOf(row.values, 'first_name'),
    last_name: textOf(row.values, 'last_name'),
    phone: textOf(row.values, 'phone'),
    photo_image: row.photo_id ? photoUrl(row.photo_id) : null,
    version: row.version ?? 0,
  };
}

/** GET /api/agent. */
export async function readSelf(db: Database, caller: Caller): Promise<AgentSelf> {
  return toSelf(caller, await selfRow(db, caller));
}

/** PUT /api/agent: name and phone, saved only when the record is still at `version` (else 409 with `current`). */
export async function updateSelf(
  db: Database,
  caller: Caller,
  input: AgentSelfUpdate,
): Promise<{ ok: true; self: AgentSelf } | { ok: false; current: AgentSelf }> {
  await db.execute(
    sql`insert into account_profiles (id, user_id) values (${crypto.randomUUID()}, ${caller.userId})
        on conflict (user_id) do nothing`,
  );
  const patch = { first_name: input.first_name, last_name: input.last_name, phone: input.phone };
  const saved = await queryRows<{ id: string }>(
    db,
    sql`update account_profiles set "values" = jsonb_strip_nulls("values" || ${JSON.stringify(patch)}::jsonb),
          version = version + 1, updated_at = now()
        where user_id = ${caller.userId} and version = ${input.version} returning id`,
  );
  const self = await readSelf(db, caller);
  return saved.length > 0 ? { ok: true, self } : { ok: false, current: self };
}

/** GET /api/agent/list: every agent with what they look after. */
export async function listAgents(db: Database): Promise<AgentListResponse> {
  const rows = await queryRows<{
    id: string;
    email: string;
    user_type: string;
    first: string | null;
    last: string | null;
    candidates: number | string;
    companies: number | string;
    jobs: number | string;
  }>(
    db,
    sql`select u.id, u.email, u.user_type, ap."values" ->> 'first_name' as first,
          ap."values" ->> 'last_name' as last,
          (select count(*) from profiles p where p.assigned_agent_id = u.id) as candidates,
          (select count(*) from companies c where c.assigned_agent_id = u.id) as companies,
          (select count(*) from jobs j where j.created_by = u.id and j.status = 'active') as jobs
        from users u left join account_profiles ap on ap.user_id = u.id
        where u.user_type like '%agent%' and u.active
        order by u.email`,
  );
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      email: r.email,
      name: [r.first, r.last].filter(Boolean).join(' ') || null,
      userType: r.user_type,
      senior: isSeniorAgentType(r.user_type),
      assignedCandidates: Number(r.candidates),
      assignedCompanies: Number(r.companies),
      activeJobs: Number(r.jobs),
    })),
  };
}

/** GET /api/agent/dashboard: the counts of PRODUCT.md §6 for the calling agent. */
export async function dashboard(
  db: Database,
  caller: Caller,
  now: Date = new Date(),
): Promise<AgentDashboard> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const since = weekAgo.toISOString();
  const [byType, [counts], lastRuns] = await Promise.all([
    // One pass over the profiles, grouped by type: every figure about candidates, per type.
    queryRows<{
      type: string;
      total: number | string;
      fresh: number | string;
      free: number | string;
      mine: number | string;
    }>(
      db,
      sql`select type, count(*) as total,
            count(*) filter (where created_at >= ${since}) as fresh,
            count(*) filter (where assigned_agent_id is null) as free,
            count(*) filter (where assigned_agent_id = ${caller.userId}) as mine
          from profiles group by type`,
    ),
    queryRows<Record<string, number | string>>(
      db,
      sql`select
            (select count(*) from companies) as company,
            (select count(*) from jobs where status = 'active') as active_jobs,
            (select count(*) from job_runs where state in ${ACTIVE_STATES_SQL}) as runs_in_flight,
            (select count(*) from jobs j where j.origin = 'company' and j.status = 'active'
               and not exists (select 1 from job_runs r where r.job_id = j.id)) as requests_waiting`,
    ),
    queryRows<{
      id: string;
      job_id: string;
      title: string | null;
      state: string;
      finished_at: string | Date | null;
      included: number | null;
    }>(
      db,
      sql`select r.id, r.job_id, j."values" ->> 'title' as title, r.state, r.finished_at, r.included
          from job_runs r join jobs j on j.id = r.job_id order by r.created_at desc, r.id limit 5`,
    ),
  ]);
  const n = (key: string) => Number(counts?.[key] ?? 0);
  type Figure = 'total' | 'fresh' | 'free' | 'mine';
  const of = (type: string, figure: Figure) => Number(byType.find((row) => row.type === type)?.[figure] ?? 0);
  // The totals count every profile, as the per-type figures do for theirs.
  const all = (figure: Figure) => byType.reduce((sum, row) => sum + Number(row[figure]), 0);
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
      finishedAt: iso(r.finished_at),
      included: r.included,
    })),
    companyRequestsWaiting: n('requests_waiting'),
  };
}
