import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ReassignBody, ReassignResult } from '../../contract/team';
import type { TimelineSubject } from '../../contract/timeline';
import { isAgentType } from '../../contract/user-types';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { IdRow } from '../db/rows';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { callersJob } from '../jobs/job-filters';
import { recordAction } from './audit';

/**
 * A senior agent moves what one agent looks after to another (issue 42): candidates and companies
 * assigned to them, the jobs they work on (`callersJob`). Each record moved gets an `assign` event
 * with `from` / `to` on its timeline, in the transaction of the move.
 */

const uuidList = (ids: string[]) => `{${ids.join(',')}}`;

/** `and id = any(…)` for a selection, nothing for "all". */
const selected = (column: SQL, ids: string[] | undefined) =>
  ids === undefined ? sql`` : sql` and ${column} = any(${uuidList(ids.map((i) => i.toLowerCase()))}::uuid[])`;

async function moveAndRecord(
  db: Database,
  caller: Caller,
  kind: TimelineSubject,
  update: SQL,
  from: string,
  to: string,
): Promise<number> {
  const moved = await queryRows(db, update, IdRow);
  for (const { id } of moved) await recordAction(db, caller, { kind, id }, 'assign', { from, to });
  return moved.length;
}

/** The receiving agent: active and an agent, else 404 `agent.not_found` on `to`. */
async function assertActiveAgent(db: Database, id: string): Promise<void> {
  const [row] = await db
    .select({ userType: users.userType })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)));
  if (!row || !isAgentType(row.userType))
    throw new ApiError(404, 'agent.not_found', 'No such agent', { to: ['agent.not_found'] });
}

/**
 * Moves the selected (or all) records of agent `from` to agent `to`, in the caller's transaction.
 * The caller's seniority is checked by the caller of this function.
 */
export async function moveRecords(
  db: Database,
  caller: Caller,
  from: string,
  to: string,
  only?: ReassignBody['only'],
): Promise<ReassignResult> {
  const target = to.toLowerCase();
  if (target === from)
    throw new ApiError(409, 'reassign.same_agent', 'The records are with this agent already');
  await assertActiveAgent(db, target);
  // With a selection, a kind left out moves nothing.
  const pick = (ids: string[] | undefined) => (only ? (ids ?? []) : undefined);
  const candidates = await moveAndRecord(
    db,
    caller,
    'profile',
    sql`update profiles set assigned_agent_id = ${target}
        where assigned_agent_id = ${from}${selected(sql`id`, pick(only?.candidates))} returning id`,
    from,
    target,
  );
  const companies = await moveAndRecord(
    db,
    caller,
    'company',
    sql`update companies set assigned_agent_id = ${target}
        where assigned_agent_id = ${from}${selected(sql`id`, pick(only?.companies))} returning id`,
    from,
    target,
  );
  const jobs = await moveAndRecord(
    db,
    caller,
    'job',
    sql`update jobs j set assigned_agent_id = ${target}
        where ${callersJob(from)}${selected(sql`j.id`, pick(only?.jobs))} returning j.id`,
    from,
    target,
  );
  return { candidates, companies, jobs };
}

/** Everything agent `from` looks after goes to `to` (the deactivation's step). */
export function reassignAll(db: Database, caller: Caller, from: string, to: string): Promise<ReassignResult> {
  return moveRecords(db, caller, from, to);
}

/** POST /api/agent/team/{uuid}/reassign: senior agents only (checked by the route's caller of this). */
export async function reassign(
  db: Database,
  caller: Caller,
  from: string,
  body: ReassignBody,
): Promise<ReassignResult> {
  return db.transaction(async (tx) => {
    const [agent] = await tx
      .select({ userType: users.userType })
      .from(users)
      .where(eq(users.id, from))
      .for('update');
    if (!agent || !isAgentType(agent.userType))
      throw new ApiError(404, 'agent.not_found', 'No such agent', { uuid: ['agent.not_found'] });
    return moveRecords(tx, caller, from, body.to, body.only);
  });
}
