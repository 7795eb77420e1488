import { sql } from 'drizzle-orm';
import type { AccessKind, AccessLogEntry } from '../../contract/agent';
import { type Database, queryRows } from '../db/client';
import type { Caller } from '../jobs/access';

/**
 * The agent workspace's two logs: every change an agent makes lands in `agent_actions`, every read of
 * a candidate's profile or card in `agent_access_log` (PRODUCT.md §8).
 */

async function callerEmail(db: Database, caller: Caller): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from users where id = ${caller.userId}`,
  );
  return row?.email ?? caller.userId;
}

export async function recordAction(
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
