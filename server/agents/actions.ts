import { and, eq, sql } from 'drizzle-orm';
import {
  type AssignBody,
  type AssignmentResult,
  type CandidateStatusBody,
  isSeniorAgentType,
} from '../../contract/agent';
import { isAgentType } from '../../contract/user-types';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { companies } from '../db/schema/accounts';
import { profiles } from '../db/schema/profiles';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { queueMessage } from '../messaging/outbox';
import { languageOf, promotionMail } from '../messaging/texts';
import { companyNotFound } from './access';
import { recordAction } from './audit';
import { blockOf, CANDIDATE_COLUMNS, CandidateRow, candidateRow } from './candidates';
import { agentRef } from './team';

/**
 * What an agent changes about a candidate or a company (issue 12): assignment, promotion of a luna,
 * the agency's block (issue 23). Senior agents only assign to others; each change is recorded
 * (audit.ts).
 */

async function candidateResult(db: Database, row: CandidateRow): Promise<AssignmentResult> {
  return {
    uuid: row.id,
    type: row.type,
    status: row.status,
    assignedAgent: await agentRef(db, row.assigned_agent_id),
    block: blockOf(row),
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
  const [row] = await db
    .select({ userType: users.userType })
    .from(users)
    .where(and(eq(users.id, target), eq(users.active, true)));
  if (!row || !isAgentType(row.userType))
    throw new ApiError(404, 'agent.not_found', 'No such agent', { agent: ['agent.not_found'] });
  return target;
}

/**
 * A candidate or company assigned to another agent is taken or unassigned by senior agents only
 * (PRODUCT.md §8); an unassigned one any agent assigns, and an agent's own one they hand back.
 */
function assertMayReassign(caller: Caller, current: string | null, next: string | null): void {
  if (current === null || current === caller.userId || current === next) return;
  if (!isSeniorAgentType(caller.userType))
    throw new ApiError(
      403,
      'assign.senior_only',
      'Only senior agents reassign what another agent looks after',
    );
}

/** POST /api/agent/assign_profile. */
export async function assignProfile(
  db: Database,
  caller: Caller,
  body: AssignBody,
): Promise<AssignmentResult> {
  const agent = await assignee(db, caller, body);
  const row = await db.transaction(async (tx) => {
    const current = await candidateRow(tx, body.uuid, true);
    assertMayReassign(caller, current.assigned_agent_id, agent);
    if (current.assigned_agent_id !== agent) {
      await tx.update(profiles).set({ assignedAgentId: agent }).where(eq(profiles.id, current.id));
      await recordAction(tx, caller, { kind: 'profile', id: current.id }, agent ? 'assign' : 'unassign', {
        from: current.assigned_agent_id,
        to: agent,
      });
    }
    return { ...current, assigned_agent_id: agent };
  });
  return candidateResult(db, row);
}

/** POST /api/agent/assign_company. */
export async function assignCompany(
  db: Database,
  caller: Caller,
  body: AssignBody,
): Promise<AssignmentResult> {
  const agent = await assignee(db, caller, body);
  // The id as stored (lower case), however the body spells it.
  const id = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: companies.id, assignedAgentId: companies.assignedAgentId })
      .from(companies)
      .where(eq(companies.id, body.uuid))
      .for('update');
    if (!current) throw companyNotFound();
    const { id } = current;
    // The rule of candidates (issue 41, finding 4: any agent took another's company).
    assertMayReassign(caller, current.assignedAgentId, agent);
    if (current.assignedAgentId !== agent) {
      await tx.update(companies).set({ assignedAgentId: agent }).where(eq(companies.id, id));
      await recordAction(tx, caller, { kind: 'company', id }, agent ? 'assign' : 'unassign', {
        from: current.assignedAgentId,
        to: agent,
      });
    }
    return id;
  });
  return {
    uuid: id,
    type: 'company',
    status: 'active',
    assignedAgent: await agentRef(db, agent),
    block: null,
  };
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
    const current = await candidateRow(tx, id, true);
    if (current.type !== 'luna')
      throw new ApiError(409, 'profile.not_luna', `Only a luna becomes a stella (this is a ${current.type})`);
    await tx.update(profiles).set({ type: 'stella' }).where(eq(profiles.id, current.id));
    if (current.user_id) {
      const [user] = await tx
        .update(users)
        .set({ userType: 'stella', updatedAt: now })
        .where(and(eq(users.id, current.user_id), eq(users.userType, 'luna')))
        .returning({ email: users.email, language: users.language });
      if (user) {
        const mail = promotionMail(languageOf(user.language));
        await queueMessage(tx, { kind: 'mail', userId: current.user_id, to: user.email, ...mail }, now);
      }
    }
    await recordAction(tx, caller, { kind: 'profile', id: current.id }, 'promote', {
      from: 'luna',
      to: 'stella',
    });
    return { ...current, type: 'stella' };
  });
  return candidateResult(db, row);
}

/**
 * POST /api/agent/profile/{uuid}/status: the agency's block (PRODUCT.md §8). `inactive` with a reason
 * blocks the candidate: the matching index leaves them out and they cannot switch matching on; a
 * new reason on a blocked candidate replaces the old one. `active` lifts the block; the candidate's
 * own switch stays as they set it. Recorded as `block` / `unblock` (with the reason) in the history.
 */
export async function setCandidateStatus(
  db: Database,
  caller: Caller,
  id: string,
  body: CandidateStatusBody,
  now: Date = new Date(),
): Promise<AssignmentResult> {
  const row = await db.transaction(async (tx) => {
    const current = await candidateRow(tx, id, true);
    const target = { kind: 'profile' as const, id: current.id };
    if (body.status === 'inactive') {
      const reason = body.reason ?? '';
      if (current.blocked_reason === reason) return current;
      const [updated] = await queryRows(
        tx,
        sql`update profiles set blocked_at = coalesce(blocked_at, ${now.toISOString()}),
              blocked_reason = ${reason}, blocked_by = ${caller.userId}
            where id = ${current.id}
            returning ${CANDIDATE_COLUMNS}`,
        CandidateRow,
      );
      await recordAction(tx, caller, target, 'block', { reason });
      return updated!;
    }
    if (current.blocked_at === null) return current;
    await tx
      .update(profiles)
      .set({ blockedAt: null, blockedReason: null, blockedBy: null })
      .where(eq(profiles.id, current.id));
    await recordAction(tx, caller, target, 'unblock', { reason: current.blocked_reason });
    return { ...current, blocked_at: null, blocked_reason: null, paused_by_agency: false };
  });
  return candidateResult(db, row);
}
