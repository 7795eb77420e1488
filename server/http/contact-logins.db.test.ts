import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Contact, ContactListSchema, ContactSchema } from '../../contract/client';
import { InvitationInfoSchema } from '../../contract/people';
import { TokenPairSchema } from '../../contract/session';
import type { ClientJobs, JobSubmissions } from '../../contract/submissions';
import { hashPassword } from '../auth/password';
import { signAccessToken } from '../auth/tokens';
import { type Database, queryRows } from '../db/client';
import { CountRow, IdRow, int, record, text } from '../db/rows';
import { users } from '../db/schema/users';
import { insertUserIfAbsent } from '../users/users';
import { ACCEPT } from './agent-people-kit';
import {
  agentJobBody,
  codeOf,
  companyRecord,
  companyRequestBody,
  json,
  setUpJobFixture,
} from './job-test-kit';

/**
 * Contacts sign in (issue 42, docs/decisions/0031-contacts-sign-in.md): an agent or the company's main
 * login invites a contact with an e-mail; the contact sets a password through the one invitation flow
 * and then sees what the company sees, answers as itself, and may not do what only the main login may;
 * removing the contact ends its login at once.
 */

const f = setUpJobFixture({ profiles: 2 });
const db = () => f.db.db as unknown as Database;
let rheinwerk = '';
let mainsoft = '';
let jana: Contact;
let noMail: Contact;
let jobId = '';
let candidate = '';

const invite = (contact: string, token?: string, company = rheinwerk) =>
  f.call('POST', `/api/company/${company}/contacts/${contact}/invite`, token);
const contacts = async (company = rheinwerk) =>
  v.parse(
    ContactListSchema,
    await json(await f.call('GET', `/api/company/${company}/contacts`, f.tokens.agent)),
  ).items;
const loginOf = async (uuid: string) => (await contacts()).find((c) => c.uuid === uuid)?.login;
const mailTo = async (email: string) =>
  (
    await queryRows(
      db(),
      sql`select subject, text from outbox where recipient = ${email} order by created_at desc, id desc limit 1`,
      v.object({ subject: text, text }),
    )
  )[0];
const linkIn = (text: string | undefined) => text?.match(/\/user\/invitation\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
const addContact = async (body: Record<string, unknown>, company = rheinwerk) => {
  const res = await f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, {
    language: 'de',
    ...body,
  });
  expect(res.status).toBe(201);
  return v.parse(ContactSchema, await res.json());
};
/** Invites and accepts: the contact's token pair. */
async function signUp(contact: Contact) {
  expect((await invite(contact.uuid, f.tokens.agent)).status).toBe(200);
  const res = await f.call(
    'POST',
    `/api/public/invitation/${linkIn((await mailTo(contact.email!))?.text)}`,
    undefined,
    ACCEPT,
  );
  expect(res.status).toBe(201);
  return v.parse(TokenPairSchema, await res.json());
}

beforeAll(async () => {
  rheinwerk = await companyRecord(f, 'company@jobs.test', 'Rheinwerk Logistik GmbH');
  mainsoft = await companyRecord(f, 'other-company@jobs.test', 'Mainsoft AG');
  jana = await addContact({
    lastName: 'Schmidt',
    firstName: 'Jana',
    salutation: 'ms',
    email: 'jana@rheinwerk.example',
    language: 'en',
  });
  noMail = await addContact({ lastName: 'Ohnemail', email: null });
  jobId = (await f.createJob({ ...agentJobBody('Entwickler/in TypeScript'), client: rheinwerk })).uuid;
  candidate = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into profiles (id, type, status, "values") values (${candidate}, 'stella', 'active',
          '{"first_name":"Anna","last_name":"Müller","occupation":"software_developer"}'::jsonb)`,
  );
  const sent = await f.call('POST', `/api/job/${jobId}/send`, f.tokens.agent, {
    contact: jana.uuid,
    candidates: [candidate],
  });
  expect(sent.status).toBe(201);
});

describe('inviting a contact', () => {
  it('anonymous 401, a candidate 403, another company 404; an agent and the main login may', async () => {
    expect((await invite(jana.uuid)).status).toBe(401);
    expect((await invite(jana.uuid, f.tokens.candidate)).status).toBe(403);
    const other = await invite(jana.uuid, f.tokens.otherCompany);
    expect(other.status).toBe(404);
    expect(await codeOf(other)).toBe('company.not_found');
    expect(await loginOf(jana.uuid)).toBe('none');
    const byAgent = await invite(jana.uuid, f.tokens.agent);
    expect(byAgent.status).toBe(200);
    expect(v.parse(ContactSchema, await byAgent.json()).login).toBe('invited');
    const first = linkIn((await mailTo('jana@rheinwerk.example'))?.text);
    // "Resend" by the company's main login: a new link replaces the old one.
    expect((await invite(jana.uuid, f.tokens.company)).status).toBe(200);
    const second = linkIn((await mailTo('jana@rheinwerk.example'))?.text);
    expect(second).not.toBe(first);
    expect((await f.call('GET', `/api/public/invitation/${first}`)).status).toBe(404);
    expect(await loginOf(jana.uuid)).toBe('invited');
  });

  it("mails in the contact's language, and the link names the company", async () => {
    const mail = await mailTo('jana@rheinwerk.example');
    expect(mail?.subject).toBe('Your Matchwerk login');
    const info = await f.call('GET', `/api/public/invitation/${linkIn(mail?.text)}`);
    expect(v.parse(InvitationInfoSchema, await info.json())).toMatchObject({
      kind: 'contact',
      email: 'jana@rheinwerk.example',
      name: 'Rheinwerk Logistik GmbH',
      language: 'en',
    });
  });

  it('refuses a contact without e-mail, an address with an account, an unknown contact', async () => {
    const none = await invite(noMail.uuid, f.tokens.agent);
    expect(none.status).toBe(409);
    expect(await codeOf(none)).toBe('contact.no_email');
    const taken = await addContact({ lastName: 'Doppelt', email: 'Other-Company@jobs.test' });
    const res = await invite(taken.uuid, f.tokens.agent);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('contact.email_has_account');
    expect((await invite(crypto.randomUUID(), f.tokens.agent)).status).toBe(404);
  });
});

describe("a contact's login", () => {
  let pair: { token: string; refresh_token?: string | undefined };
  beforeAll(async () => {
    pair = await signUp(jana);
  });

  it('is a finished company account; the contact list shows it active, and inviting again is refused', async () => {
    const [user] = await queryRows(
      db(),
      sql`select user_type, registration_step from users where email = 'jana@rheinwerk.example'`,
      v.object({ user_type: text, registration_step: int }),
    );
    expect(user).toEqual({ user_type: 'company', registration_step: 0 });
    expect(await loginOf(jana.uuid)).toBe('active');
    const again = await invite(jana.uuid, f.tokens.agent);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('invitation.has_account');
  });

  it("sees the company's submissions, profile, contacts and requests — and no other company's", async () => {
    const jobs = await json<ClientJobs>(await f.call('GET', '/api/client/jobs', pair.token));
    expect(jobs.items.map((j) => j.uuid)).toEqual([jobId]);
    const sent = await f.call('GET', `/api/client/job/${jobId}/submissions`, pair.token);
    expect(sent.status).toBe(200);
    expect((await json<JobSubmissions>(sent)).items).toHaveLength(1);
    const profile = await f.call('GET', '/api/company', pair.token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({
      uuid: rheinwerk,
      values: { name: 'Rheinwerk Logistik GmbH' },
    });
    expect((await f.call('GET', `/api/company/${rheinwerk}/contacts`, pair.token)).status).toBe(200);
    expect((await f.call('GET', `/api/company/${mainsoft}/contacts`, pair.token)).status).toBe(404);
    const request = await f.createJob(companyRequestBody('Lagerhelfer Nachtschicht'), f.tokens.company);
    expect((await f.call('GET', `/api/job/${request.uuid}`, pair.token)).status).toBe(200);
    const list = await json<{ items: { uuid: string }[] }>(await f.call('GET', '/api/jobs/list', pair.token));
    expect(list.items.map((j) => j.uuid)).toContain(request.uuid);
    // No company record of its own was made by reading.
    const [own] = await queryRows(
      db(),
      sql`select count(*)::int as n from companies c join users u on u.id = c.user_id
          where u.email = 'jana@rheinwerk.example'`,
      CountRow,
    );
    expect(own?.n).toBe(0);
  });

  it('answers as the contact: the entry moves and the timelines say who answered', async () => {
    const sent = await json<JobSubmissions>(
      await f.call('GET', `/api/client/job/${jobId}/submissions`, pair.token),
    );
    const entry = sent.items[0]!.uuid;
    const res = await f.call('POST', `/api/client/submission/${entry}/answer`, pair.token, {
      answer: 'interested',
    });
    expect(res.status).toBe(200);
    const [event] = await queryRows(
      db(),
      sql`select details from timeline_entries where job_id = ${jobId} and action = 'stage.changed'
          and details ->> 'answer' = 'interested'`,
      v.object({ details: record }),
    );
    expect(event?.details).toMatchObject({ company: 'Rheinwerk Logistik GmbH', contact: 'Jana Schmidt' });
  });

  it('may not change the company profile nor invite contacts (403 company.main_login_only)', async () => {
    const before = await json<{ version: number }>(await f.call('GET', '/api/company', f.tokens.company));
    const edit = await f.call('PUT', '/api/company', pair.token, {
      values: { name: 'Übernommen' },
      version: before.version,
    });
    expect(edit.status).toBe(403);
    expect(await codeOf(edit)).toBe('company.main_login_only');
    const other = await addContact({ lastName: 'Neu', email: 'neu@rheinwerk.example' });
    const inviting = await invite(other.uuid, pair.token);
    expect(inviting.status).toBe(403);
    expect(await codeOf(inviting)).toBe('company.main_login_only');
    expect(await loginOf(other.uuid)).toBe('none');
  });
});

describe('removing the contact', () => {
  it('ends its login at once: the refresh token and the access token are refused', async () => {
    const kim = await addContact({ lastName: 'Kurz', firstName: 'Kim', email: 'kim@rheinwerk.example' });
    const pair = await signUp(kim);
    expect((await f.call('GET', '/api/client/jobs', pair.token)).status).toBe(200);
    expect(
      (await f.call('DELETE', `/api/company/${rheinwerk}/contacts/${kim.uuid}`, f.tokens.company)).status,
    ).toBe(204);
    expect((await f.call('GET', '/api/client/jobs', pair.token)).status).toBe(401);
    const refresh = await f.call('POST', '/api/login/refresh', undefined, {
      refresh_token: pair.refresh_token,
    });
    expect(refresh.status).toBe(401);
    const [user] = await queryRows(
      db(),
      sql`select count(*)::int as n from users where email = 'kim@rheinwerk.example'`,
      CountRow,
    );
    expect(user?.n).toBe(0);
    // The company's main login goes on.
    expect((await f.call('GET', '/api/client/jobs', f.tokens.company)).status).toBe(200);
  });
});

describe('erasing the company', () => {
  it("ends its contacts' logins with it", async () => {
    const [agent] = await queryRows(db(), sql`select id from users where email = 'agent@jobs.test'`, IdRow);
    const ferry = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values", assigned_agent_id)
          values (${ferry}, '{"name":"Mainfähre KG"}'::jsonb, ${agent!.id})`,
    );
    const pair = await (async () => {
      const lea = await addContact(
        { lastName: 'Fähr', firstName: 'Lea', email: 'lea@faehre.example' },
        ferry,
      );
      expect((await invite(lea.uuid, f.tokens.agent, ferry)).status).toBe(200);
      const link = linkIn((await mailTo('lea@faehre.example'))?.text);
      const res = await f.call('POST', `/api/public/invitation/${link}`, undefined, ACCEPT);
      expect(res.status).toBe(201);
      return v.parse(TokenPairSchema, await res.json());
    })();
    expect((await f.call('GET', '/api/client/jobs', pair.token)).status).toBe(200);
    const erased = await f.call('POST', `/api/agent/company/${ferry}/erase`, f.tokens.agent, {
      reason: 'duplicate',
      confirm: 'Mainfähre KG',
    });
    expect(erased.status).toBe(200);
    expect((await f.call('GET', '/api/client/jobs', pair.token)).status).toBe(401);
    const refresh = await f.call('POST', '/api/login/refresh', undefined, {
      refresh_token: pair.refresh_token,
    });
    expect(refresh.status).toBe(401);
  });
});

describe('deleting accounts', () => {
  it("a contact's own deletion ends only its login: the contact and the company stay", async () => {
    const ole = await addContact({ lastName: 'Selbst', firstName: 'Ole', email: 'ole@rheinwerk.example' });
    const pair = await signUp(ole);
    const res = await f.call('DELETE', '/api/user', pair.token, { password: ACCEPT.password });
    expect(res.status).toBe(204);
    expect(await loginOf(ole.uuid)).toBe('none');
    expect((await f.call('GET', '/api/company', f.tokens.company)).status).toBe(200);
  });

  it("the main login's deletion takes the company and its contacts' logins", async () => {
    await insertUserIfAbsent(f.db.db, {
      email: 'owner@werft.example',
      passwordHash: await hashPassword(ACCEPT.password),
      userType: 'company',
      language: 'de',
      registrationStep: 0,
    });
    const [row] = await f.db.db.select().from(users).where(eq(users.email, 'owner@werft.example'));
    const ownerToken = await signAccessToken(f.auth.tokens, row!, 'ok');
    const werft = await companyRecord(f, 'owner@werft.example', 'Werft Nord GmbH');
    const mia = await addContact({ lastName: 'Werft', firstName: 'Mia', email: 'mia@werft.example' }, werft);
    expect((await invite(mia.uuid, ownerToken, werft)).status).toBe(200);
    const link = linkIn((await mailTo('mia@werft.example'))?.text);
    const accepted = await f.call('POST', `/api/public/invitation/${link}`, undefined, ACCEPT);
    expect(accepted.status).toBe(201);
    const pair = v.parse(TokenPairSchema, await accepted.json());
    expect((await f.call('GET', '/api/client/jobs', pair.token)).status).toBe(200);
    const res = await f.call('DELETE', '/api/user', ownerToken, { password: ACCEPT.password });
    expect(res.status).toBe(204);
    const refresh = await f.call('POST', '/api/login/refresh', undefined, {
      refresh_token: pair.refresh_token,
    });
    expect(refresh.status).toBe(401);
    const [left] = await queryRows(
      db(),
      sql`select count(*)::int as n from users where email in ('mia@werft.example', 'owner@werft.example')`,
      CountRow,
    );
    expect(left?.n).toBe(0);
  });
});
