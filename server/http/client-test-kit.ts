import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Contact, ContactList } from '../../contract/client';
import { queryRows } from '../db/client';
import { IdRow } from '../db/rows';
import { json, setUpJobFixture } from './job-test-kit';

/**
 * The world of the client tests (client*.routes.db.test.ts): the company records of the two company
 * accounts (`c.own`, `c.others`) and a third company without requests (`c.third`), filled in before
 * the file's first test, and the agent's name, as the company sees who works on its request.
 */
export function setUpClientFixture() {
  const f = setUpJobFixture({ profiles: 20 });
  const c = { own: '', others: '', third: '' };

  const userId = async (email: string) =>
    (await queryRows(f.db.db, sql`select id from users where email = ${email}`, IdRow))[0]!.id;

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
    c.own = await insertCompany(await userId('company@jobs.test'), { name: 'Rheinwerk Logistik GmbH' });
    c.others = await insertCompany(await userId('other-company@jobs.test'), { name: 'Mainsoft AG' });
    c.third = await insertCompany(null, { name: 'Mainfähre Schifffahrt KG', city: { name: 'Würzburg' } });
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

  return { f, c, userId, insertCompany, contact, contactsOf, add };
}
