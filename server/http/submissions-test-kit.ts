import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { beforeAll, expect } from 'vitest';
import type { Contact } from '../../contract/client';
import { loadConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { CountRow, text, uuid } from '../db/rows';
import { agentJobBody, json, setUpJobFixture } from './job-test-kit';

/** The candidates' availability: 1 March of next year, a date still to come (a day gone by reads "immediately"). */
export const AVAILABLE_YEAR = new Date().getUTCFullYear() + 1;
const AVAILABLE_FROM = `${AVAILABLE_YEAR}-03-01`;

const candidateValues = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  birth_date: '1990-05-17',
  city: { id: 2886242, name: 'Köln' },
  occupation: 'warehouse_worker',
  skills: ['forklift_licence', 'order_picking'],
  languages: [
    { language: 'de', level: 'C1' },
    { language: 'tr', level: 'native' },
  ],
  education_level: 'apprenticeship',
  experience_years: 7,
  employment_types: ['full_time'],
  available_from: AVAILABLE_FROM,
});

/**
 * The world of the send tests (send*.db.test.ts): a job whose client has a German and an English
 * contact, a second company's contact, a job without a client, and two candidates. `s` is filled in
 * before the file's first test; the calls and counters read it then.
 */
export function setUpSendFixture() {
  const f = setUpJobFixture({ profiles: 3 });
  const s = {
    client: '',
    otherClient: '',
    jobId: '',
    jobWithoutClient: '',
    de: {} as Contact,
    en: {} as Contact,
    foreignContact: {} as Contact,
    /** Anna Müller (account stella@jobs.test with e-mail and phone), Ben Okafor (no account). */
    anna: '',
    ben: '',
  };
  const agency = loadConfig({}).agency;

  const db = () => f.db.db as unknown as Database;
  const count = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query, CountRow))[0]!.n;
  const written = async () => ({
    outbox: await count(sql`select count(*) as n from outbox`),
    attachments: await count(sql`select count(*) as n from outbox_attachments`),
    timeline: await count(sql`select count(*) as n from timeline_entries where action = 'card.sent'`),
    access: await count(sql`select count(*) as n from agent_access_log where job_id is not null`),
  });

  async function insertCompany(name: string) {
    const id = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into users (id, email, password_hash, user_type, registration_step)
          values (${id}, ${`${id}@send.test`}, 'x', 'company', 0)`,
    );
    await f.db.db.execute(
      sql`insert into companies (id, user_id, "values") values (${id}, ${id}, ${JSON.stringify({ name })}::jsonb)`,
    );
    return id;
  }

  const addContact = async (company: string, body: Record<string, unknown>) => {
    const res = await f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, body);
    expect(res.status).toBe(201);
    return json<Contact>(res);
  };

  beforeAll(async () => {
    s.client = await insertCompany('Rheinwerk Logistik GmbH');
    s.otherClient = await insertCompany('Mainsoft AG');
    s.de = await addContact(s.client, {
      name: 'Jana Schmidt',
      role: 'HR',
      email: 'jana@rheinwerk.example',
      language: 'de',
    });
    s.en = await addContact(s.client, {
      name: 'Sam Taylor',
      role: 'HR',
      email: 'sam@rheinwerk.example',
      language: 'en',
    });
    s.foreignContact = await addContact(s.otherClient, {
      name: 'Max Roth',
      email: 'max@mainsoft.example',
      language: 'de',
    });
    s.jobId = (await f.createJob({ ...agentJobBody('Lagerfachkraft'), client: s.client })).uuid;
    s.jobWithoutClient = (await f.createJob(agentJobBody('Interne Suche'))).uuid;
    // Anna: the candidate account of the fixture, her profile made by asking for her consent.
    expect((await f.call('GET', '/api/profile/presentation-consent', f.tokens.candidate)).status).toBe(200);
    const [own] = await queryRows(
      db(),
      sql`select p.id, p.user_id from profiles p join users u on u.id = p.user_id where u.email = 'stella@jobs.test'`,
      v.object({ id: uuid, user_id: uuid }),
    );
    s.anna = own!.id;
    await f.db.db.execute(
      sql`update profiles set "values" = ${JSON.stringify({ ...candidateValues('Anna', 'Müller'), phone: '+4915199887766', contact_time: 'morning' })}::jsonb where id = ${s.anna}`,
    );
    // Her 2FA number is private (PRODUCT.md §11): no card prints it.
    await f.db.db.execute(sql`update users set phone_number = '+4917000000002' where id = ${own!.user_id}`);
    s.ben = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into profiles (id, type, status, "values", contact_email)
          values (${s.ben}, 'stella', 'active', ${JSON.stringify(candidateValues('Ben', 'Okafor'))}::jsonb, 'ben.okafor@mail.example')`,
    );
  });

  const body = (over: Record<string, unknown> = {}) => ({
    contact: s.de.uuid,
    candidates: [s.anna, s.ben],
    ...over,
  });
  const send = (payload: unknown, token = f.tokens.agent, job = s.jobId) =>
    f.call('POST', `/api/job/${job}/send`, token, payload);
  const preview = (payload: unknown, token = f.tokens.agent, job = s.jobId) =>
    f.call('POST', `/api/job/${job}/send/preview`, token, payload);

  async function attachmentsOfNewestMail() {
    const rows = await queryRows(
      db(),
      sql`select a.file_name, a.content_type, a.content from outbox_attachments a
          where a.outbox_id = (select id from outbox order by created_at desc, id desc limit 1)
          order by a.position`,
      v.object({ file_name: text, content_type: text, content: v.instance(Uint8Array) }),
    );
    return Promise.all(
      rows.map(async (r) => {
        const pdf = await getDocumentProxy(new Uint8Array(r.content));
        return {
          fileName: r.file_name,
          contentType: r.content_type,
          text: (await extractText(pdf, { mergePages: true })).text,
        };
      }),
    );
  }

  const setConsent = (consented: boolean, token = f.tokens.candidate) =>
    f.call('PUT', '/api/profile/presentation-consent', token, { consented });

  return {
    f,
    s,
    agency,
    db,
    count,
    written,
    addContact,
    body,
    send,
    preview,
    attachmentsOfNewestMail,
    setConsent,
  };
}
