import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AgentProfileDetailSchema, AssignmentResultSchema } from '../../contract/agent';
import type { ErrorBody } from '../../contract/errors';
import { ProfileResponseSchema, ProfileStatusResponseSchema } from '../../contract/profile';
import { signAccessToken } from '../auth/tokens';
import { users } from '../db/schema/users';
import { JobServices } from '../jobs/services';
import { type AgentRole, seededAgentFixture } from './agent-test-kit';

// PRODUCT.md §8: two switches on a candidate. The candidate's own matching switch, and the agency's
// block (an agent's deactivation with a reason) that the candidate cannot undo, that keeps them out
// of every run and that they see as "paused by the agency".

const f = seededAgentFixture();
const REASON = 'Forged certificates';

async function candidateToken(): Promise<string> {
  const [user] = await f.db.db.select().from(users).where(eq(users.id, f.muellerUser));
  return signAccessToken(f.auth.tokens, user!, 'ok');
}

const block = (role: AgentRole, body: unknown) =>
  f.request('POST', `/api/agent/profile/${f.mueller}/status`, f.tokens[role], body);

/** Whether the matching index (what every run scores) holds the candidate now. */
async function inMatching(profileId: string): Promise<boolean> {
  const index = await new JobServices(f.db.db).freshIndex();
  return index.rowOf(profileId) >= 0;
}

describe('the agency’s block', () => {
  it('needs a reason; candidates and companies may neither block nor lift a block', async () => {
    const missing = await block('agent', { status: 'inactive' });
    expect(missing.status).toBe(400);
    expect(Object.keys(((await missing.json()) as ErrorBody).fields ?? {})).toEqual(['reason']);
    const blank = await block('agent', { status: 'inactive', reason: '   ' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).fields).toEqual({ reason: ['block.reason_required'] });
    for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
      expect((await block(role, { status: 'inactive', reason: REASON })).status, role).toBe(403);
      expect((await block(role, { status: 'active' })).status, role).toBe(403);
    }
    expect(await inMatching(f.mueller)).toBe(true);
  });

  it('keeps the candidate out of runs and from switching matching on, shows it to them, and is lifted by agents only', async () => {
    const candidate = await candidateToken();
    for (const role of ['agent', 'otherAgent', 'senior'] as const) {
      // Every kind of agent blocks and lifts.
      const res = await block(role, { status: 'inactive', reason: `${REASON} (${role})` });
      expect(res.status, role).toBe(200);
      expect(v.parse(AssignmentResultSchema, await res.json()).block?.reason).toBe(`${REASON} (${role})`);
      expect((await block(role, { status: 'active' })).status, role).toBe(200);
    }

    const blocked = v.parse(
      AssignmentResultSchema,
      await (await block('agent', { status: 'inactive', reason: REASON })).json(),
    );
    expect(blocked).toMatchObject({ status: 'active', block: { reason: REASON } });
    expect(await inMatching(f.mueller)).toBe(false);

    // The candidate sees the pause (without the agency's reason) and cannot undo it.
    const status = v.parse(
      ProfileStatusResponseSchema,
      await (await f.request('GET', '/api/profile/status', candidate)).json(),
    );
    expect(status).toEqual({ status: 'active', pausedByAgency: true });
    const own = v.parse(
      ProfileResponseSchema,
      await (await f.request('GET', '/api/profile', candidate)).json(),
    );
    expect(own.pausedByAgency).toBe(true);
    expect(JSON.stringify(own)).not.toContain(REASON);
    // Switching off is the candidate's right; switching on is refused while the block holds.
    expect((await f.request('POST', '/api/profile/status', candidate, { status: 'inactive' })).status).toBe(
      200,
    );
    const resume = await f.request('POST', '/api/profile/status', candidate, { status: 'active' });
    expect(resume.status).toBe(409);
    expect(((await resume.json()) as ErrorBody).code).toBe('profile.blocked');
    expect(await inMatching(f.mueller)).toBe(false);

    // Agents see the block and its history: block and unblock recorded through recordAction.
    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.senior)).json(),
    );
    expect(detail.block?.reason).toBe(REASON);
    expect(detail.profile).toMatchObject({ status: 'inactive', pausedByAgency: true });
    expect(detail.history[0]).toMatchObject({ action: 'block', details: { reason: REASON } });
    const listed = await f.list('type=stella&status=inactive');
    expect(listed.items.find((i) => i.uuid === f.mueller)).toMatchObject({
      status: 'inactive',
      blocked: true,
    });

    // Lifted: the candidate's own switch (off, as they left it) applies again, then they switch on.
    const lifted = v.parse(
      AssignmentResultSchema,
      await (await block('senior', { status: 'active' })).json(),
    );
    expect(lifted).toMatchObject({ status: 'inactive', block: null });
    expect(await inMatching(f.mueller)).toBe(false);
    const on = await f.request('POST', '/api/profile/status', candidate, { status: 'active' });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ status: 'active', pausedByAgency: false });
    expect(await inMatching(f.mueller)).toBe(true);
    const history = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.agent)).json(),
    ).history;
    expect(history[0]).toMatchObject({
      action: 'unblock',
      agent: 'senior@agents.test',
      details: { reason: REASON },
    });
  });

  it('blocks a profile an agent keeps without an account the same way', async () => {
    expect(await inMatching(f.stellaNoAccount)).toBe(true);
    const res = await f.request('POST', `/api/agent/profile/${f.stellaNoAccount}/status`, f.tokens.agent, {
      status: 'inactive',
      reason: REASON,
    });
    expect(res.status).toBe(200);
    expect(await inMatching(f.stellaNoAccount)).toBe(false);
  });
});
