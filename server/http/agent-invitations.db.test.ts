import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../contract/account';
import { CompanyDetailSchema, CompanyListResponseSchema } from '../../contract/agent';
import { InvitationInfoSchema, InvitationSchema } from '../../contract/people';
import { ProfileConflictSchema, ProfileResponseSchema } from '../../contract/profile';
import { TokenPairSchema } from '../../contract/session';
import { queryRows } from '../db/client';
import { int, record, text, uuidOrNull } from '../db/rows';
import { ACCEPT, codeOf, intake, PASSWORD, peopleCalls } from './agent-people-kit';
import { AGENT_ROLES, type AgentFixture, COLOGNE, createAgentFixture } from './agent-test-kit';

// Agents invite the people they created, and create companies (issue 20, contract/people.ts).

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());
const { create, detail, linkTo, accept } = peopleCalls(() => f);

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
    const [mail] = await queryRows(
      f.db.db,
      sql`select subject, text from outbox where recipient = 'eingeladen@mail.test'`,
      v.object({ subject: text, text }),
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
    const [user] = await queryRows(
      f.db.db,
      sql`select registration_step, user_type, language from users where email = 'eingeladen@mail.test'`,
      v.object({ registration_step: int, user_type: text, language: text }),
    );
    expect(user).toEqual({ registration_step: 0, user_type: 'stella', language: 'de' });
    const consents = await queryRows(
      f.db.db,
      sql`select l.text from legal_acceptances l join users u on u.id = l.user_id
          where u.email = 'eingeladen@mail.test' order by l.text`,
      v.object({ text }),
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
    const [row] = await queryRows(
      f.db.db,
      sql`select user_id from profiles where id = ${created.uuid}`,
      v.object({ user_id: uuidOrNull }),
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

    const actions = await queryRows(
      f.db.db,
      sql`select action, details from agent_actions where target_id = ${created.uuid} order by at`,
      v.object({ action: text, details: record }),
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
