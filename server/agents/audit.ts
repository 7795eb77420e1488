import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ACCESS_KINDS, type AccessKind, type AccessLogEntry } from '../../contract/agent';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { text, time, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { insertTimelineEntry, type TimelineTarget } from '../timeline/timeline';

/**
 * The agent workspace's two records (PRODUCT.md §8, §10): every change an agent makes is an event on
 * the timeline of the candidate, company or job it was made to (`recordAction`, the one way to
 * write one), every read of a candidate's profile or card a row of `agent_access_log`.
 */

async function callerEmail(db: Database, caller: Pick<Caller, 'userId'>): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  return row?.email ?? caller.userId;
}

/**
 * Records that the calling agent changed something about a candidate (`profile`), a company or a
 * job: an event on its timeline naming the agent (kept by e-mail after their account is gone).
 * `action` is a dotted name (`profile.edited` with `{ fields: [...] }`, `assign` with `from` / `to`,
 * `promote`, `block` with `reason`, …); the timeline shows every known one in words and any other
 * by its name. Call it in the transaction of the change. `at`: when it happened, now unless said (the
 * demo data's seeded moves).
 */
export async function recordAction(
  db: Database,
  caller: Pick<Caller, 'userId'>,
  target: TimelineTarget,
  action: string,
  details: Record<string, unknown>,
  at?: Date,
): Promise<void> {
  await insertTimelineEntry(db, target, {
    kind: 'event',
    action,
    details,
    author: { id: caller.userId, email: await callerEmail(db, caller) },
    ...(at ? { at } : {}),
  });
}

/**
 * Records what happened to a candidate, company or job without an agent — the person registered or
 * confirmed their e-mail, a company filed a request: an event without author on its timeline.
 */
export async function recordEvent(
  db: Database,
  target: TimelineTarget,
  action: string,
  details: Record<string, unknown> = {},
  at?: Date,
): Promise<void> {
  await insertTimelineEntry(db, target, { kind: 'event', action, details, ...(at ? { at } : {}) });
}

/** Stores that the caller read a candidate's data (PRODUCT.md §8); `jobId` for a result or a CSV. */
export async function recordAccess(
  db: Database,
  caller: Caller,
  profileId: string,
  what: AccessKind,
  jobId: string | null = null,
) {
  // A profile deleted since (a result outlives it) was read from the result alone: nothing to log it on.
  await db.execute(
    sql`insert into agent_access_log (agent_id, agent_email, profile_id, what, job_id)
        select ${caller.userId}, ${await callerEmail(db, caller)}, p.id, ${what}, ${jobId}
        from profiles p where p.id = ${profileId}`,
  );
}

/**
 * Stores one `results_csv` entry per candidate of an export (PRODUCT.md §8), naming the job, in one
 * statement; profiles deleted since the run are left out.
 */
export async function recordExport(db: Database, caller: Caller, jobId: string, profileIds: string[]) {
  if (profileIds.length === 0) return;
  await db.execute(
    sql`insert into agent_access_log (agent_id, agent_email, profile_id, what, job_id)
        select ${caller.userId}, ${await callerEmail(db, caller)}, p.id, 'results_csv', ${jobId}
        from profiles p where p.id = any(${`{${profileIds.join(',')}}`}::uuid[])`,
  );
}

const AccessRow = v.object({ at: time, agent: text, what: v.picklist(ACCESS_KINDS), job_id: uuidOrNull });

/** Who read a candidate's data, newest first (senior agents; the candidate's own export). */
export async function accessLogOf(db: Database, profileId: string): Promise<AccessLogEntry[]> {
  const rows = await queryRows(
    db,
    sql`select at, agent_email as agent, what, job_id from agent_access_log where profile_id = ${profileId}
        order by at desc, id desc limit 500`,
    AccessRow,
  );
  return rows.map((r) => ({ at: r.at, agent: r.agent, what: r.what, job: r.job_id }));
}
