import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as agent from '../../contract/agent';
import { queryRows } from '../db/client';
import { text } from '../db/rows';
import { listOutbox } from '../messaging/outbox';
import { AGENT_TEST_PASSWORD, type AgentRole, names, seededAgentFixture } from './agent-test-kit';

// Who may make the agent workspace calls; assignment, promotion and status; companies, the agents
// and the dashboard.

const f = seededAgentFixture();

describe('who may call', () => {
  const calls = (): [string, string, unknown?][] => [
    ['GET', '/api/profile/list'],
    ['GET', `/api/agent/profile/${f.mueller}`],
    ['GET', `/api/agent/profile/${f.mueller}/access-log`],
    ['POST', `/api/agent/profile/${f.stellaNoAccount}/status`, { status: 'active' }],
    ['POST', '/api/agent/assign_profile', { uuid: f.stellaNoAccount, agent: null }],
    ['POST', '/api/agent/assign_company', { uuid: f.companyId, agent: null }],
    ['POST', '/api/agent/luna_to_stella', { uuid: f.stellaNoAccount }],
    ['GET', `/api/agent/card/${f.mueller}/full`],
    ['GET', `/api/agent/card/${f.mueller}/anonymised`],
    ['GET', '/api/company/list'],
    ['GET', `/api/agent/company/${f.companyId}`],
    ['GET', '/api/agent'],
    ['PUT', '/api/agent', { first_name: 'A', last_name: 'B', phone: null, version: 0 }],
    ['GET', '/api/agent/list'],
    ['GET', '/api/agent/dashboard'],
  ];

  it('answers 401 without a token and 403 for luna, stella, nova and company on every call', async () => {
    for (const [method, path, body] of calls()) {
      expect((await f.request(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
        const res = await f.request(method, path, f.tokens[role], body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
      }
    }
  });

  it('lets agents and senior agents make every call (the access log: senior agents only)', async () => {
    for (const role of ['agent', 'senior'] as const) {
      for (const [method, path, body] of calls()) {
        const res = await f.request(method, path, f.tokens[role], body);
        // A plain agent may not read the access log; the candidate named is already a stella.
        const expected =
          path.endsWith('/access-log') && role === 'agent'
            ? 403
            : path === '/api/agent/luna_to_stella'
              ? 409
              : 200;
        expect(res.status, `${role} ${method} ${path}`).toBe(expected);
      }
    }
  });
});

describe('assignment, promotion and status', () => {
  it('assigns to me and unassigns; a senior agent assigns to another agent and takes another’s candidate, a plain agent may not', async () => {
    const assign = (role: AgentRole, body: unknown) =>
      f.request('POST', '/api/agent/assign_profile', f.tokens[role], body);
    let res = await assign('agent', { uuid: f.stellaNoAccount });
    expect(res.status).toBe(200);
    expect(v.parse(agent.AssignmentResultSchema, await res.json()).assignedAgent?.email).toBe(
      'agent@agents.test',
    );
    res = await assign('agent', { uuid: f.stellaNoAccount, agent: f.ids.otherAgent });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('assign.senior_only');
    res = await assign('senior', { uuid: f.stellaNoAccount, agent: f.ids.otherAgent });
    expect(res.status).toBe(200);
    expect(v.parse(agent.AssignmentResultSchema, await res.json()).assignedAgent?.email).toBe(
      'other-agent@agents.test',
    );
    res = await assign('senior', { uuid: f.stellaNoAccount, agent: f.ids.luna });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('agent.not_found');
    // Another agent's candidate: a plain agent neither takes nor unassigns it, its agent hands it back.
    for (const body of [{ uuid: f.stellaNoAccount }, { uuid: f.stellaNoAccount, agent: null }]) {
      res = await assign('agent', body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('assign.senior_only');
    }
    res = await assign('otherAgent', { uuid: f.stellaNoAccount, agent: null });
    expect(res.status).toBe(200);
    expect(v.parse(agent.AssignmentResultSchema, await res.json()).assignedAgent).toBeNull();
    res = await assign('agent', { uuid: crypto.randomUUID() });
    expect(res.status).toBe(404);

    const detail = v.parse(
      agent.AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.stellaNoAccount}`, f.tokens.agent)).json(),
    );
    expect(detail.history.slice(0, 3).map((h) => [h.agent, h.action])).toEqual([
      ['other-agent@agents.test', 'unassign'],
      ['senior@agents.test', 'assign'],
      ['agent@agents.test', 'assign'],
    ]);
  });

  it('assigns companies the same way', async () => {
    let res = await f.request('POST', '/api/agent/assign_company', f.tokens.agent, { uuid: f.companyId });
    expect(res.status).toBe(200);
    res = await f.request('GET', '/api/company/list?assigned=me', f.tokens.agent);
    const companies = v.parse(agent.CompanyListResponseSchema, await res.json());
    expect(companies.items.map((c) => c.name)).toEqual(['Rheinwerk Bau GmbH']);
    res = await f.request('POST', '/api/agent/assign_company', f.tokens.agent, {
      uuid: f.companyId,
      agent: f.ids.senior,
    });
    expect(res.status).toBe(403);
    // Another agent's company (issue 41, finding 4): a plain agent neither takes nor unassigns it,
    // the senior agent does, and its agent hands it back.
    for (const body of [{ uuid: f.companyId }, { uuid: f.companyId, agent: null }]) {
      res = await f.request('POST', '/api/agent/assign_company', f.tokens.otherAgent, body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('assign.senior_only');
    }
    const assigned = async () =>
      v
        .parse(
          agent.CompanyListResponseSchema,
          await (await f.request('GET', '/api/company/list?assigned=me', f.tokens.agent)).json(),
        )
        .items.map((c) => c.name);
    expect(await assigned()).toEqual(['Rheinwerk Bau GmbH']);
    res = await f.request('POST', '/api/agent/assign_company', f.tokens.senior, { uuid: f.companyId });
    expect(res.status).toBe(200);
    expect(await assigned()).toEqual([]);
    res = await f.request('POST', '/api/agent/assign_company', f.tokens.senior, {
      uuid: f.companyId,
      agent: f.ids.agent,
    });
    expect(res.status).toBe(200);
    res = await f.request('POST', '/api/agent/assign_company', f.tokens.agent, {
      uuid: f.companyId,
      agent: null,
    });
    expect(res.status).toBe(200);
    expect(await assigned()).toEqual([]);
  });

  it('promotes a luna to a stella with an e-mail in her language; a stella is refused', async () => {
    // Lena is signed in (her last login shows to agents) before the promotion.
    const login = await f.request('POST', '/api/login', undefined, {
      email: 'lena.lunke@mail.test',
      password: AGENT_TEST_PASSWORD,
      locale: 'en',
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { token: string; refresh_token: string };
    expect(decodeJwt(session.token).user_type).toBe('luna');
    const seen = v.parse(
      agent.AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${f.luna}`, f.tokens.agent)).json(),
    );
    expect(seen.account?.lastLoginAt).not.toBeNull();

    const res = await f.request('POST', '/api/agent/luna_to_stella', f.tokens.agent, { uuid: f.luna });
    expect(res.status).toBe(200);
    expect(v.parse(agent.AssignmentResultSchema, await res.json()).type).toBe('stella');
    const [user] = await queryRows(
      f.db.db,
      sql`select user_type from users where id = ${f.lunaUser}`,
      v.object({ user_type: text }),
    );
    expect(user?.user_type).toBe('stella');
    const mails = (await listOutbox(f.db.db)).filter((m) => m.to === 'lena.lunke@mail.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Matchwerk profile was confirmed');
    expect(names(await f.list('type=stella'))).toContain('Lena Lunke');
    // The token she holds says so at its next refresh.
    const refreshed = await f.request('POST', '/api/login/refresh', undefined, {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(((await refreshed.json()) as { token: string }).token).user_type).toBe('stella');

    const again = await f.request('POST', '/api/agent/luna_to_stella', f.tokens.agent, { uuid: f.luna });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('profile.not_luna');
  });

  it('blocks a candidate with a reason and lifts the block; the candidate’s own switch stays', async () => {
    let res = await f.request('POST', `/api/agent/profile/${f.mueller}/status`, f.tokens.agent, {
      status: 'inactive',
      reason: 'Forged certificates',
    });
    const blocked = v.parse(agent.AssignmentResultSchema, await res.json());
    expect(blocked.status).toBe('active');
    expect(blocked.block?.reason).toBe('Forged certificates');
    res = await f.request('POST', `/api/agent/profile/${f.mueller}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect(v.parse(agent.AssignmentResultSchema, await res.json())).toMatchObject({
      status: 'active',
      block: null,
    });
  });
});

describe('companies, agents and the dashboard', () => {
  it('lists and searches companies and answers one with its requests', async () => {
    const res = await f.request('GET', '/api/company/list?q=rheinwerk', f.tokens.agent);
    const page = v.parse(agent.CompanyListResponseSchema, await res.json());
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ uuid: f.companyId, email: 'company@agents.test', openRequests: 0 });
    expect(
      v.parse(
        agent.CompanyListResponseSchema,
        await (await f.request('GET', '/api/company/list?open=yes', f.tokens.agent)).json(),
      ).total,
    ).toBe(0);
    const detail = v.parse(
      agent.CompanyDetailSchema,
      await (await f.request('GET', `/api/agent/company/${f.companyId}`, f.tokens.agent)).json(),
    );
    expect(detail.values).toMatchObject({ name: 'Rheinwerk Bau GmbH' });
    expect(detail.requests).toEqual([]);
    expect((await f.request('GET', `/api/agent/company/${crypto.randomUUID()}`, f.tokens.agent)).status).toBe(
      404,
    );
  });

  it('keeps the agent own name and phone, versioned', async () => {
    const own = v.parse(
      agent.AgentSelfSchema,
      await (await f.request('GET', '/api/agent', f.tokens.otherAgent)).json(),
    );
    expect(own).toMatchObject({ email: 'other-agent@agents.test', first_name: null, photo_image: null });
    let res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, {
      first_name: 'Olga',
      last_name: 'Ort',
      phone: '+49 221 123456',
      version: own.version,
    });
    expect(res.status).toBe(200);
    const saved = v.parse(agent.AgentSelfSchema, await res.json());
    expect(saved).toMatchObject({ first_name: 'Olga', phone: '+49 221 123456', version: own.version + 1 });
    res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, {
      first_name: 'Olga',
      last_name: 'Ort',
      phone: null,
      version: own.version,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('agent.version_conflict');
    res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, { first_name: '', version: 0 });
    expect(res.status).toBe(400);
  });

  it('lists the agents with what they look after, and answers the dashboard counts', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: f.mueller });
    const agents = v.parse(
      agent.AgentListResponseSchema,
      await (await f.request('GET', '/api/agent/list', f.tokens.agent)).json(),
    );
    expect(agents.items.map((a) => a.email)).toEqual([
      'agent@agents.test',
      'other-agent@agents.test',
      'senior@agents.test',
    ]);
    expect(agents.items[0]).toMatchObject({ assignedCandidates: 1, senior: false });
    expect(agents.items[2]?.senior).toBe(true);
    const raw = await (await f.request('GET', '/api/agent/dashboard', f.tokens.agent)).json();
    // Company requests are counted by the attention band alone ("requests without an agent"): the old
    // "requests waiting" (without a run) meant something else under a like name (issue 21 gap 5).
    expect(raw).not.toHaveProperty('companyRequestsWaiting');
    const board = v.parse(agent.AgentDashboardSchema, raw);
    expect(board.counts).toEqual({ luna: 0, stella: 3, nova: 25, company: 1 });
    expect(board.assignedToMe).toBe(1);
    expect(board.unassigned).toBe(27);
    // Per type they add up to the totals.
    const sum = (byType: Record<string, number>) => Object.values(byType).reduce((a, b) => a + b, 0);
    expect(sum(board.assignedToMeByType)).toBe(board.assignedToMe);
    expect(sum(board.unassignedByType)).toBe(board.unassigned);
    expect(board.unassignedByType.nova).toBeGreaterThan(0);
    expect(board.newThisWeek).toBe(28);
    expect(sum(board.newThisWeekByType)).toBe(board.newThisWeek);
    // Each part is the total of its table filtered by created=week.
    for (const type of ['stella', 'luna', 'nova'] as const) {
      expect((await f.list(`type=${type}&created=week`)).total, type).toBe(board.newThisWeekByType[type]);
    }
    // A candidate created eight days ago is no longer new, on the dashboard and in the table.
    await f.db.db.execute(
      sql`update profiles set created_at = now() - interval '8 days' where id = ${f.mueller}`,
    );
    const later = v.parse(
      agent.AgentDashboardSchema,
      await (await f.request('GET', '/api/agent/dashboard', f.tokens.agent)).json(),
    );
    expect(later.newThisWeekByType.stella).toBe(board.newThisWeekByType.stella - 1);
    const newStellas = await f.list('type=stella&created=week');
    expect(newStellas.total).toBe(later.newThisWeekByType.stella);
    expect(names(newStellas)).not.toContain('Anna Müller');
    expect(names(await f.list('type=stella'))).toContain('Anna Müller');
  });
});
