import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import type { Contact } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import type { PresentationConsent } from '../../contract/profile';
import type { SendPreview, SendResult } from '../../contract/sending';
import { referenceNumber } from '../cards/candidate-card';
import { type AfterSent, sendToClient } from '../cards/send';
import { readCatalog } from '../catalog/catalog';
import { loadConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { createLogger } from '../log';
import { deliverDue, type QueuedMessage } from '../messaging/outbox';
import { agentJobBody, json, setUpJobFixture } from './job-test-kit';

/**
 * Sending candidates' cards to a job's client (issue 21, contract/sending.ts): every role, one mail
 * per send with one PDF per candidate in the contact's language, the anonymised card clean of
 * personal data, the consent rule, and nothing written when a send is refused.
 */

const f = setUpJobFixture({ profiles: 3 });
let client = '';
let otherClient = '';
let jobId = '';
let jobWithoutClient = '';
let de: Contact;
let en: Contact;
let foreignContact: Contact;
/** Anna Müller (account stella@jobs.test with e-mail and phone), Ben Okafor (no account). */
let anna = '';
let ben = '';
const agency = loadConfig({}).agency;

const db = () => f.db.db as unknown as Database;
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db(), query))[0]!.n);
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
  available_from: '2026-03-01',
});

beforeAll(async () => {
  client = await insertCompany('Rheinwerk Logistik GmbH');
  otherClient = await insertCompany('Mainsoft AG');
  de = await addContact(client, {
    name: 'Jana Schmidt',
    role: 'HR',
    email: 'jana@rheinwerk.example',
    language: 'de',
  });
  en = await addContact(client, {
    name: 'Sam Taylor',
    role: 'HR',
    email: 'sam@rheinwerk.example',
    language: 'en',
  });
  foreignContact = await addContact(otherClient, {
    name: 'Max Roth',
    email: 'max@mainsoft.example',
    language: 'de',
  });
  jobId = (await f.createJob({ ...agentJobBody('Lagerfachkraft'), client })).uuid;
  jobWithoutClient = (await f.createJob(agentJobBody('Interne Suche'))).uuid;
  // Anna: the candidate account of the fixture, her profile made by asking for her consent.
  expect((await f.call('GET', '/api/profile/presentation-consent', f.tokens.candidate)).status).toBe(200);
  const [own] = await queryRows<{ id: string; user_id: string }>(
    db(),
    sql`select p.id, p.user_id from profiles p join users u on u.id = p.user_id where u.email = 'stella@jobs.test'`,
  );
  anna = own!.id;
  await f.db.db.execute(
    sql`update profiles set "values" = ${JSON.stringify(candidateValues('Anna', 'Müller'))}::jsonb where id = ${anna}`,
  );
  await f.db.db.execute(sql`update users set phone_number = '+4915199887766' where id = ${own!.user_id}`);
  ben = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into profiles (id, type, status, "values", contact_email)
        values (${ben}, 'stella', 'active', ${JSON.stringify(candidateValues('Ben', 'Okafor'))}::jsonb, 'ben.okafor@mail.example')`,
  );
});

const body = (over: Record<string, unknown> = {}) => ({ contact: de.uuid, candidates: [anna, ben], ...over });
const send = (payload: unknown, token = f.tokens.agent, job = jobId) =>
  f.call('POST', `/api/job/${job}/send`, token, payload);
const preview = (payload: unknown, token = f.tokens.agent, job = jobId) =>
  f.call('POST', `/api/job/${job}/send/preview`, token, payload);

async function attachmentsOfNewestMail() {
  const rows = await queryRows<{ file_name: string; content_type: string; content: Buffer | Uint8Array }>(
    db(),
    sql`select a.file_name, a.content_type, a.content from outbox_attachments a
        where a.outbox_id = (select id from outbox order by created_at desc, id desc limit 1)
        order by a.position`,
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

describe('who may send', () => {
  const roles = ['anonymous', 'candidate', 'company', 'otherCompany'] as const;
  for (const role of roles)
    it(`${role}: ${role === 'anonymous' ? 401 : 403} for preview and send, nothing written`, async () => {
      const before = await written();
      // '' sends no Authorization header (undefined would take the agent's default).
      const token = role === 'anonymous' ? '' : f.tokens[role];
      for (const call of [preview, send]) {
        const res = await call(body(), token);
        expect(res.status).toBe(role === 'anonymous' ? 401 : 403);
      }
      expect(await written()).toEqual(before);
    });
});

describe('POST /api/job/{uuid}/send', () => {
  it('previews the mail in the contact language without writing anything', async () => {
    const before = await written();
    const res = await preview(body());
    expect(res.status).toBe(200);
    const mail = await json<SendPreview>(res);
    expect(mail).toMatchObject({
      to: { name: 'Jana Schmidt', email: 'jana@rheinwerk.example' },
      language: 'de',
      subject: '2 Kandidatinnen und Kandidaten für „Lagerfachkraft“',
    });
    expect(mail.text).toContain('Guten Tag Jana Schmidt');
    expect(mail.text).toContain(`${referenceNumber(anna)} (anonymisiert)`);
    expect(mail.text).not.toContain('Anna');
    expect(mail.attachments).toEqual([
      { candidate: anna, card: 'anonymous', fileName: `${referenceNumber(anna)}.pdf` },
      { candidate: ben, card: 'anonymous', fileName: `${referenceNumber(ben)}.pdf` },
    ]);
    expect(await written()).toEqual(before);
  });

  it('sends one mail with one anonymised PDF per candidate and records it on both timelines', async () => {
    const before = await written();
    const res = await send(body());
    expect(res.status).toBe(201);
    const result = await json<SendResult>(res);
    expect(result.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const after = await written();
    expect(after).toEqual({
      outbox: before.outbox + 1,
      attachments: before.attachments + 2,
      // each candidate's timeline and the job's
      timeline: before.timeline + 3,
      access: before.access + 2,
    });
    const [mail] = await queryRows<{ recipient: string; subject: string; text: string }>(
      db(),
      sql`select recipient, subject, text from outbox order by created_at desc, id desc limit 1`,
    );
    expect(mail).toMatchObject({
      recipient: 'jana@rheinwerk.example',
      subject: result.subject,
      text: result.text,
    });
    const files = await attachmentsOfNewestMail();
    expect(files.map((a) => [a.fileName, a.contentType])).toEqual([
      [`${referenceNumber(anna)}.pdf`, 'application/pdf'],
      [`${referenceNumber(ben)}.pdf`, 'application/pdf'],
    ]);
    const events = await queryRows<{
      profile_id: string | null;
      job_id: string | null;
      details: Record<string, unknown>;
    }>(
      db(),
      sql`select profile_id, job_id, details from timeline_entries where action = 'card.sent'
          order by at desc, id desc limit 3`,
    );
    expect(events.find((e) => e.job_id === jobId)?.details).toMatchObject({
      contact: 'Jana Schmidt',
      count: 2,
    });
    for (const id of [anna, ben])
      expect(events.find((e) => e.profile_id === id)?.details).toMatchObject({
        format: 'anonymous',
        job: jobId,
      });
  });

  it('writes the anonymised card in the contact language: reference and agency, no name, e-mail, phone or birth date', async () => {
    expect((await send(body({ contact: en.uuid }))).status).toBe(201);
    const [mail] = await queryRows<{ subject: string; text: string }>(
      db(),
      sql`select subject, text from outbox order by created_at desc, id desc limit 1`,
    );
    expect(mail!.subject).toBe('2 candidates for “Lagerfachkraft”');
    expect(mail!.text).toContain('Dear Sam Taylor');
    const [annaCard] = await attachmentsOfNewestMail();
    const text = annaCard!.text;
    for (const part of [
      'Anonymised profile',
      referenceNumber(anna),
      agency.email,
      agency.phone,
      'Forklift licence',
      'Turkish (native)',
      '7 years',
      'Completed apprenticeship',
      'from 1 Mar 2026',
      'Köln',
    ])
      expect(text, part).toContain(part);
    for (const secret of [
      'Anna',
      'Müller',
      'stella@jobs.test',
      '15199887766',
      '151 99887766',
      '1990',
      '17 May',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('sends the full card only with the candidate consent, and the full card names the person', async () => {
    const before = await written();
    const refused = await send(body({ full: [anna] }));
    expect(refused.status).toBe(409);
    expect(await json<ErrorBody>(refused)).toMatchObject({
      code: 'card.consent_missing',
      fields: { full: ['card.consent_missing'] },
    });
    expect((await preview(body({ full: [anna] }))).status).toBe(409);
    expect(await written()).toEqual(before);

    const given = await setConsent(true);
    expect(given.status).toBe(200);
    expect(await json<PresentationConsent>(given)).toMatchObject({ consented: true });
    const res = await send(body({ full: [anna] }));
    expect(res.status).toBe(201);
    const sent = await json<SendResult>(res);
    expect(sent.text).toContain('- Anna Müller');
    expect(sent.attachments[0]).toMatchObject({ card: 'full', fileName: 'profilkarte-Anna-Muller.pdf' });
    const [full, anonymous] = await attachmentsOfNewestMail();
    for (const part of [
      'Anna Müller',
      'stella@jobs.test',
      '+4915199887766',
      '17.05.1990',
      'Staplerschein',
      '7 Jahre',
    ])
      expect(full!.text, part).toContain(part);
    expect(anonymous!.text).toContain(referenceNumber(ben));
    expect(anonymous!.text).not.toContain('Okafor');

    // Ben has no account, so nobody gave his consent: his full card is refused.
    expect((await send(body({ full: [ben] }))).status).toBe(409);

    // Withdrawn: refused again.
    expect(await json<PresentationConsent>(await setConsent(false))).toEqual({
      consented: false,
      since: null,
    });
    expect((await send(body({ full: [anna] }))).status).toBe(409);
  });

  it('refuses what it cannot send, with a code, writing nothing', async () => {
    const before = await written();
    const cases: [unknown, number, string, string?][] = [
      [body({ candidates: [] }), 400, 'candidates'],
      [body({ candidates: Array.from({ length: 21 }, () => crypto.randomUUID()) }), 400, 'candidates'],
      [body({ candidates: [anna, anna] }), 400, 'candidates'],
      [body({ full: [crypto.randomUUID()] }), 400, 'full'],
      [body({ subject: 'x' }), 400, 'subject'],
      [{ candidates: [anna] }, 400, 'contact'],
      [body({ contact: 'nope' }), 400, 'contact'],
      [body({ candidates: [anna, crypto.randomUUID()] }), 404, 'profile.not_found'],
      [body({ contact: foreignContact.uuid }), 404, 'contact.not_found'],
      [body({ contact: crypto.randomUUID() }), 404, 'contact.not_found'],
    ];
    for (const [payload, status, where] of cases) {
      const res = await send(payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      const error = await json<ErrorBody>(res);
      if (status === 400) expect(Object.keys(error.fields ?? {})).toContain(where);
      else expect(error.code).toBe(where);
    }
    const noClient = await send(body(), f.tokens.agent, jobWithoutClient);
    expect(noClient.status).toBe(409);
    expect((await json<ErrorBody>(noClient)).code).toBe('send.no_client');
    const unknownJob = await send(body(), f.tokens.agent, crypto.randomUUID());
    expect(unknownJob.status).toBe(404);
    expect((await json<ErrorBody>(unknownJob)).code).toBe('job.not_found');
    expect(await written()).toEqual(before);
  });

  it('refuses a contact without e-mail (409 contact.no_email)', async () => {
    const silent = await addContact(client, { name: 'Ohne Mail', language: 'de' });
    const res = await send(body({ contact: silent.uuid }));
    expect(res.status).toBe(409);
    expect((await json<ErrorBody>(res)).code).toBe('contact.no_email');
  });
});

describe('the pipeline hook afterSent', () => {
  const agent = async () => {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from users where email = 'agent@jobs.test'`,
    );
    return { userId: row!.id, userType: 'agent', language: 'de' as const, registrationStep: 0 };
  };
  const services = (afterSent: AfterSent) => ({
    db: db(),
    storage: { put: async () => {}, get: async () => null, delete: async () => {} },
    catalog: () => readCatalog(db()),
    agency,
    now: () => new Date(),
    afterSent,
  });

  it('is called in the transaction with the job and the candidates sent', async () => {
    const calls: [string, string[]][] = [];
    await sendToClient(
      services(async (tx, _caller, job, ids) => {
        calls.push([job, ids]);
        // Inside the transaction: the mail and the timeline entries are already there.
        const [row] = await queryRows<{ n: number | string }>(
          tx,
          sql`select count(*) as n from timeline_entries where action = 'card.sent' and profile_id = ${ben}`,
        );
        expect(Number(row!.n)).toBeGreaterThan(0);
      }),
      await agent(),
      jobId,
      { contact: de.uuid, candidates: [ben] },
    );
    expect(calls).toEqual([[jobId, [ben]]]);
  });

  it('rolls the whole send back when it refuses', async () => {
    const before = await written();
    await expect(
      sendToClient(
        services(async () => {
          throw new Error('pipeline refused');
        }),
        await agent(),
        jobId,
        { contact: de.uuid, candidates: [anna, ben] },
      ),
    ).rejects.toThrow('pipeline refused');
    expect(await written()).toEqual(before);
  });
});

describe('sending and the pipeline', () => {
  const stages = async (job: string) =>
    Object.fromEntries(
      (
        await queryRows<{ profile_id: string; stage: string }>(
          db(),
          sql`select profile_id, stage from pipeline_entries where job_id = ${job}`,
        )
      ).map((r) => [r.profile_id, r.stage]),
    );

  it('makes the candidates sent submitted: added when not in it, moved on from proposed, never back from further on', async () => {
    const job = (await f.createJob({ ...agentJobBody('Staplerfahrer'), client })).uuid;
    expect((await f.call('PUT', `/api/job/${job}/pipeline/${anna}`, f.tokens.agent)).status).toBe(201);
    expect(await stages(job)).toEqual({ [anna]: 'proposed' });
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    expect(await stages(job)).toEqual({ [anna]: 'submitted', [ben]: 'submitted' });
    const moves = await queryRows<{ details: { from: string | null; to: string } }>(
      db(),
      sql`select details from timeline_entries where job_id = ${job} and action = 'stage.changed' order by at, id`,
    );
    expect(moves.map((m) => [m.details.from, m.details.to])).toEqual(
      expect.arrayContaining([
        ['proposed', 'submitted'],
        [null, 'submitted'],
      ]),
    );
    await f.db.db.execute(
      sql`update pipeline_entries set stage = 'interview', last_open_stage = 'interview' where job_id = ${job} and profile_id = ${anna}`,
    );
    expect((await send(body(), f.tokens.agent, job)).status).toBe(201);
    expect(await stages(job)).toEqual({ [anna]: 'interview', [ben]: 'submitted' });
  });
});

describe('the consent to be presented by name', () => {
  it('is the candidate own switch, stored with its time and in the data export', async () => {
    for (const role of ['agent', 'company'] as const) {
      expect((await f.call('GET', '/api/profile/presentation-consent', f.tokens[role])).status).toBe(403);
      expect((await setConsent(true, f.tokens[role])).status).toBe(403);
    }
    expect(
      (await f.call('PUT', '/api/profile/presentation-consent', f.tokens.candidate, { consented: 'yes' }))
        .status,
    ).toBe(400);
    expect(
      (
        await f.call('PUT', '/api/profile/presentation-consent', f.tokens.candidate, {
          consented: true,
          x: 1,
        })
      ).status,
    ).toBe(400);
    const given = await json<PresentationConsent>(await setConsent(true));
    expect(given.consented).toBe(true);
    expect(Date.now() - new Date(given.since ?? 0).getTime()).toBeLessThan(60_000);
    // Giving it again keeps the first time.
    expect(await json<PresentationConsent>(await setConsent(true))).toEqual(given);
    expect(
      await json<PresentationConsent>(
        await f.call('GET', '/api/profile/presentation-consent', f.tokens.candidate),
      ),
    ).toEqual(given);
    const exported = await json<AccountExport>(await f.call('GET', '/api/user/export', f.tokens.candidate));
    expect(exported.presentedByNameSince).toBe(given.since);
    await setConsent(false);
    const withdrawn = await json<AccountExport>(await f.call('GET', '/api/user/export', f.tokens.candidate));
    expect(withdrawn.presentedByNameSince).toBeNull();
  });
});

describe('the outbox delivers the cards', () => {
  it('hands the attachments to the transport and keeps none once a real transport has them', async () => {
    expect((await send(body())).status).toBe(201);
    // Deliver everything queued; only the last mail carries attachments we check.
    const seen: QueuedMessage[] = [];
    const transport = { send: async (m: QueuedMessage) => void seen.push(m) };
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    while ((await deliverDue(db(), { mail: transport, sms: transport }, () => new Date(), logger)) > 0) {}
    const withFiles = seen.filter((m) => (m.attachments?.length ?? 0) > 0).at(-1);
    expect(withFiles?.attachments?.map((a) => a.fileName)).toEqual([
      `${referenceNumber(anna)}.pdf`,
      `${referenceNumber(ben)}.pdf`,
    ]);
    expect(withFiles?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await count(sql`select count(*) as n from outbox_attachments`)).toBe(0);
  });
});
