import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type AgentListResponse,
  type AgentRef,
  type AgentSelf,
  type AgentSelfUpdate,
  isSeniorAgentType,
} from '../../contract/agent';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { IdRow, int, intOrNull, recordOrNull, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { accountProfiles } from '../db/schema/accounts';
import { ApiError } from '../errors';
import { photoUrl } from '../profiles/photos';
import { agentRefOf } from './search';

/**
 * The agents themselves (issue 12): how another record names an agent, the caller's own record (name
 * and phone, versioned) and the list of all agents with what they look after.
 */

/** An agent's account with the name of its account profile. */
const AgentNameRow = v.object({ id: uuid, email: text, first: textOrNull, last: textOrNull });

/** An agent as other records show them (assigned agent), or null. */
export async function agentRef(db: Database, id: string | null): Promise<AgentRef | null> {
  if (!id) return null;
  const [row] = await queryRows(
    db,
    sql`select u.id, u.email, ap."values" ->> 'first_name' as first, ap."values" ->> 'last_name' as last
        from users u left join account_profiles ap on ap.user_id = u.id where u.id = ${id}`,
    AgentNameRow,
  );
  return row ? agentRefOf(row.id, row.email, row.first, row.last) : null;
}

const SelfRow = v.object({
  email: text,
  user_type: text,
  values: recordOrNull,
  version: intOrNull,
  photo_id: uuidOrNull,
});
type SelfRow = v.InferOutput<typeof SelfRow>;

async function selfRow(db: Database, caller: Caller): Promise<SelfRow> {
  const [row] = await queryRows(
    db,
    sql`select u.email, u.user_type, ap."values", ap.version, ph.id as photo_id
        from users u left join account_profiles ap on ap.user_id = u.id
        left join photos ph on ph.user_id = u.id where u.id = ${caller.userId}`,
    SelfRow,
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
  await db
    .insert(accountProfiles)
    .values({ id: crypto.randomUUID(), userId: caller.userId })
    .onConflictDoNothing({ target: accountProfiles.userId });
  const patch = { first_name: input.first_name, last_name: input.last_name, phone: input.phone };
  const saved = await queryRows(
    db,
    sql`update account_profiles set "values" = jsonb_strip_nulls("values" || ${JSON.stringify(patch)}::jsonb),
          version = version + 1, updated_at = now()
        where user_id = ${caller.userId} and version = ${input.version} returning id`,
    IdRow,
  );
  const self = await readSelf(db, caller);
  return saved.length > 0 ? { ok: true, self } : { ok: false, current: self };
}

/** GET /api/agent/list: every agent with what they look after. */
export async function listAgents(db: Database): Promise<AgentListResponse> {
  const rows = await queryRows(
    db,
    sql`select u.id, u.email, u.user_type, ap."values" ->> 'first_name' as first,
          ap."values" ->> 'last_name' as last,
          (select count(*) from profiles p where p.assigned_agent_id = u.id) as candidates,
          (select count(*) from companies c where c.assigned_agent_id = u.id) as companies,
          (select count(*) from jobs j where j.created_by = u.id and j.status = 'active') as jobs
        from users u left join account_profiles ap on ap.user_id = u.id
        where u.user_type like '%agent%' and u.active
        order by u.email`,
    v.object({ ...AgentNameRow.entries, user_type: text, candidates: int, companies: int, jobs: int }),
  );
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      email: r.email,
      name: [r.first, r.last].filter(Boolean).join(' ') || null,
      userType: r.user_type,
      senior: isSeniorAgentType(r.user_type),
      assignedCandidates: r.candidates,
      assignedCompanies: r.companies,
      activeJobs: r.jobs,
    })),
  };
}
