import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isSeniorAgentType } from '../../contract/agent';
import type { AgentCreate } from '../../contract/team';
import { isAgentType } from '../../contract/user-types';
import { mailPasswordLink } from '../account/reset';
import type { Caller } from '../auth/caller';
import { hashPassword } from '../auth/password';
import type { RevocationCache } from '../auth/revocations';
import { revokeAllSessions } from '../auth/sessions';
import type { TokenSettings } from '../auth/tokens';
import { type Database, queryRows } from '../db/client';
import { CountRow } from '../db/rows';
import { accountProfiles } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { insertUserIfAbsent, normaliseEmail } from '../users/users';
import { reassignAll } from './team-reassign';

/**
 * Agent accounts (issue 42): the one way an agent account is made — by `npm run cli -- agent:create`
 * and by a senior agent in the app — and a senior agent's deactivation and reactivation of one.
 */

export interface NewAgent {
  email: string;
  userType: string;
  passwordHash: string;
  language?: string;
  firstName?: string;
  lastName?: string;
}

/** Creates an agent account (registration finished) with its name; answers its id, or null when the e-mail exists. */
export async function createAgentAccount(db: Database, agent: NewAgent): Promise<string | null> {
  if (!isAgentType(agent.userType)) throw new Error(`${agent.userType} is no agent type`);
  const email = normaliseEmail(agent.email);
  return db.transaction(async (tx) => {
    const created = await insertUserIfAbsent(tx, {
      email,
      passwordHash: agent.passwordHash,
      userType: agent.userType,
      language: agent.language ?? 'de',
      registrationStep: 0,
    });
    if (!created) return null;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = user!.id;
    if (agent.firstName || agent.lastName) {
      // JSON leaves out a name part not given.
      const values = { first_name: agent.firstName, last_name: agent.lastName };
      await tx.insert(accountProfiles).values({ id: crypto.randomUUID(), userId: id, values });
    }
    return id;
  });
}

export const seniorOnly = () => new ApiError(403, 'auth.forbidden', 'Only senior agents manage the team');

export function assertSeniorAgent(caller: Caller): void {
  if (!isSeniorAgentType(caller.userType)) throw seniorOnly();
}

/**
 * PUT /api/agent/team: a senior agent creates an agent. Nobody knows the password it starts with (a
 * random one); the agent gets the mail with the password reset's link to choose theirs.
 */
export async function inviteAgent(
  db: Database,
  caller: Caller,
  input: AgentCreate,
  mail: { tokens: TokenSettings; publicOrigin: string },
  now: Date,
): Promise<string> {
  assertSeniorAgent(caller);
  const id = await createAgentAccount(db, {
    email: input.email,
    userType: input.role,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    language: input.language,
    firstName: input.first_name,
    lastName: input.last_name,
  });
  if (!id)
    throw new ApiError(409, 'email.taken', 'An account with this e-mail exists', { email: ['email.taken'] });
  await mailPasswordLink(
    db,
    mail.tokens,
    mail.publicOrigin,
    { id, email: normaliseEmail(input.email), language: input.language },
    'agentWelcome',
    now,
  );
  return id;
}

export const agentNotFound = () =>
  new ApiError(404, 'agent.not_found', 'No such agent', { uuid: ['agent.not_found'] });

/** The agent `id` (any agent type), locked for the change; 404 for anything else. */
export async function agentRow(db: Database, id: string): Promise<{ id: string; active: boolean }> {
  const [row] = await db
    .select({ id: users.id, userType: users.userType, active: users.active })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!row || !isAgentType(row.userType)) throw agentNotFound();
  return { id: row.id, active: row.active };
}

/**
 * POST /api/agent/team/{uuid}/deactivate: the agent cannot sign in any more and every session ends;
 * what they looked after stays and must have another agent — `reassignTo` takes it in the same step,
 * else 409 `agent.has_records` while anything is left. A senior agent does not deactivate themselves.
 */
export async function deactivateAgent(
  db: Database,
  caller: Caller,
  id: string,
  reassignTo: string | undefined,
  revocations: RevocationCache | undefined,
  now: Date,
): Promise<void> {
  assertSeniorAgent(caller);
  if (id === caller.userId) throw new ApiError(409, 'agent.self', 'Another senior agent deactivates you');
  await db.transaction(async (tx) => {
    const agent = await agentRow(tx, id);
    if (!agent.active) return;
    if (reassignTo) await reassignAll(tx, caller, id, reassignTo);
    const [left] = await queryRows(tx, sql`select ${looksAfterCount(id)} as n`, CountRow);
    if ((left?.n ?? 0) > 0)
      throw new ApiError(
        409,
        'agent.has_records',
        'The agent still looks after candidates, companies or jobs',
      );
    await tx.update(users).set({ active: false, updatedAt: now }).where(eq(users.id, id));
  });
  await revokeAllSessions(db, revocations, id, now);
}

/**
 * POST /api/agent/team/{uuid}/reactivate: the agent signs in again (with the password they had; the
 * reset link works too). Nothing they looked after comes back: that went to others on deactivation.
 * Reactivating an active agent changes nothing. Like deactivation, only `updated_at` records it.
 */
export async function reactivateAgent(db: Database, caller: Caller, id: string, now: Date): Promise<void> {
  assertSeniorAgent(caller);
  await db.transaction(async (tx) => {
    const agent = await agentRow(tx, id);
    if (agent.active) return;
    await tx.update(users).set({ active: true, updatedAt: now }).where(eq(users.id, id));
  });
}

/** How many candidates, companies and jobs agent `id` looks after (one number: the deactivation's check). */
const looksAfterCount = (id: string) =>
  sql`(select count(*) from profiles where assigned_agent_id = ${id})
    + (select count(*) from companies where assigned_agent_id = ${id})
    + (select count(*) from jobs j where j.assigned_agent_id = ${id} or (j.assigned_agent_id is null and j.created_by = ${id}))`;
