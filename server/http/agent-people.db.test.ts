import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../contract/account';
import {
  AgentProfileDetailSchema,
  CompanyDetailSchema,
  CompanyListResponseSchema,
  ProfileListResponseSchema,
} from '../../contract/agent';
import { InvitationInfoSchema, InvitationSchema } from '../../contract/people';
import { ProfileConflictSchema, ProfileResponseSchema } from '../../contract/profile';
import { TokenPairSchema } from '../../contract/session';
import { queryRows } from '../db/client';
import { RunWorker } from '../jobs/run-worker';
import { JobServices } from '../jobs/services';
import {
  AGENT_ROLES,
  type AgentFixture,
  type AgentRole,
  COLOGNE,
  createAgentFixture,
} from './agent-test-kit';

// Agents create and edit candidates and companies and invite them (issue 20, contract/people.ts).

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());

const PASSWORD = 'Lichtung-Kanu-Moosbeere-42';
const ACCEPT = { password: PASSWORD, language: 'de', accepted: ['terms-conditions', 'condition-agreements'] };
const AGENTS: AgentRole[] = ['agent', 'senior'];
const NOT_AGENTS: AgentRole[] = ['luna', 'stella', 'nova', 'company'];

const intake = (extra: Record<string, unknown> = {}) => ({
  type: 'stella',
  values: {
    first_name: 'Jonas',
    last_name: 'Telefon',
    city: { id: COLOGNE?.id },
    occupation: 'electrician',
    skills: ['electrical_installation', 'photovoltaics'],
    ...extra,
  },
});

async function create(body: unknown, role: AgentRole = 'agent') {
  const res = await f.request('PUT', '/api/agent/profile', f.tokens[role], body);
  expect(res.status, await res.clone().text()).toBe(201);
  return v.parse(ProfileResponseSchema, await res.json());
}

async function detail(uuid: string) {
  const res = await f.request('GET', `/api/agent/profile/${uuid}`, f.tokens.agent);
  expect(res.status).toBe(200);
  return v.parse(AgentProfileDetailSchema, await res.json());
}

/** The token of the newest invitation link mailed to `email`. */
async function linkTo(email: string): Promise<string> {
  const [mail] = await queryRows<{ text: string; subject: string }>(
    f.db.db,
    sql`select text, subject from outbox where recipient = ${email} order by created_at desc, id desc limit 1`,
  );
  const token = mail?.text.match(/\/user\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const accept = (token: string, body: unknown = ACCEPT, bearer?: string) =>
  f.request('POST', `/api/public/invitation/${token}`, bearer, body);
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

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
      const [row] = await queryRows<{
        user_id: string | null;
        assigned_agent_id: string;
        contact_email: string;
      }>(
        f.db.db,
        sql`select user_id, assigned_agent_id, contact_email from profiles where id = ${created.uuid}`,
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
    const before = await queryRows<{ n: number }>(f.db.db, sql`select count(*)::int as n from profiles`);
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
    const after = await queryRows<{ n: number }>(f.db.db, sql`select count(*)::int as n from profiles`);
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

  it('answers 404 for an unknown candidate and 400 for a malformed uuid', async () => {
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
    expect(bad.status).toBe(400);
    expect(await codeOf(bad)).toBe('uuid.invalid');
  });
});

describe('an invitation', () => {
  it('mails a one-time link; the person sets a password, takes the profile over once, and is signed in', async () => {
    const created = await create(intake({ last_name: 'Eingeladen', contact_email: 'eingeladen@mail.test' }));
    const sent = await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, {
      language: 'en',
    });
    expect(sent.status).toBe(200);
    const invitation = v.parse(InvitationSchema, await sent.json());
    expect(invitation).toMatchObject({ email: 'eingeladen@mail.test', language: 'en', state: 'open' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 86_400_000);
    const [mail] = await queryRows<{ subject: string; text: string }>(
      f.db.db,
      sql`select subject, text from outbox where recipient = 'eingeladen@mail.test'`,
    );
    expect(mail?.subject).toBe('Your Matchwerk profile is waiting for you');
    expect(mail?.text).toContain('http://matchwerk.test/user/invitation/');
    expect((await detail(created.uuid)).invitation).toMatchObject({
      state: 'open',
      email: 'eingeladen@mail.test',
    });

    const token = await linkTo('eingeladen@mail.test');
    const info = await f.request('GET', `/api/public/invitation/${token}`);
    expect(v.parse(InvitationInfoSchema, await info.json())).toMatchObject({
      kind: 'profile',
      email: 'eingeladen@mail.test',
      name: 'Jonas Eingeladen',
      language: 'en',
    });

    const weak = await accept(token, { ...ACCEPT, password: 'passwort123' });
    expect(weak.status).toBe(400);
    const noTerms = await accept(token, { ...ACCEPT, accepted: [] });
    expect(noTerms.status).toBe(400);

    const taken = await accept(token);
    expect(taken.status).toBe(201);
    const pair = v.parse(TokenPairSchema, await taken.json());
    const own = await f.request('GET', '/api/profile', pair.token);
    expect(own.status).toBe(200);
    expect(v.parse(ProfileResponseSchema, await own.json())).toMatchObject({
      uuid: created.uuid,
      type: 'stella',
      values: { first_name: 'Jonas', last_name: 'Eingeladen' },
    });
    const [user] = await queryRows<{ registration_step: number; user_type: string; language: string }>(
      f.db.db,
      sql`select registration_step, user_type, language from users where email = 'eingeladen@mail.test'`,
    );
    expect(user).toEqual({ registration_step: 0, user_type: 'stella', language: 'de' });
    const consents = await queryRows<{ text: string }>(
      f.db.db,
      sql`select l.text from legal_acceptances l join users u on u.id = l.user_id
          where u.email = 'eingeladen@mail.test' order by l.text`,
    );
    expect(consents.map((c) => c.text)).toEqual(['condition-agreements', 'terms-conditions']);

    const again = await accept(token);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('invitation.used');
    expect(await codeOf(await f.request('GET', `/api/public/invitation/${token}`))).toBe('invitation.used');

    const seen = await detail(created.uuid);
    expect(seen.account).toMatchObject({
      email: 'eingeladen@mail.test',
      emailValidated: true,
      registrationFinished: true,
    });
    expect(seen.profile.values.contact_email).toBeUndefined();
    expect(seen.history.map((h) => h.action).slice(0, 2)).toEqual([
      'profile.invitation_accepted',
      'profile.invited',
    ]);
    const reinvite = await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, {
      language: 'de',
    });
    expect(reinvite.status).toBe(409);
    expect(await codeOf(reinvite)).toBe('invitation.has_account');

    const exported = v.parse(
      AccountExportSchema,
      await (await f.request('GET', '/api/user/export', pair.token)).json(),
    );
    expect(exported.agentEdits.map((a) => a.action)).toEqual([
      'profile.created',
      'profile.invited',
      'profile.invitation_accepted',
    ]);
    expect(exported.messages.some((m) => m.subject === 'Your Matchwerk profile is waiting for you')).toBe(
      true,
    );
    expect(JSON.stringify(exported)).not.toContain(token);
  });

  it('fails once expired, and a newer invitation replaces the older link', async () => {
    const created = await create(intake({ last_name: 'Abgelaufen' }));
    const noAddress = await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, {
      language: 'de',
    });
    expect(noAddress.status).toBe(400);
    expect(await codeOf(noAddress)).toBe('invitation.email_missing');
    const sent = await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.senior, {
      email: 'abgelaufen@mail.test',
      language: 'de',
    });
    expect(sent.status).toBe(200);
    const first = await linkTo('abgelaufen@mail.test');
    await f.db.db.execute(sql`update invitations set expires_at = now() - interval '1 minute'
                              where email = 'abgelaufen@mail.test'`);
    const expired = await accept(first);
    expect(expired.status).toBe(409);
    expect(await codeOf(expired)).toBe('invitation.expired');
    expect((await detail(created.uuid)).invitation?.state).toBe('expired');

    await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, { language: 'de' });
    const second = await linkTo('abgelaufen@mail.test');
    expect(second).not.toBe(first);
    expect(await codeOf(await accept(first))).toBe('invitation.not_found');
    expect((await accept(second)).status).toBe(201);
  });

  it('refuses an address that has an account, at the invitation and at its acceptance', async () => {
    const created = await create(intake({ last_name: 'Doppelt' }));
    const refused = await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, {
      email: AGENT_ROLES.luna.email,
      language: 'de',
    });
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('email.taken');

    await f.request('POST', `/api/agent/profile/${created.uuid}/invite`, f.tokens.agent, {
      email: 'doppelt@mail.test',
      language: 'de',
    });
    const token = await linkTo('doppelt@mail.test');
    // Meanwhile the person registered on their own with that address.
    const registered = await f.request('PUT', '/api/public/user/create', undefined, {
      email: 'doppelt@mail.test',
      password: PASSWORD,
      category: 'luna',
      language: 'de',
      accepted: ['terms-conditions', 'condition-agreements'],
    });
    expect(registered.status).toBe(201);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('email.taken');
    const [row] = await queryRows<{ user_id: string | null }>(
      f.db.db,
      sql`select user_id from profiles where id = ${created.uuid}`,
    );
    expect(row?.user_id).toBeNull();
  });
});

describe('an agent creates a company', () => {
  it('is in the companies table without an account, is edited with the version rule, invited and taken over', async () => {
    const res = await f.request('PUT', '/api/agent/company', f.tokens.agent, {
      values: {
        name: 'Solarwerk Nord GmbH',
        city: { id: COLOGNE?.id },
        contact_email: 'info@solarwerk.test',
      },
    });
    expect(res.status).toBe(201);
    const created = v.parse(ProfileResponseSchema, await res.json());
    expect(created).toMatchObject({ type: 'company', version: 0 });

    const list = v.parse(
      CompanyListResponseSchema,
      await (await f.request('GET', '/api/company/list?q=solarwerk', f.tokens.senior)).json(),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        uuid: created.uuid,
        name: 'Solarwerk Nord GmbH',
        email: 'info@solarwerk.test',
        openRequests: 0,
      }),
    ]);
    const byMail = v.parse(
      CompanyListResponseSchema,
      await (await f.request('GET', '/api/company/list?q=info%40solarwerk', f.tokens.agent)).json(),
    );
    expect(byMail.total).toBe(1);

    const edit = (version: number, industry: string) =>
      f.request('POST', `/api/agent/company/${created.uuid}`, f.tokens.agent, {
        values: {
          name: 'Solarwerk Nord GmbH',
          city: { id: COLOGNE?.id },
          industry,
          contact_email: 'info@solarwerk.test',
        },
        version,
      });
    expect((await edit(0, 'energy')).status).toBe(200);
    const stale = await edit(0, 'construction');
    expect(stale.status).toBe(409);
    expect(v.parse(ProfileConflictSchema, await stale.json()).current.values.industry).toBe('energy');

    const detailRes = await f.request('GET', `/api/agent/company/${created.uuid}`, f.tokens.agent);
    const company = v.parse(CompanyDetailSchema, await detailRes.json());
    expect(company).toMatchObject({ hasAccount: false, email: 'info@solarwerk.test', invitation: null });
    expect(company.profile).toMatchObject({ version: 1, values: { contact_email: 'info@solarwerk.test' } });

    const sent = await f.request('POST', `/api/agent/company/${created.uuid}/invite`, f.tokens.agent, {
      language: 'de',
    });
    expect(sent.status).toBe(200);
    const token = await linkTo('info@solarwerk.test');
    const info = v.parse(
      InvitationInfoSchema,
      await (await f.request('GET', `/api/public/invitation/${token}`)).json(),
    );
    expect(info).toMatchObject({ kind: 'company', name: 'Solarwerk Nord GmbH' });
    const taken = await accept(token);
    expect(taken.status).toBe(201);
    const pair = v.parse(TokenPairSchema, await taken.json());
    const own = v.parse(
      ProfileResponseSchema,
      await (await f.request('GET', '/api/company', pair.token)).json(),
    );
    expect(own).toMatchObject({
      uuid: created.uuid,
      values: { name: 'Solarwerk Nord GmbH', industry: 'energy' },
    });

    const actions = await queryRows<{ action: string; details: Record<string, unknown> }>(
      f.db.db,
      sql`select action, details from agent_actions where target_id = ${created.uuid} order by at`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'company.created',
      'company.edited',
      'company.invited',
      'company.invitation_accepted',
    ]);
    expect(actions[1]?.details).toEqual({ fields: ['industry'] });
  });
});
