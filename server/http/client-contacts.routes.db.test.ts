import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import { setUpClientFixture } from './client-test-kit';
import { codeOf, json } from './job-test-kit';

/**
 * A client's contacts (PRODUCT.md §10, contract/client.ts): every call × every role, the one
 * default contact, and what a contact may hold. The client a job names is client.routes.db.test.ts.
 */

const { f, c, insertCompany, contact, contactsOf, add } = setUpClientFixture();

describe('contacts: who may call what', () => {
  type Role = 'anonymous' | 'candidate' | 'company' | 'otherCompany' | 'agent';
  const roles: Role[] = ['anonymous', 'candidate', 'company', 'otherCompany', 'agent'];
  const token = (role: Role) => (role === 'anonymous' ? undefined : f.tokens[role]);
  let existing: Contact;
  beforeAll(async () => {
    existing = await add(c.own);
  });

  // Per call on the company's own record: anonymous, candidate, the company, another company, an agent.
  const calls: [string, () => [string, string, unknown?], number[]][] = [
    ['GET contacts', () => ['GET', `/api/company/${c.own}/contacts`], [401, 403, 200, 404, 200]],
    ['PUT contacts', () => ['PUT', `/api/company/${c.own}/contacts`, contact()], [401, 403, 201, 404, 201]],
    [
      'POST contact',
      () => ['POST', `/api/company/${c.own}/contacts/${existing.uuid}`, { ...contact(), version: 0 }],
      [401, 403, 200, 404, 409],
    ],
    [
      'DELETE contact',
      () => ['DELETE', `/api/company/${c.own}/contacts/${crypto.randomUUID()}`],
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
    const res = await f.call('PUT', `/api/company/${c.others}/contacts`, f.tokens.company, contact());
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('company.not_found');
    expect(await contactsOf(c.others)).toEqual([]);
  });

  it('lets the company delete its own contact; an agent any', async () => {
    const mine = await add(c.own, contact({ name: 'Zum Löschen' }), f.tokens.company);
    expect(
      (await f.call('DELETE', `/api/company/${c.own}/contacts/${mine.uuid}`, f.tokens.company)).status,
    ).toBe(204);
    const agents = await add(c.own, contact({ name: 'Auch zum Löschen' }));
    expect(
      (await f.call('DELETE', `/api/company/${c.own}/contacts/${agents.uuid}`, f.tokens.agent)).status,
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
    [{ name: '' }, 'lastName', 'field.required'],
    [{ name: undefined, lastName: '  ' }, 'lastName', 'field.required'],
    [{ lastName: 'x'.repeat(101) }, 'lastName', 'field.too_long'],
    [{ title: 'Dr.\u202e' }, 'title', 'field.invalid_text'],
    [{ salutation: 'frau' }, 'salutation', 'contact.salutation_unknown'],
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
    const res = await f.call('DELETE', `/api/company/${c.own}/contacts/nope`, f.tokens.agent);
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('contact.not_found');
  });
});
