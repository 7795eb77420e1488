import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamMemberSchema, TeamOverviewSchema } from '../../contract/team';
import { queryRows } from '../db/client';
import { json, text, time, uuid } from '../db/rows';
import { listOutbox } from '../messaging/outbox';
import { AGENT_TEST_PASSWORD, type AgentFixture, createAgentFixture } from './agent-test-kit';

// The senior agent's team (issue 42): who may call, the figures per agent, reassigning, creating,
// deactivating and reactivating agents.

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());

const TODAY = '2026-11-20';
const DAY = 86_400_000;

async function job(values: {
  agent?: string | null;
  createdBy?: string | null;
  origin?: string;
  status?: string;
}) {
  const id = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into jobs (id, origin, created_by, assigned_agent_id, status, "values")
        values (${id}, ${values.origin ?? 'agent'}, ${values.createdBy ?? null}, ${values.agent ?? null},
                ${values.status ?? 'active'}, ${JSON.stringify({ title: 'Job' })}::jsonb)`,
  );
  return id;
}

async function entry(
  jobId: string,
  e: { followUp?: string; followUpBy?: string; submittedDaysAgo?: number },
) {
  const { profileId } = await f.addCandidate('stella', { first_name: 'E', last_name: 'Ntry' });
  const submitted = e.submittedDaysAgo === undefined ? null : new Date(Date.now() - e.submittedDaysAgo * DAY);
  await f.db.db.execute(
    sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, follow_up, follow_up_by,
          submitted_at, submitted_card)
        values (${crypto.randomUUID()}, ${jobId}, ${profileId}, ${submitted ? 'submitted' : 'proposed'},
          ${submitted ? 'submitted' : 'proposed'}, ${e.followUp ?? null}, ${e.followUpBy ?? null},
          ${submitted?.toISOString() ?? null}, ${submitted ? 'anonymised' : null})`,
  );
}

const team = async (role: 'senior' | 'agent' = 'senior') => {
  const res = await f.request('GET', `/api/agent/team?today=${TODAY}`, f.tokens[role]);
  expect(res.status).toBe(200);
  return v.parse(TeamOverviewSchema, await res.json());
};
const row = async (id: string) => (await team()).items.find((m) => m.uuid === id)!;

describe('who may call', () => {
  it('answers 401 without a token and 403 for plain agents, candidates and companies on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/agent/team'],
      ['PUT', '/api/agent/team', { email: 'x@agents.test', first_name: 'X', last_name: 'Y', role: 'agent' }],
      ['POST', `/api/agent/team/${f.ids.otherAgent}/reassign`, { to: f.ids.agent }],
      ['POST', `/api/agent/team/${f.ids.otherAgent}/deactivate`, { reassignTo: f.ids.agent }],
      ['POST', `/api/agent/team/${f.ids.otherAgent}/reactivate`],
    ];
    for (const [method, path, body] of calls) {
      expect((await f.request(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const role of ['agent', 'otherAgent', 'luna', 'stella', 'nova', 'company'] as const) {
        const res = await f.request(method, path, f.tokens[role], body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
      }
    }
    // Nothing changed: the other agent is still active and the address unused.
    expect((await row(f.ids.otherAgent)).active).toBe(true);
    expect((await team()).items.some((m) => m.email === 'x@agents.test')).toBe(false);
  });
});

describe('the figures', () => {
  it("counts each agent's overdue follow-ups, unanswered submissions and taken requests", async () => {
    const { agent, otherAgent, company } = f.ids;
    const mine = await job({ agent });
    const createdByMe = await job({ createdBy: agent }); // nobody assigned: the creator works on it
    const others = await job({ agent: otherAgent, createdBy: agent });
    const archived = await job({ agent, status: 'archived' });
    await job({ origin: 'company', createdBy: company, agent }); // a request the agent took
    await job({ origin: 'company', createdBy: company }); // nobody's yet
    // Follow-ups (the attention band's rule, followUpDue): before today is overdue, today is not; one
    // is the agent's when the job is assigned to them or they set it — a job they only created does
    // not make it theirs; an archived job's do not count.
    await entry(mine, { followUp: '2026-11-19' });
    await entry(createdByMe, { followUp: '2026-11-01' });
    await entry(mine, { followUp: TODAY });
    await entry(others, { followUp: '2026-11-18', followUpBy: agent });
    await entry(archived, { followUp: '2026-11-01' });
    // Unanswered: submitted more than 5 days ago, no answer, on an active job.
    await entry(mine, { submittedDaysAgo: 6 });
    await entry(mine, { submittedDaysAgo: 2 });
    await entry(others, { submittedDaysAgo: 10 });

    const overview = await team();
    const a = overview.items.find((m) => m.uuid === agent)!;
    const o = overview.items.find((m) => m.uuid === otherAgent)!;
    expect(a).toMatchObject({ overdueFollowUps: 2, unanswered: 1, openRequests: 1, jobs: 4, active: true });
    expect(o).toMatchObject({ overdueFollowUps: 1, unanswered: 1, openRequests: 0, jobs: 1 });
    expect(overview.requestsWithoutAgent).toBe(1);
    // Every agent is a row, candidates and companies are not.
    expect(overview.items.map((m) => m.email).sort()).toEqual(
      ['agent@agents.test', 'other-agent@agents.test', 'senior@agents.test'].sort(),
    );
  });
});

describe('reassigning', () => {
  it('moves the selected or all records to another agent and records each on its timeline', async () => {
    const { otherAgent, senior } = f.ids;
    const c1 = (await f.addCandidate('luna', { first_name: 'C', last_name: 'One' })).profileId;
    const c2 = (await f.addCandidate('luna', { first_name: 'C', last_name: 'Two' })).profileId;
    await f.db.db.execute(
      sql`update profiles set assigned_agent_id = ${otherAgent} where id in (${c1}, ${c2})`,
    );
    const companyId = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values", assigned_agent_id) values (${companyId}, '{"name":"Firma"}'::jsonb,
          ${otherAgent})`,
    );
    const before = await row(otherAgent);
    expect(before.candidates).toBe(2);

    // Only c1: c2 and the company stay.
    let res = await f.request('POST', `/api/agent/team/${otherAgent}/reassign`, f.tokens.senior, {
      to: senior,
      only: { candidates: [c1] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ candidates: 1, companies: 0, jobs: 0 });
    const [moved] = await queryRows(
      f.db.db,
      sql`select assigned_agent_id from profiles where id = ${c1}`,
      v.object({ assigned_agent_id: uuid }),
    );
    expect(moved?.assigned_agent_id).toBe(senior);
    const events = await queryRows(
      f.db.db,
      sql`select action, details from timeline_entries where profile_id = ${c1} and kind = 'event'`,
      v.object({ action: text, details: json }),
    );
    expect(events).toContainEqual({ action: 'assign', details: { from: otherAgent, to: senior } });

    // All the rest.
    res = await f.request('POST', `/api/agent/team/${otherAgent}/reassign`, f.tokens.senior, { to: senior });
    expect(await res.json()).toEqual({ candidates: 1, companies: 1, jobs: before.jobs });
    expect(await row(otherAgent)).toMatchObject({ candidates: 0, companies: 0, jobs: 0 });

    // To the same agent, to a company, to nobody known.
    for (const [to, status, code] of [
      [otherAgent, 409, 'reassign.same_agent'],
      [f.ids.company, 404, 'agent.not_found'],
      [crypto.randomUUID(), 404, 'agent.not_found'],
    ] as const) {
      res = await f.request('POST', `/api/agent/team/${otherAgent}/reassign`, f.tokens.senior, { to });
      expect(res.status, to).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
  });
});

describe('creating and deactivating agents', () => {
  it('creates an agent who is mailed a link to choose a password, then deactivates them', async () => {
    const res = await f.request('PUT', '/api/agent/team', f.tokens.senior, {
      email: 'New.Agent@Agents.test',
      first_name: 'Nora',
      last_name: 'Neu',
      role: 'agent',
    });
    expect(res.status).toBe(201);
    const created = v.parse(TeamMemberSchema, await res.json());
    expect(created).toMatchObject({
      email: 'new.agent@agents.test',
      name: 'Nora Neu',
      senior: false,
      active: true,
    });
    const mails = (await listOutbox(f.db.db)).filter((m) => m.to === 'new.agent@agents.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/user\/reset-password\/[\w-]+\.[\w-]+\.[\w-]+/);

    // The same address again: 409.
    const again = await f.request('PUT', '/api/agent/team', f.tokens.senior, {
      email: 'new.agent@agents.test',
      first_name: 'N',
      last_name: 'N',
      role: 'senior_agent',
    });
    expect(again.status).toBe(409);

    // With a candidate to look after, deactivation needs someone to take it.
    const { profileId } = await f.addCandidate('nova', { first_name: 'Kim', last_name: 'K' });
    await f.db.db.execute(
      sql`update profiles set assigned_agent_id = ${created.uuid} where id = ${profileId}`,
    );
    let off = await f.request('POST', `/api/agent/team/${created.uuid}/deactivate`, f.tokens.senior, {});
    expect(off.status).toBe(409);
    expect(((await off.json()) as { code: string }).code).toBe('agent.has_records');
    expect((await row(created.uuid)).active).toBe(true);

    off = await f.request('POST', `/api/agent/team/${created.uuid}/deactivate`, f.tokens.senior, {
      reassignTo: f.ids.agent,
    });
    expect(off.status).toBe(200);
    expect(v.parse(TeamMemberSchema, await off.json())).toMatchObject({ active: false, candidates: 0 });
    const [kept] = await queryRows(
      f.db.db,
      sql`select assigned_agent_id from profiles where id = ${profileId}`,
      v.object({ assigned_agent_id: uuid }),
    );
    expect(kept?.assigned_agent_id).toBe(f.ids.agent);

    // A deactivated agent cannot sign in.
    const login = await f.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'new.agent@agents.test', password: 'whatever-it-was-2026' }),
    });
    expect(login.status).toBe(401);
  });

  it("ends a deactivated agent's sessions and refuses a senior agent deactivating themselves", async () => {
    const self = await f.request('POST', `/api/agent/team/${f.ids.senior}/deactivate`, f.tokens.senior, {});
    expect(self.status).toBe(409);
    expect(((await self.json()) as { code: string }).code).toBe('agent.self');

    // otherAgent was emptied above; once deactivated, their session's refresh token stops working.
    const json = { 'Content-Type': 'application/json' };
    const login = await f.app.request('/api/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'other-agent@agents.test', password: AGENT_TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { refresh_token } = (await login.json()) as { refresh_token: string };
    const off = await f.request(
      'POST',
      `/api/agent/team/${f.ids.otherAgent}/deactivate`,
      f.tokens.senior,
      {},
    );
    expect(off.status).toBe(200);
    const refresh = await f.app.request('/api/login/refresh', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refresh_token }),
    });
    expect(refresh.status).toBe(401);
    expect((await row(f.ids.otherAgent)).active).toBe(false);
  });
});

describe('reactivating agents', () => {
  const json = { 'Content-Type': 'application/json' };
  const signIn = (email: string) =>
    f.app.request('/api/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: AGENT_TEST_PASSWORD }),
    });
  const updatedAt = async (id: string) =>
    (
      await queryRows(
        f.db.db,
        sql`select updated_at from users where id = ${id}`,
        v.object({ updated_at: time }),
      )
    )[0]?.updated_at;

  it('lets a senior agent reactivate a deactivated agent, who signs in again; again changes nothing', async () => {
    const { otherAgent } = f.ids;
    // Deactivated by the test above (or here, when this test runs alone).
    if ((await row(otherAgent)).active) {
      const off = await f.request('POST', `/api/agent/team/${otherAgent}/deactivate`, f.tokens.senior, {});
      expect(off.status).toBe(200);
    }
    expect((await signIn('other-agent@agents.test')).status).toBe(401);

    const on = await f.request('POST', `/api/agent/team/${otherAgent}/reactivate`, f.tokens.senior);
    expect(on.status).toBe(200);
    expect(v.parse(TeamMemberSchema, await on.json())).toMatchObject({ uuid: otherAgent, active: true });
    expect((await row(otherAgent)).active).toBe(true);

    // The password they had works again, and so does the session it opens (its refresh token).
    const login = await signIn('other-agent@agents.test');
    expect(login.status).toBe(200);
    const { refresh_token } = (await login.json()) as { refresh_token: string };
    const refresh = await f.app.request('/api/login/refresh', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refresh_token }),
    });
    expect(refresh.status).toBe(200);

    // Idempotent: an active agent stays as they are, not even `updated_at` moves.
    const before = await updatedAt(otherAgent);
    const again = await f.request('POST', `/api/agent/team/${otherAgent}/reactivate`, f.tokens.senior);
    expect(again.status).toBe(200);
    expect(v.parse(TeamMemberSchema, await again.json())).toMatchObject({ active: true });
    expect(await updatedAt(otherAgent)).toEqual(before);
  });

  it('refuses plain agents (403) and answers 404 for anyone who is no agent', async () => {
    const { otherAgent, company } = f.ids;
    const off = await f.request('POST', `/api/agent/team/${otherAgent}/deactivate`, f.tokens.senior, {});
    expect(off.status).toBe(200);

    const plain = await f.request('POST', `/api/agent/team/${otherAgent}/reactivate`, f.tokens.agent);
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { code: string }).code).toBe('auth.forbidden');
    expect((await row(otherAgent)).active).toBe(false);

    for (const [id, status, code] of [
      [company, 404, 'agent.not_found'],
      [crypto.randomUUID(), 404, 'agent.not_found'],
      // A malformed id is no agent either (one policy for path ids, contract/route-table.ts ID).
      ['not-a-uuid', 404, 'agent.not_found'],
    ] as const) {
      const res = await f.request('POST', `/api/agent/team/${id}/reactivate`, f.tokens.senior);
      expect(res.status, id).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }

    // Left as the other tests of this file expect it: active.
    expect(
      (await f.request('POST', `/api/agent/team/${otherAgent}/reactivate`, f.tokens.senior)).status,
    ).toBe(200);
  });
});
