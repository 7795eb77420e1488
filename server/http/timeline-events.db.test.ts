import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../contract/account';
import { type TimelinePage, TimelinePageSchema } from '../../contract/timeline';
import { recordAction } from '../agents/audit';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { CountRow, IdRow, text, time } from '../db/rows';
import { users } from '../db/schema/users';
import { listOutbox } from '../messaging/outbox';
import { type AgentRole, seededAgentFixture } from './agent-test-kit';
import { agentJobBody, companyRequestBody } from './job-test-kit';

// What lands on the timelines without anyone writing it: the changes agents make (recordAction),
// what happens to a person's account (recordEvent), jobs' lifecycles; the person's export lists the
// agents' edits but no note; the candidate tables' "last contact" comes from the timeline.

const f = seededAgentFixture();

async function timeline(
  subject: string,
  id: string,
  query = '',
  role: AgentRole = 'agent',
): Promise<TimelinePage> {
  const res = await f.request('GET', `/api/agent/timeline/${subject}/${id}${query}`, f.tokens[role]);
  expect(res.status).toBe(200);
  return v.parse(TimelinePageSchema, await res.json());
}

const events = async (subject: string, id: string) =>
  (await timeline(subject, id, '?kind=event')).items.map((i) => [
    i.action,
    i.author?.email ?? null,
    i.details,
  ]);

describe('the changes agents make', () => {
  it('records assignment, status, promotion and card downloads on the candidate, by whom', async () => {
    const ok = async (method: string, path: string, body?: unknown) =>
      expect((await f.request(method, path, f.tokens.agent, body)).status, path).toBe(200);
    await ok('POST', '/api/agent/assign_profile', { uuid: f.luna });
    await ok('POST', `/api/agent/profile/${f.luna}/status`, {
      status: 'inactive',
      reason: 'Nicht erreichbar',
    });
    await ok('POST', '/api/agent/luna_to_stella', { uuid: f.luna });
    await ok('GET', `/api/agent/card/${f.luna}/anonymised`);
    expect(await events('profile', f.luna)).toEqual([
      ['card.downloaded', 'agent@agents.test', { format: 'anonymised' }],
      ['promote', 'agent@agents.test', { from: 'luna', to: 'stella' }],
      ['block', 'agent@agents.test', { reason: 'Nicht erreichbar' }],
      ['assign', 'agent@agents.test', { from: null, to: f.ids.agent }],
    ]);
    // The candidate page's history is the same events.
    const detail = (await (
      await f.request('GET', `/api/agent/profile/${f.luna}`, f.tokens.agent)
    ).json()) as {
      history: { action: string }[];
    };
    expect(detail.history.map((h) => h.action)).toEqual(['card.downloaded', 'promote', 'block', 'assign']);
  });

  it('records a company assignment on the company', async () => {
    await f.request('POST', '/api/agent/assign_company', f.tokens.senior, {
      uuid: f.companyId,
      agent: f.ids.otherAgent,
    });
    expect(await events('company', f.companyId)).toEqual([
      ['assign', 'senior@agents.test', { from: null, to: f.ids.otherAgent }],
    ]);
  });

  it("records a job's creation, the fields an edit changed, archiving; a company's request without an agent", async () => {
    const created = (await (
      await f.request('PUT', '/api/job', f.tokens.agent, agentJobBody('Maurer'))
    ).json()) as {
      uuid: string;
      version: number;
    };
    const body = agentJobBody('Maurerin');
    const edited = await f.request('POST', `/api/job/${created.uuid}`, f.tokens.otherAgent, {
      ...body,
      criteria: body.criteria.slice(1),
      version: created.version,
    });
    expect(edited.status).toBe(200);
    await f.request('POST', `/api/job/changestatus/${created.uuid}`, f.tokens.agent, { status: 'archived' });
    // Archiving what is archived changes nothing and records nothing.
    await f.request('POST', `/api/job/changestatus/${created.uuid}`, f.tokens.agent, { status: 'archived' });
    expect(await events('job', created.uuid)).toEqual([
      ['job.archived', 'agent@agents.test', {}],
      ['job.edited', 'other-agent@agents.test', { fields: ['title', 'criteria'] }],
      ['job.created', 'agent@agents.test', {}],
    ]);
    const request = (await (
      await f.request('PUT', '/api/job', f.tokens.company, companyRequestBody('Anfrage'))
    ).json()) as {
      uuid: string;
    };
    expect(await events('job', request.uuid)).toEqual([['job.requested', null, {}]]);
  });

  it('writes nothing when the change itself fails (one transaction)', async () => {
    const count = async () =>
      (await queryRows(f.db.db, sql`select count(*) as n from timeline_entries`, CountRow))[0]!.n;
    const before = await count();
    await expect(
      f.db.db.transaction(async (tx) => {
        await recordAction(
          tx as never,
          { userId: f.ids.agent },
          { kind: 'profile', id: f.mueller },
          'profile.edited',
          { fields: ['city'] },
        );
        throw new Error('the edit failed');
      }),
    ).rejects.toThrow('the edit failed');
    expect(await count()).toBe(before);
  });

  it('keeps the old reading of agent_actions: the agents’ events by target', async () => {
    const rows = await queryRows(
      f.db.db,
      sql`select action, agent_email, target_kind from agent_actions where target_id = ${f.companyId}`,
      v.object({ action: text, agent_email: text, target_kind: text }),
    );
    expect(rows).toEqual([{ action: 'assign', agent_email: 'senior@agents.test', target_kind: 'company' }]);
  });
});

describe("what happens to a person's account", () => {
  it('records the registration and the e-mail confirmation on the new candidate, without an agent', async () => {
    const email = 'neu.registriert@mail.test';
    const created = await f.request('PUT', '/api/public/user/create', undefined, {
      email,
      password: 'Kanufahrt-Zitrone-Wolke-93',
      category: 'nova',
      language: 'de',
      accepted: ['terms-conditions', 'condition-agreements'],
    });
    expect(created.status).toBe(201);
    const mail = (await listOutbox(f.db.db)).find((m) => m.to === email);
    const token = /\/user\/validate\/([\w.-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await f.request('GET', `/api/public/user/validate/${token}`)).status).toBe(200);
    const [profile] = await queryRows(
      f.db.db,
      sql`select p.id from profiles p join users u on u.id = p.user_id where u.email = ${email}`,
      IdRow,
    );
    const items = (await timeline('profile', profile!.id)).items;
    expect(items.map((i) => [i.action, i.author])).toEqual([
      ['email.confirmed', null],
      ['registered', null],
    ]);
    const [account] = await queryRows(
      f.db.db,
      sql`select created_at from users where email = ${email}`,
      v.object({ created_at: time }),
    );
    expect(items[1]?.at).toBe(account!.created_at);
  });
});

describe("the person's data export", () => {
  it("lists the agents' edits with who, when and which fields, and holds no note, call or mail", async () => {
    const agent = {
      userId: f.ids.otherAgent,
      userType: 'agent',
      language: 'de' as const,
      registrationStep: 0,
    };
    await recordAction(f.db.db, agent, { kind: 'profile', id: f.mueller }, 'profile.edited', {
      fields: ['city', 'skills'],
    });
    for (const body of [
      { kind: 'note', text: 'Geheime Notiz über Anna' },
      { kind: 'call', text: 'Telefonat über Gehalt', at: '2026-03-01T10:00:00.000Z' },
    ]) {
      expect(
        (await f.request('POST', `/api/agent/timeline/profile/${f.mueller}`, f.tokens.agent, body)).status,
      ).toBe(201);
    }
    const [user] = await f.db.db.select().from(users).where(eq(users.id, f.muellerUser));
    const token = await signAccessToken(f.auth.tokens, user!, 'ok');
    const res = await f.request('GET', '/api/user/export', token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const exported = v.parse(AccountExportSchema, JSON.parse(text));
    expect(exported.agentEdits).toContainEqual(
      expect.objectContaining({
        agent: 'other-agent@agents.test',
        action: 'profile.edited',
        fields: ['city', 'skills'],
      }),
    );
    expect(exported.agentEdits.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(text).not.toContain('Geheime Notiz');
    expect(text).not.toContain('Telefonat über Gehalt');
  });
});

describe('last contact on the candidate tables', () => {
  it('is the newest note, call or mail of the candidate, and follows a new one at once', async () => {
    const row = async () =>
      (await f.list('type=stella&q=brandt')).items.find((i) => i.uuid === f.stellaNoAccount);
    // Events are no contact.
    await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: f.stellaNoAccount });
    expect((await row())?.lastContact).toBeNull();
    const path = `/api/agent/timeline/profile/${f.stellaNoAccount}`;
    await f.request('POST', path, f.tokens.agent, {
      kind: 'call',
      text: 'Erreicht',
      at: '2026-02-03T08:00:00.000Z',
    });
    expect((await row())?.lastContact).toBe('2026-02-03T08:00:00.000Z');
    await f.request('POST', path, f.tokens.agent, {
      kind: 'mail',
      text: 'Älter',
      at: '2026-01-03T08:00:00.000Z',
    });
    expect((await row())?.lastContact).toBe('2026-02-03T08:00:00.000Z');
    await f.request('POST', path, f.tokens.agent, {
      kind: 'mail',
      text: 'Neuer',
      at: '2026-02-05T08:00:00.000Z',
    });
    expect((await row())?.lastContact).toBe('2026-02-05T08:00:00.000Z');
  });
});
