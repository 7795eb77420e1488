import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientSearchResponse, Contact, ContactList } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import type { Job, JobListResponse } from '../../contract/job';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { users } from '../db/schema/users';
import { agentJobBody, codeOf, companyRequestBody, json, setUpJobFixture } from './job-test-kit';

/**
 * Clients and contacts (PRODUCT.md §10, contract/client.ts): every call × every role, the one
 * default contact, the client a job names, "take it", and the backfill of migration 0022.
 */

const f = setUpJobFixture({ profiles: 20 });
/** The company records of the two company accounts, and a third company without requests. */
let own = '';
let others = '';
let third = '';

const userId = async (email: string) =>
  (await queryRows<{ id: string }>(f.db.db, sql`select id from users where email = ${email}`))[0]!.id;

async function insertCompany(user: string | null, values: Record<string, unknown>) {
  const id = crypto.randomUUID();
  if (user === null) {
    // A company without an account of its own: a third company account holds it here.
    await f.db.db.execute(
      sql`insert into users (id, email, password_hash, user_type, registration_step)
          values (${id}, ${`${id}@clients.test`}, 'x', 'company', 0)`,
    );
  }
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${id}, ${user ?? id}, ${JSON.stringify(values)}::jsonb)`,
  );
  return id;
}

beforeAll(async () => {
  own = await insertCompany(await userId('company@jobs.test'), { name: 'Rheinwerk Logistik GmbH' });
  others = await insertCompany(await userId('other-company@jobs.test'), { name: 'Mainsoft AG' });
  third = await insertCompany(null, { name: 'Mainfähre Schifffahrt KG', city: { name: 'Würzburg' } });
  // The agent's name, as the company sees who works on its request.
  await f.db.db.execute(
    sql`insert into account_profiles (id, user_id, "values")
        values (${crypto.randomUUID()}, ${await userId('agent@jobs.test')}, '{"first_name":"Alex","last_name":"Berger"}'::jsonb)`,
  );
});

const contact = (over: Record<string, unknown> = {}) => ({
  name: 'Jana Schmidt',
  role: 'Personalleitung',
  email: 'jana@rheinwerk.example',
  phone: '+49 30 555 0101',
  language: 'de',
  ...over,
});
const contactsOf = async (company: string) =>
  (await json<ContactList>(await f.call('GET', `/api/company/${company}/contacts`, f.tokens.agent))).items;
const add = async (company: string, body: Record<string, unknown> = contact(), token = f.tokens.agent) => {
  const res = await f.call('PUT', `/api/company/${company}/contacts`, token, body);
  expect(res.status).toBe(201);
  return json<Contact>(res);
};

describe('contacts: who may call what', () => {
  type Role = 'anonymous' | 'candidate' | 'company' | 'otherCompany' | 'agent';
  const roles: Role[] = ['anonymous', 'candidate', 'company', 'otherCompany', 'agent'];
  const token = (role: Role) => (role === 'anonymous' ? undefined : f.tokens[role]);
  let existing: Contact;
  beforeAll(async () => {
    existing = await add(own);
  });

  // Per call on the company's own record: anonymous, candidate, the company, another company, an agent.
  const calls: [string, () => [string, string, unknown?], number[]][] = [
    ['GET contacts', () => ['GET', `/api/company/${own}/contacts`], [401, 403, 200, 404, 200]],
    ['PUT contacts', () => ['PUT', `/api/company/${own}/contacts`, contact()], [401, 403, 201, 404, 201]],
    [
      'POST contact',
      () => ['POST', `/api/company/${own}/contacts/${existing.uuid}`, { ...contact(), version: 0 }],
      [401, 403, 200, 404, 409],
    ],
    [
      'DELETE contact',
      () => ['DELETE', `/api/company/${own}/contacts/${crypto.randomUUID()}`],
      [401, 403, 404, 404, 404],
    ],
    ['GET client search', () => ['GET', '/api/clients/search?q=main'], [401, 403, 403, 403, 200]],
  ];
  it.each(calls)('%s', async (_name, request, statuses) => {
    const [method, path, body] = request();
    const got: number[] = [];
    for (const role of roles) got.push((await f.call(method, path, token(role), body)).status);
    expect(got).toEqual(statuses);
  });

  it("answers another company's record like one that does not exist, and writes nothing there", async () => {
    const res = await f.call('PUT', `/api/company/${others}/contacts`, f.tokens.company, contact());
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('company.not_found');
    expect(await contactsOf(others)).toEqual([]);
  });

  it('lets the company delete its own contact; an agent any', async () => {
    const mine = await add(own, contact({ name: 'Zum Löschen' }), f.tokens.company);
    expect(
      (await f.call('DELETE', `/api/company/${own}/contacts/${mine.uuid}`, f.tokens.company)).status,
    ).toBe(204);
    const agents = await add(own, contact({ name: 'Auch zum Löschen' }));
    expect(
      (await f.call('DELETE', `/api/company/${own}/contacts/${agents.uuid}`, f.tokens.agent)).status,
    ).toBe(204);
  });
});

describe('a company has exactly one default contact whenever it has any', () => {
  let company = '';
  beforeEach(async () => {
    company = await insertCompany(null, { name: `Firma ${crypto.randomUUID().slice(0, 6)}` });
  });
  const defaults = async () => (await contactsOf(company)).filter((c) => c.isDefault).map((c) => c.name);

  it('makes the first contact the default, even when sent as not', async () => {
    const first = await add(company, contact({ name: 'Erste', isDefault: false }));
    expect(first.isDefault).toBe(true);
    const second = await add(company, contact({ name: 'Zweite' }));
    expect(second.isDefault).toBe(false);
    expect(await defaults()).toEqual(['Erste']);
  });

  it('moves the default to a contact made the default, on create and on update', async () => {
    await add(company, contact({ name: 'Erste' }));
    await add(company, contact({ name: 'Zweite', isDefault: true }));
    expect(await defaults()).toEqual(['Zweite']);
    const third = await add(company, contact({ name: 'Dritte' }));
    const res = await f.call('POST', `/api/company/${company}/contacts/${third.uuid}`, f.tokens.agent, {
      ...contact({ name: 'Dritte' }),
      isDefault: true,
      version: third.version,
    });
    expect(res.status).toBe(200);
    expect(await json<Contact>(res)).toMatchObject({ isDefault: true, version: third.version + 1 });
    expect(await defaults()).toEqual(['Dritte']);
    // The list reads the default first, then in the order the contacts were added.
    expect((await contactsOf(company)).map((c) => c.name)).toEqual(['Dritte', 'Erste', 'Zweite']);
  });

  it('refuses to leave the company without a default (400 contact.default_required), changing nothing', async () => {
    const first = await add(company, contact({ name: 'Erste' }));
    const res = await f.call('POST', `/api/company/${company}/contacts/${first.uuid}`, f.tokens.agent, {
      ...contact({ name: 'Umbenannt' }),
      isDefault: false,
      version: first.version,
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toEqual({ isDefault: ['contact.default_required'] });
    expect(await contactsOf(company)).toEqual([first]);
  });

  it('hands the default to the oldest contact left when the default goes; none when the last goes', async () => {
    const first = await add(company, contact({ name: 'Erste' }));
    const second = await add(company, contact({ name: 'Zweite' }));
    await add(company, contact({ name: 'Dritte' }));
    expect(
      (await f.call('DELETE', `/api/company/${company}/contacts/${first.uuid}`, f.tokens.agent)).status,
    ).toBe(204);
    expect(await defaults()).toEqual(['Zweite']);
    for (const c of await contactsOf(company))
      await f.call('DELETE', `/api/company/${company}/contacts/${c.uuid}`, f.tokens.agent);
    expect(await contactsOf(company)).toEqual([]);
    expect(second.isDefault).toBe(false);
  });

  it('keeps one default when two contacts are made the default at once', async () => {
    await add(company, contact({ name: 'Erste' }));
    const results = await Promise.all(
      ['Zweite', 'Dritte'].map((name) =>
        f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, contact({ name, isDefault: true })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await defaults()).toHaveLength(1);
  });
});

describe('contact input', () => {
  it.each([
    [{ name: '' }, 'name', 'field.required'],
    [{ name: 'Jana\u202eSchmidt' }, 'name', 'field.invalid_text'],
    [{ name: 'x'.repeat(201) }, 'name', 'field.too_long'],
    [{ email: 'not-an-address' }, 'email', 'email.invalid'],
    [{ phone: 'call me' }, 'phone', 'phone.invalid'],
    [{ language: 'fr' }, 'language', 'language.unsupported'],
    [{ boss: true }, 'boss', 'field.unknown'],
  ])('refuses %o with a field code and writes nothing', async (over, field, code) => {
    const company = await insertCompany(null, { name: 'Prüffirma' });
    const res = await f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, contact(over));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields?.[field]).toContain(code);
    expect(await contactsOf(company)).toEqual([]);
  });

  it('stores an empty role, no e-mail and no phone; trims the name', async () => {
    const company = await insertCompany(null, { name: 'Knappe Firma' });
    const saved = await add(company, { name: '  Kim  ', email: null, phone: null });
    expect(saved).toMatchObject({ name: 'Kim', role: '', email: null, phone: null, language: 'de' });
  });

  it('answers a stale version with 409 and the contact as it is now', async () => {
    const company = await insertCompany(null, { name: 'Versionsfirma' });
    const first = await add(company);
    const body = { ...contact({ role: 'Geschäftsführung' }), version: first.version };
    expect(
      (await f.call('POST', `/api/company/${company}/contacts/${first.uuid}`, f.tokens.agent, body)).status,
    ).toBe(200);
    const stale = await f.call(
      'POST',
      `/api/company/${company}/contacts/${first.uuid}`,
      f.tokens.company,
      body,
    );
    // The company is not this one's: 404 before any version is compared.
    expect(stale.status).toBe(404);
    const conflict = await f.call(
      'POST',
      `/api/company/${company}/contacts/${first.uuid}`,
      f.tokens.agent,
      body,
    );
    expect(conflict.status).toBe(409);
    const answer = await json<ErrorBody & { current: Contact }>(conflict);
    expect(answer.code).toBe('contact.version_conflict');
    expect(answer.current).toMatchObject({ role: 'Geschäftsführung', version: 1 });
  });

  it('answers a malformed company or contact id with 404, never 500', async () => {
    expect(await codeOf(await f.call('GET', '/api/company/nope/contacts', f.tokens.agent))).toBe(
      'company.not_found',
    );
    const res = await f.call('DELETE', `/api/company/${own}/contacts/nope`, f.tokens.agent);
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('contact.not_found');
  });
});

describe('a job names its client', () => {
  it('finds companies as the agent types: folded, every word, names beginning with it first', async () => {
    const found = await json<ClientSearchResponse>(
      await f.call('GET', '/api/clients/search?q=MAIN', f.tokens.agent),
    );
    expect(found.items.map((c) => c.name)).toEqual(['Mainfähre Schifffahrt KG', 'Mainsoft AG']);
    const two = await json<ClientSearchResponse>(
      await f.call('GET', '/api/clients/search?q=mainfahre%20wurz', f.tokens.agent),
    );
    expect(two.items).toEqual([{ uuid: third, name: 'Mainfähre Schifffahrt KG', city: 'Würzburg' }]);
    const bad = await f.call('GET', '/api/clients/search?limit=0', f.tokens.agent);
    expect(bad.status).toBe(400);
  });

  it('stores the chosen company, answers its name, lists the job under it, and drops it for none', async () => {
    const job = await f.createJob({ ...agentJobBody('Für Mainsoft'), client: others });
    expect(job.client).toEqual({ uuid: others, name: 'Mainsoft AG' });
    const list = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?q=mainsoft', f.tokens.agent),
    );
    expect(list.items.map((j) => j.uuid)).toEqual([job.uuid]);
    const res = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, {
      ...agentJobBody('Für Mainsoft'),
      client: null,
      version: job.version,
    });
    expect(await json<Job>(res)).toMatchObject({ client: null, version: job.version + 1 });
  });

  it('refuses a client that is no company (400 client.not_found) and a malformed one, creating nothing', async () => {
    const before = await queryRows<{ n: string | number }>(f.db.db, sql`select count(*) as n from jobs`);
    const unknown = await f.call('PUT', '/api/job', f.tokens.agent, {
      ...agentJobBody(),
      client: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(400);
    expect((await json<ErrorBody>(unknown)).fields).toEqual({ client: ['client.not_found'] });
    const malformed = await f.call('PUT', '/api/job', f.tokens.agent, {
      ...agentJobBody(),
      client: 'Mainsoft',
    });
    expect(malformed.status).toBe(400);
    expect((await json<ErrorBody>(malformed)).fields?.client).toEqual(['uuid.invalid']);
    expect(await queryRows(f.db.db, sql`select count(*) as n from jobs`)).toEqual(before);
  });

  it("makes a company's request the company's own: it cannot name another, and an agent's edit keeps it", async () => {
    const named = await f.call('PUT', '/api/job', f.tokens.company, {
      ...companyRequestBody(),
      client: others,
    });
    expect(named.status).toBe(400);
    expect((await json<ErrorBody>(named)).fields).toEqual({ client: ['client.agent_only'] });
    const request = await f.createJob(companyRequestBody('Eigene Anfrage'), f.tokens.company);
    expect(request.client).toEqual({ uuid: own, name: 'Rheinwerk Logistik GmbH' });
    const edited = await f.call('POST', `/api/job/${request.uuid}`, f.tokens.agent, {
      ...agentJobBody('Eigene Anfrage'),
      client: others,
      version: request.version,
    });
    expect((await json<Job>(edited)).client).toEqual({ uuid: own, name: 'Rheinwerk Logistik GmbH' });
  });
});

describe("a company's request says who works on it", () => {
  it('waits for an agent until one takes it, then names the agent; another agent cannot take it over', async () => {
    const request = await f.createJob(companyRequestBody('Wer arbeitet daran?'), f.tokens.company);
    const seen = async () => json<Job>(await f.call('GET', `/api/job/${request.uuid}`, f.tokens.company));
    expect((await seen()).assignedAgent).toBeNull();
    const taken = await f.call('POST', `/api/job/${request.uuid}/take`, f.tokens.agent);
    expect(taken.status).toBe(200);
    const agentId = await userId('agent@jobs.test');
    expect((await json<Job>(taken)).assignedAgent).toEqual({ uuid: agentId, name: 'Alex Berger' });
    expect((await seen()).assignedAgent).toEqual({ uuid: agentId, name: 'Alex Berger' });
    const listed = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.company));
    expect(listed.items.find((j) => j.uuid === request.uuid)?.assignedAgent?.name).toBe('Alex Berger');
    // Taking it again changes nothing; a second agent gets 409.
    expect((await f.call('POST', `/api/job/${request.uuid}/take`, f.tokens.agent)).status).toBe(200);
    const secondId = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into users (id, email, password_hash, user_type, registration_step)
          values (${secondId}, 'second-agent@jobs.test', 'x', 'agent', 0)`,
    );
    const [second] = await f.db.db.select().from(users).where(eq(users.id, secondId));
    const token = await signAccessToken(f.auth.tokens, second!, 'ok');
    const refused = await f.call('POST', `/api/job/${request.uuid}/take`, token);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('job.taken');
    expect((await seen()).assignedAgent?.name).toBe('Alex Berger');
    expect((await f.call('POST', `/api/job/${crypto.randomUUID()}/take`, token)).status).toBe(404);
  });

  it('never shows a company the target groups of its request', async () => {
    const request = await f.createJob(companyRequestBody('Ohne Zielgruppen'), f.tokens.company);
    const edited = await f.call('POST', `/api/job/${request.uuid}`, f.tokens.agent, {
      ...agentJobBody('Ohne Zielgruppen'),
      version: request.version,
    });
    expect((await json<Job>(edited)).values.target_types).toEqual(['stella', 'nova']);
    const seen = await json<Job>(await f.call('GET', `/api/job/${request.uuid}`, f.tokens.company));
    expect(seen.values).not.toHaveProperty('target_types');
    expect(JSON.stringify(seen)).not.toMatch(/stella|nova|luna/);
  });

  it("makes an agent's own new job the agent's", async () => {
    const job = await f.createJob(agentJobBody('Meins'));
    expect(job.assignedAgent).toEqual({ uuid: await userId('agent@jobs.test'), name: 'Alex Berger' });
  });
});

describe('when a company goes', () => {
  it('deletes its contacts and leaves its requests and the jobs it was client of without a client', async () => {
    const user = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into users (id, email, password_hash, user_type, registration_step)
          values (${user}, 'leaving@clients.test', 'x', 'company', 0)`,
    );
    const company = await insertCompany(user, { name: 'Geht bald' });
    await add(company);
    const [leaving] = await f.db.db.select().from(users).where(eq(users.id, user));
    const request = await f.createJob(
      companyRequestBody('Letzte Anfrage'),
      await signAccessToken(f.auth.tokens, leaving!, 'ok'),
    );
    const job = await f.createJob({ ...agentJobBody('Für Geht bald'), client: company });
    await f.db.db.execute(sql`delete from users where id = ${user}`);
    for (const id of [request.uuid, job.uuid])
      expect((await json<Job>(await f.call('GET', `/api/job/${id}`, f.tokens.agent))).client).toBeNull();
    const left = await queryRows(f.db.db, sql`select id from company_contacts where company_id = ${company}`);
    expect(left).toEqual([]);
  });
});

describe('migration 0022', () => {
  /** The backfill statements of the migration, as committed: run again over rows written the old way. */
  const backfill = readFileSync(`${migrationsFolder}/0022_client_contacts.sql`, 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/i.test(s));

  it('gives every job the client its free text named (one company of that name), keeps the text otherwise', async () => {
    expect(backfill.length).toBe(5);
    const agent = await userId('agent@jobs.test');
    const company = await userId('company@jobs.test');
    const old = async (origin: string, values: Record<string, unknown>) => {
      const id = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into jobs (id, origin, company_user_id, created_by, "values")
            values (${id}, ${origin}, ${origin === 'company' ? company : null}, ${origin === 'company' ? company : agent},
                    ${JSON.stringify(values)}::jsonb)`,
      );
      return id;
    };
    const matched = await old('agent', { title: 'A', company: '  mainsoft ag ' });
    const unmatched = await old('agent', { title: 'B', company: 'Hafenlager Nord' });
    const blank = await old('agent', { title: 'C', company: '' });
    const request = await old('company', { title: 'D', company: 'Irgendwas' });
    for (const statement of backfill) await f.db.db.execute(sql.raw(statement));
    const rows = await queryRows<{
      id: string;
      client_company_id: string | null;
      client_text: string | null;
      assigned_agent_id: string | null;
      values: Record<string, unknown>;
    }>(
      f.db.db,
      sql`select id, client_company_id, client_text, assigned_agent_id, "values" from jobs
          where id in (${matched}, ${unmatched}, ${blank}, ${request})`,
    );
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(matched)).toMatchObject({
      client_company_id: others,
      client_text: null,
      assigned_agent_id: agent,
    });
    expect(by.get(unmatched)).toMatchObject({ client_company_id: null, client_text: 'Hafenlager Nord' });
    expect(by.get(blank)).toMatchObject({ client_company_id: null, client_text: null });
    expect(by.get(request)).toMatchObject({
      client_company_id: own,
      client_text: null,
      assigned_agent_id: null,
    });
    for (const row of rows) expect(row.values).not.toHaveProperty('company');
  });
});
