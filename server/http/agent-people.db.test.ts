import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../contract/account';
import { ProfileListResponseSchema } from '../../contract/agent';
import { ProfileConflictSchema, ProfileResponseSchema } from '../../contract/profile';
import { TokenPairSchema } from '../../contract/session';
import { queryRows } from '../db/client';
import { CountRow, text, uuid, uuidOrNull } from '../db/rows';
import { RunWorker } from '../jobs/run-worker';
import { JobServices } from '../jobs/services';
import { ACCEPT, AGENTS, codeOf, intake, NOT_AGENTS, peopleCalls } from './agent-people-kit';
import {
  AGENT_ROLES,
  type AgentFixture,
  type AgentRole,
  COLOGNE,
  createAgentFixture,
} from './agent-test-kit';

// Agents create and edit candidates (issue 20, contract/people.ts); invitations and companies are
// agent-invitations.db.test.ts.

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());
const { create, detail, accept } = peopleCalls(() => f);

describe('who may call', () => {
  const calls: [string, string, unknown][] = [
    ['PUT', '/api/agent/profile', intake()],
    ['POST', `/api/agent/profile/${crypto.randomUUID()}`, { values: {}, version: 0 }],
    ['POST', `/api/agent/profile/${crypto.randomUUID()}/invite`, { language: 'de' }],
    ['PUT', '/api/agent/company', { values: { name: 'X GmbH', city: { id: COLOGNE?.id } } }],
    ['POST', `/api/agent/company/${crypto.randomUUID()}`, { values: {}, version: 0 }],
    ['POST', `/api/agent/company/${crypto.randomUUID()}/invite`, { language: 'de' }],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for candidates and companies', async (method, path, body) => {
    expect((await f.request(method, path, undefined, body)).status).toBe(401);
    for (const role of NOT_AGENTS) {
      const res = await f.request(method, path, f.tokens[role], body);
      expect(res.status, role).toBe(403);
      expect(await codeOf(res)).toBe('auth.forbidden');
    }
  });

  it.each(calls.filter(([, path]) => /[0-9a-f]{8}-/.test(path)))(
    '%s %s: agents and senior agents reach it (404 for an unknown uuid)',
    async (method, path, body) => {
      for (const role of AGENTS) {
        const res = await f.request(method, path, f.tokens[role], body);
        expect(res.status, role).toBe(404);
      }
    },
  );

  it('the invitation page answers everyone alike: an unknown link is 404 for each role and anonymous', async () => {
    for (const token of [undefined, ...Object.keys(AGENT_ROLES).map((r) => f.tokens[r as AgentRole])]) {
      const info = await f.request('GET', '/api/public/invitation/no-such-token-at-all', token);
      expect(info.status).toBe(404);
      expect(await codeOf(info)).toBe('invitation.not_found');
      const taken = await accept('no-such-token-at-all', ACCEPT, token);
      expect(taken.status).toBe(404);
    }
  });
});

describe('an agent creates a candidate by phone intake', () => {
  it('creates the profile without an account, assigned to the agent, and records who and which fields', async () => {
    for (const role of AGENTS) {
      const created = await create(intake({ contact_email: `Jonas.${role}@Mail.test` }), role);
      expect(created).toMatchObject({ type: 'stella', version: 0, status: 'active' });
      expect(created.values).toMatchObject({ first_name: 'Jonas', contact_email: `jonas.${role}@mail.test` });
      const [row] = await queryRows(
        f.db.db,
        sql`select user_id, assigned_agent_id, contact_email from profiles where id = ${created.uuid}`,
        v.object({ user_id: uuidOrNull, assigned_agent_id: uuid, contact_email: text }),
      );
      expect(row).toEqual({
        user_id: null,
        assigned_agent_id: f.ids[role],
        contact_email: `jonas.${role}@mail.test`,
      });
      const seen = await detail(created.uuid);
      expect(seen.account).toBeNull();
      expect(seen.invitation).toBeNull();
      expect(seen.history[0]).toMatchObject({
        agent: AGENT_ROLES[role].email,
        action: 'profile.created',
        details: {
          type: 'stella',
          fields: ['city', 'contact_email', 'first_name', 'last_name', 'occupation', 'skills'],
        },
      });
    }
  });

  it('refuses bad values with codes per field and writes nothing', async () => {
    const before = await queryRows(f.db.db, sql`select count(*)::int as n from profiles`, CountRow);
    const res = await f.request('PUT', '/api/agent/profile', f.tokens.agent, {
      type: 'stella',
      values: { first_name: '', last_name: 'X', contact_email: 'not-an-address', shoe_size: 44 },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string[]> };
    expect(body.fields).toMatchObject({
      first_name: ['field.required'],
      contact_email: ['email.invalid'],
      shoe_size: ['field.unknown'],
    });
    const badType = await f.request('PUT', '/api/agent/profile', f.tokens.agent, {
      ...intake(),
      type: 'company',
    });
    expect(badType.status).toBe(400);
    const after = await queryRows(f.db.db, sql`select count(*)::int as n from profiles`, CountRow);
    expect(after).toEqual(before);
  });

  it('is in the stellas table, found by its contact e-mail, and a job run ranks it', async () => {
    const created = await create(intake({ last_name: 'Rangliste', contact_email: 'rang@mail.test' }));
    const list = v.parse(
      ProfileListResponseSchema,
      await (await f.request('GET', '/api/profile/list?type=stella&q=rang%40mail', f.tokens.agent)).json(),
    );
    expect(list.items.map((i) => i.uuid)).toEqual([created.uuid]);
    expect(list.items[0]).toMatchObject({ name: 'Jonas Rangliste', email: null, occupation: 'electrician' });

    const job = await f.request('PUT', '/api/job', f.tokens.agent, {
      values: { title: 'Elektriker (m/w/d)', target_types: ['stella'] },
      criteria: [{ key: 'skills', value: ['photovoltaics'], weight: 5, must: true }],
    });
    expect(job.status).toBe(201);
    const jobId = ((await job.json()) as { uuid: string }).uuid;
    expect((await f.request('POST', `/api/job/${jobId}/run`, f.tokens.agent)).status).toBe(202);
    const worker = new RunWorker(new JobServices(f.db.db, 2000), { pollMs: 20 });
    while (await worker.runOnce()) {}
    const results = (await (
      await f.request('GET', `/api/job/showresults/${jobId}`, f.tokens.agent)
    ).json()) as {
      items: { uuid: string; score: number }[];
    };
    expect(results.items.map((i) => i.uuid)).toContain(created.uuid);
  });
});

describe('an agent edits a profile', () => {
  it('saves with the version, records the changed fields, and answers 409 with the current profile to a stale version', async () => {
    const created = await create(intake());
    const edit = (values: Record<string, unknown>, version: number, role: AgentRole = 'agent') =>
      f.request('POST', `/api/agent/profile/${created.uuid}`, f.tokens[role], { values, version });
    const values = { ...intake().values, experience_years: 7 };
    const saved = await edit(values, 0, 'senior');
    expect(saved.status).toBe(200);
    const after = v.parse(ProfileResponseSchema, await saved.json());
    expect(after.version).toBe(1);
    expect(after.values.experience_years).toBe(7);

    const stale = await edit({ ...values, experience_years: 9 }, 0);
    expect(stale.status).toBe(409);
    const conflict = v.parse(ProfileConflictSchema, await stale.json());
    expect(conflict.code).toBe('profile.version_conflict');
    expect(conflict.current).toMatchObject({ version: 1, values: { experience_years: 7 } });

    const seen = await detail(created.uuid);
    expect(seen.profile.values.experience_years).toBe(7);
    expect(seen.history[0]).toMatchObject({
      agent: AGENT_ROLES.senior.email,
      action: 'profile.edited',
      details: { fields: ['experience_years'] },
    });
  });

  it("edits a candidate who has an account, without a contact e-mail, and the candidate's export lists the edit", async () => {
    const { profileId } = await f.addCandidate(
      'nova',
      { first_name: 'Mia', last_name: 'Konto', city: COLOGNE },
      { email: 'mia.konto@mail.test' },
    );
    const withContact = await f.request('POST', `/api/agent/profile/${profileId}`, f.tokens.agent, {
      values: {
        first_name: 'Mia',
        last_name: 'Konto',
        city: { id: COLOGNE?.id },
        contact_email: 'x@mail.test',
      },
      version: 0,
    });
    expect(withContact.status).toBe(400);
    expect(((await withContact.json()) as { fields: object }).fields).toEqual({
      contact_email: ['field.unknown'],
    });
    const res = await f.request('POST', `/api/agent/profile/${profileId}`, f.tokens.agent, {
      values: { first_name: 'Mia', last_name: 'Konto-Neu', city: { id: COLOGNE?.id } },
      version: 0,
    });
    expect(res.status).toBe(200);

    const login = await f.request('POST', '/api/login', undefined, {
      email: 'mia.konto@mail.test',
      password: 'Agent-Test-Password-2026',
    });
    const { token } = v.parse(TokenPairSchema, await login.json());
    const exported = v.parse(
      AccountExportSchema,
      await (await f.request('GET', '/api/user/export', token)).json(),
    );
    expect(exported.profile?.values.last_name).toBe('Konto-Neu');
    expect(exported.agentEdits).toEqual([
      expect.objectContaining({
        agent: AGENT_ROLES.agent.email,
        action: 'profile.edited',
        fields: ['last_name'],
      }),
    ]);
  });

  it('answers 404 for an unknown candidate and for a malformed uuid', async () => {
    const missing = await f.request('POST', `/api/agent/profile/${crypto.randomUUID()}`, f.tokens.agent, {
      values: intake().values,
      version: 0,
    });
    expect(missing.status).toBe(404);
    expect(await codeOf(missing)).toBe('profile.not_found');
    const bad = await f.request('POST', '/api/agent/profile/nope', f.tokens.agent, {
      values: {},
      version: 0,
    });
    expect(bad.status).toBe(404);
    expect(await codeOf(bad)).toBe('profile.not_found');
  });
});
