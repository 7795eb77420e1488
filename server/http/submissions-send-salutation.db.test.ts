import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Contact, splitContactName } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import {
  type JobSubmissions,
  MAX_SEND_NOTE,
  type SendPreview,
  type SendResult,
} from '../../contract/submissions';
import { referenceNumber } from '../cards/candidate-card';
import { queryRows } from '../db/client';
import { IdRow, record, text, uuidOrNull } from '../db/rows';
import { anonymisePipelineHistory } from '../pipeline/anonymise';
import { agentJobBody, json } from './job-test-kit';
import { setUpSendFixture } from './submissions-test-kit';

/**
 * The mail to a client's contact (issue 42): the formal salutation from the contact's parts in its
 * language, the agent's personal line (capped, plain text, on the timeline), and one link per card to
 * the page where the company answers about it, built from the public origin.
 */

const { f, s, db, written, addContact, body, send, preview } = setUpSendFixture();
const ORIGIN = 'http://matchwerk.test';

const firstLine = async (contact: Contact) => {
  const res = await preview(body({ contact: contact.uuid }));
  expect(res.status).toBe(200);
  return (await json<SendPreview>(res)).text.split('\n')[0];
};

const person = (over: Record<string, unknown>) => ({
  salutation: 'none',
  title: '',
  firstName: 'Anna',
  lastName: 'Krüger',
  email: 'anna.krueger@rheinwerk.example',
  ...over,
});

describe('the contact’s name in parts', () => {
  it('stores salutation, title, first and last name, and the whole name as it reads', async () => {
    const saved = await addContact(s.client, person({ salutation: 'ms', title: 'Dr.', language: 'en' }));
    expect(saved).toMatchObject({
      name: 'Dr. Anna Krüger',
      salutation: 'ms',
      title: 'Dr.',
      firstName: 'Anna',
      lastName: 'Krüger',
    });
    const res = await f.call('POST', `/api/company/${s.client}/contacts/${saved.uuid}`, f.tokens.agent, {
      ...person({ salutation: 'mr', firstName: '', lastName: 'von der Heide' }),
      version: saved.version,
    });
    expect(await json<Contact>(res)).toMatchObject({
      name: 'von der Heide',
      salutation: 'mr',
      title: '',
      lastName: 'von der Heide',
    });
  });

  it('splits a name sent in one piece (before issue 42) like migration 0035 split the stored ones', async () => {
    const saved = await addContact(s.client, { name: 'Prof. Dr. Anna Maria Krüger', email: null });
    expect(saved).toMatchObject({
      name: 'Prof. Dr. Anna Maria Krüger',
      salutation: 'none',
      title: 'Prof. Dr.',
      firstName: 'Anna Maria',
      lastName: 'Krüger',
    });
  });

  it('migration 0035 splits names exactly as splitContactName does', async () => {
    const migration = readFileSync(
      new URL('../db/migrations/0035_contact_salutation.sql', import.meta.url),
      'utf8',
    );
    const update = migration.slice(migration.indexOf('UPDATE "company_contacts"'));
    const names = ['Jana Schmidt', 'Dr. Martin Huber', 'Prof. Dr. Anna Maria Krüger', 'Kim', '  Lea  Vogel '];
    const ids: string[] = [];
    for (const name of names) {
      const id = crypto.randomUUID();
      ids.push(id);
      await f.db.db.execute(
        sql`insert into company_contacts (id, company_id, name) values (${id}, ${s.otherClient}, ${name})`,
      );
    }
    await f.db.db.execute(
      sql.raw(`${update.replace(/;\s*$/, '')} where "id" in (${ids.map((id) => `'${id}'`).join(', ')})`),
    );
    const rows = await queryRows(
      db(),
      sql`select name, title, first_name, last_name from company_contacts
          where id = any(${`{${ids.join(',')}}`}::uuid[])`,
      v.object({ name: text, title: text, first_name: text, last_name: text }),
    );
    for (const row of rows)
      expect({ title: row.title, firstName: row.first_name, lastName: row.last_name }, row.name).toEqual(
        splitContactName(row.name),
      );
    expect(splitContactName('  Lea  Vogel ')).toEqual({ title: '', firstName: 'Lea', lastName: 'Vogel' });
    await f.db.db.execute(sql`delete from company_contacts where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  });
});

describe('the salutation', () => {
  it.each([
    ['de', { salutation: 'ms' }, 'Sehr geehrte Frau Krüger,'],
    ['de', { salutation: 'mr', firstName: 'Jonas' }, 'Sehr geehrter Herr Krüger,'],
    ['de', { salutation: 'ms', title: 'Dr.' }, 'Sehr geehrte Frau Dr. Krüger,'],
    ['de', { salutation: 'none' }, 'Guten Tag Anna Krüger,'],
    ['de', { salutation: 'none', title: 'Dr.' }, 'Guten Tag Dr. Anna Krüger,'],
    ['en', { salutation: 'ms' }, 'Dear Ms Krüger,'],
    ['en', { salutation: 'mr' }, 'Dear Mr Krüger,'],
    ['en', { salutation: 'mr', title: 'Dr.' }, 'Dear Dr Krüger,'],
    ['en', { salutation: 'none' }, 'Dear Anna Krüger,'],
  ])('%s %o: %s', async (language, over, expected) => {
    const contact = await addContact(s.client, person({ ...over, language }));
    expect(await firstLine(contact)).toBe(expected);
  });

  it('greets a contact stored before issue 42 (no parts) neutrally by its whole name', async () => {
    const id = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into company_contacts (id, company_id, name, email, language)
          values (${id}, ${s.client}, 'Jana Schmidt', 'jana.alt@rheinwerk.example', 'de')`,
    );
    expect(await firstLine({ uuid: id } as Contact)).toBe('Guten Tag Jana Schmidt,');
  });
});

describe('the personal line', () => {
  let contact: Contact;
  beforeAll(async () => {
    contact = await addContact(s.client, person({ salutation: 'ms', language: 'de' }));
  });

  it('follows the salutation in the mail and stays on the timelines of the job and the candidates', async () => {
    const note = 'wie am Telefon besprochen, hier die beiden Profile.\r\nIch melde mich am Freitag.';
    const res = await send(body({ contact: contact.uuid, note: `  ${note}  ` }));
    expect(res.status).toBe(201);
    const sent = await json<SendResult>(res);
    const stored = 'wie am Telefon besprochen, hier die beiden Profile.\nIch melde mich am Freitag.';
    expect(sent.text.split('\n').slice(0, 6)).toEqual([
      'Sehr geehrte Frau Krüger,',
      '',
      'wie am Telefon besprochen, hier die beiden Profile.',
      'Ich melde mich am Freitag.',
      '',
      'Für Ihre Stelle „Lagerfachkraft“ stellen wir Ihnen 2 Personen vor; ihre Profilkarten liegen dieser Mail bei:',
    ]);
    const [queued] = await queryRows(
      db(),
      sql`select text from outbox order by created_at desc, id desc limit 1`,
      v.object({ text }),
    );
    expect(queued!.text).toBe(sent.text);
    const events = await queryRows(
      db(),
      sql`select job_id, profile_id, details from timeline_entries
          where action = 'card.sent' and details ->> 'note' is not null`,
      v.object({ job_id: uuidOrNull, profile_id: uuidOrNull, details: v.unknown() }),
    );
    expect(events).toHaveLength(3);
    for (const e of events) expect(e.details).toMatchObject({ note: stored });
  });

  it('leaves the job’s timeline without the line once a candidate it went with is deleted', async () => {
    const jobEvent = async () =>
      (
        await queryRows(
          db(),
          sql`select details from timeline_entries where action = 'card.sent' and job_id = ${s.jobId}
                and profile_id is null and (details ? 'note' or details ? 'anonymised')`,
          v.object({ details: record }),
        )
      )[0]?.details;
    expect(await jobEvent()).toMatchObject({ profiles: [s.anna, s.ben] });
    await f.db.db.transaction(async (tx) => anonymisePipelineHistory(tx as never, sql`${s.ben}`));
    const details = await jobEvent();
    expect(details).toMatchObject({ anonymised: true, count: 2 });
    expect(details).not.toHaveProperty('note');
    expect(details).not.toHaveProperty('profiles');
  });

  it('leaves the mail as it was without one', async () => {
    const text = (await json<SendPreview>(await preview(body({ contact: contact.uuid, note: '   ' })))).text;
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Sehr geehrte Frau Krüger,',
      '',
      'für Ihre Stelle „Lagerfachkraft“ stellen wir Ihnen 2 Personen vor; ihre Profilkarten liegen dieser Mail bei:',
    ]);
  });

  it('takes MAX_SEND_NOTE characters', async () => {
    const res = await preview(body({ contact: contact.uuid, note: 'x'.repeat(MAX_SEND_NOTE) }));
    expect(res.status).toBe(200);
  });

  it.each([
    ['too long', 'x'.repeat(MAX_SEND_NOTE + 1), 'field.too_long'],
    ['a bidi override', 'Bis bald\u202e', 'field.control_characters'],
    ['a control character', 'Bis\u0007 bald', 'field.control_characters'],
    ['no text', 42, 'field.invalid_type'],
  ])('refuses %s with 400, sending nothing', async (_what, note, code) => {
    const before = await written();
    const res = await send(body({ contact: contact.uuid, candidates: [s.ben], note }));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields?.note).toContain(code);
    expect(await written()).toEqual(before);
  });
});

describe('the links', () => {
  it('link each card to its answer on the page of the right job, from the public origin', async () => {
    const other = (await f.createJob({ ...agentJobBody('Staplerfahrer'), client: s.client })).uuid;
    const res = await send(body({ contact: s.en.uuid }), f.tokens.agent, other);
    expect(res.status).toBe(201);
    const { text } = await json<SendResult>(res);
    const page = `${ORIGIN}/clientCandidates/${other}`;
    const lines = text.split('\n');
    for (const profile of [s.anna, s.ben]) {
      const reference = referenceNumber(profile);
      const at = lines.findIndex((l) => l.startsWith(`- ${reference}`));
      expect(lines[at + 1]).toBe(`  Your answer: ${page}?card=${reference}`);
    }
    expect(lines).toContain(page);
    expect(text).not.toContain(s.jobId);
    // Every link goes to the origin configured, never elsewhere.
    for (const url of text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${page}`)).toBe(true);
  });

  it('address cards the company’s page shows', async () => {
    const [company] = await queryRows(
      db(),
      sql`select c.id from companies c join users u on u.id = c.user_id where u.email = 'company@jobs.test'`,
      IdRow,
    );
    let own = company?.id;
    if (!own) {
      own = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into companies (id, user_id, "values")
            select ${own}, id, '{"name":"Rheinwerk Logistik GmbH"}'::jsonb from users where email = 'company@jobs.test'`,
      );
    }
    const contact = await addContact(own, person({ salutation: 'ms', language: 'de' }));
    const job = (await f.createJob({ ...agentJobBody('Kommissionierer'), client: own })).uuid;
    const res = await send(body({ contact: contact.uuid }), f.tokens.agent, job);
    expect(res.status).toBe(201);
    const links = [...(await json<SendResult>(res)).text.matchAll(/\?card=(\S+)/g)].map((m) => m[1]);
    const shown = await json<JobSubmissions>(
      await f.call('GET', `/api/client/job/${job}/submissions`, f.tokens.company),
    );
    expect(shown.items.map((i) => i.reference).sort()).toEqual([...links].sort());
  });
});
