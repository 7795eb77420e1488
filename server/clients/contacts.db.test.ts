import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactValues } from '../../contract/client';
import type { Caller } from '../auth/caller';
import { companies } from '../db/schema/accounts';
import { companyContacts } from '../db/schema/clients';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { callerCompany } from './caller-company';
import { createContact, deleteContact, listContacts, updateContact } from './contacts';
import { searchClients } from './search';

// A company's contacts against a real, migrated database: who sees which, the one default, the
// version an edit names.

const db = setUpTestDb();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const caller = (userId: string, userType: string): Caller => ({
  userId,
  userType,
  language: 'de',
  registrationStep: 0,
});
const agent = caller(crypto.randomUUID(), 'agent');
const companyUser = caller(crypto.randomUUID(), 'company');
let company: string;
let other: string;

const values = (lastName: string, more: Partial<ContactValues> = {}): ContactValues => ({
  salutation: 'ms',
  title: '',
  firstName: 'Eva',
  lastName,
  role: 'HR',
  email: `${lastName.toLowerCase()}@rheinwerk.example`,
  phone: null,
  language: 'de',
  ...more,
});

beforeEach(async () => {
  await db.db.insert(users).values([
    { id: agent.userId, email: 'agent@example.com', passwordHash: 'x', userType: 'agent' },
    { id: companyUser.userId, email: 'firma@example.com', passwordHash: 'x', userType: 'company' },
  ]);
  company = crypto.randomUUID();
  other = crypto.randomUUID();
  await db.db.insert(companies).values([
    {
      id: company,
      userId: companyUser.userId,
      values: { name: 'Rheinwerk Bau GmbH', city: { name: 'Köln' } },
    },
    { id: other, values: { name: 'Nordhafen Logistik AG' } },
  ]);
});

describe("a company's contacts", () => {
  it('makes the first contact the default, whatever was sent, with its whole name and times as ISO text', async () => {
    const first = await createContact(db.db, agent, company, values('Kranz', { isDefault: false }));
    expect(first).toMatchObject({
      companyUuid: company,
      name: 'Eva Kranz',
      isDefault: true,
      login: 'none',
      version: 0,
    });
    expect(first.createdAt).toMatch(ISO);
    expect(first.updatedAt).toMatch(ISO);
  });

  it('moves the default to a contact made the default, and lists the default first', async () => {
    const first = await createContact(db.db, agent, company, values('Kranz'));
    const second = await createContact(db.db, agent, company, values('Lorenz', { isDefault: true }));
    const list = await listContacts(db.db, agent, company);
    expect(list.items.map((c) => [c.uuid, c.isDefault])).toEqual([
      [second.uuid, true],
      [first.uuid, false],
    ]);
    expect(list.canInvite).toBe(true);
  });

  it('refuses an edit from a version the contact has left, answering it as it is', async () => {
    const contact = await createContact(db.db, agent, company, values('Kranz'));
    const saved = await updateContact(db.db, agent, company, contact.uuid, {
      ...values('Kranz-Weber'),
      version: 0,
    });
    expect(saved).toMatchObject({ ok: true, contact: { name: 'Eva Kranz-Weber', version: 1 } });
    const stale = await updateContact(db.db, agent, company, contact.uuid, { ...values('Alt'), version: 0 });
    expect(stale).toMatchObject({ ok: false, current: { name: 'Eva Kranz-Weber', version: 1 } });
  });

  it('hands the default to the oldest contact left when the default goes', async () => {
    const first = await createContact(db.db, agent, company, values('Kranz'));
    const second = await createContact(db.db, agent, company, values('Lorenz'));
    await createContact(db.db, agent, company, values('Mahler'));
    await deleteContact(db.db, agent, company, first.uuid);
    const list = await listContacts(db.db, agent, company);
    expect(list.items[0]).toMatchObject({ uuid: second.uuid, isDefault: true });
    expect(list.items.filter((c) => c.isDefault)).toHaveLength(1);
  });

  it('does not find a contact of another client', async () => {
    const foreign = await createContact(db.db, agent, other, values('Nord'));
    await expect(
      updateContact(db.db, agent, company, foreign.uuid, { ...values('Nord'), version: 0 }),
    ).rejects.toMatchObject({ status: 404, code: 'contact.not_found' });
    await expect(deleteContact(db.db, agent, company, foreign.uuid)).rejects.toMatchObject({
      status: 404,
      code: 'contact.not_found',
    });
  });

  it("answers a company asking for another company's contacts as if it did not exist", async () => {
    await createContact(db.db, agent, other, values('Nord'));
    await expect(listContacts(db.db, companyUser, other)).rejects.toMatchObject({ status: 404 });
    const own = await createContact(db.db, companyUser, company, values('Kranz'));
    expect((await listContacts(db.db, companyUser, company)).items.map((c) => c.uuid)).toEqual([own.uuid]);
  });
});

describe('which company a caller is', () => {
  it('is the record of the main login, or the company of the contact whose login it is', async () => {
    expect(await callerCompany(db.db, companyUser)).toEqual({
      id: company,
      contactId: null,
      contactName: '',
    });
    const contactUser = caller(crypto.randomUUID(), 'company');
    await db.db
      .insert(users)
      .values({ id: contactUser.userId, email: 'kranz@example.com', passwordHash: 'x', userType: 'company' });
    const contact = await createContact(db.db, agent, company, values('Kranz'));
    await db.db.update(companyContacts).set({ userId: contactUser.userId });
    expect(await callerCompany(db.db, contactUser)).toEqual({
      id: company,
      contactId: contact.uuid,
      contactName: 'Eva Kranz',
    });
    expect(await callerCompany(db.db, agent)).toBeNull();
  });
});

describe("the agents' client search", () => {
  it('finds companies by every word of name or city, names beginning with the first word first', async () => {
    const found = await searchClients(db.db, agent, { q: 'rhein köln', limit: 10 });
    expect(found.items).toEqual([{ uuid: company, name: 'Rheinwerk Bau GmbH', city: 'Köln' }]);
    expect(
      (await searchClients(db.db, agent, { q: 'logistik', limit: 10 })).items.map((c) => c.uuid),
    ).toEqual([other]);
  });
});
