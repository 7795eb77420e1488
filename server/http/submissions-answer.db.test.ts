import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import type { PipelineBoard, PipelineEntry } from '../../contract/pipeline';
import type { ClientJobs, JobSubmissions, Submission } from '../../contract/submissions';
import { signAccessToken } from '../auth/tokens';
import { referenceNumber } from '../cards/candidate-card';
import { type Database, queryRows } from '../db/client';
import { CountRow, int, record, text, textOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { insertUserIfAbsent } from '../users/users';
import { agentJobBody, companyRecord, json, setUpJobFixture } from './job-test-kit';

/**
 * The company answers (issue 21 point 5, contract/submissions.ts): sending records the card the
 * client got; a company sees only the candidates sent to its own jobs, with that card and never a
 * score; its one answer moves the entry, names the company on both timelines and mails the agent;
 * every other role is refused, and a refused answer changes nothing.
 */

const f = setUpJobFixture({ profiles: 2 });
let senior = '';
let rheinwerk = '';
let mainsoft = '';
let jobId = '';
let otherJob = '';
let contact: Contact;
/** Sent anonymised; sent full (consented); in the pipeline, never sent; moved to submitted by hand. */
let anon = '';
let named = '';
let unsent = '';
let byHand = '';

const db = () => f.db.db as unknown as Database;

const values = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  birth_date: '1988-11-23',
  city: { id: 2886242, name: 'Köln' },
  occupation: 'software_developer',
  skills: ['typescript', 'sql'],
  languages: [{ language: 'de', level: 'native' }],
  education_level: 'bachelor',
  experience_years: 6,
  employment_types: ['full_time'],
  available_from: '2026-04-01',
});

async function candidate(first: string, last: string, email: string | null = null) {
  const id = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into profiles (id, type, status, "values", contact_email)
        values (${id}, 'stella', 'active', ${JSON.stringify(values(first, last))}::jsonb, ${email})`,
  );
  return id;
}

const entryOf = async (profile: string) =>
  (await json<PipelineBoard>(await f.call('GET', `/api/job/${jobId}/pipeline`, f.tokens.agent))).items.find(
    (e) => e.profile.uuid === profile,
  )!;
const candidates = (token = f.tokens.company, job = jobId) =>
  f.call('GET', `/api/client/job/${job}/submissions`, token);
const answer = (entry: string, body: unknown, token = f.tokens.company) =>
  f.call('POST', `/api/client/submission/${entry}/answer`, token, body);
const rowOf = async (entry: string) =>
  (
    await queryRows(
      db(),
      sql`select stage, client_answer, client_comment, version from pipeline_entries where id = ${entry}`,
      v.object({ stage: text, client_answer: textOrNull, client_comment: textOrNull, version: int }),
    )
  )[0]!;
const count = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query, CountRow))[0]!.n;

beforeAll(async () => {
  await insertUserIfAbsent(f.db.db, {
    email: 'senior@jobs.test',
    passwordHash: 'x',
    userType: 'senior_agent',
    language: 'de',
    registrationStep: 0,
  });
  const [seniorUser] = await f.db.db.select().from(users).where(eq(users.email, 'senior@jobs.test'));
  senior = await signAccessToken(f.auth.tokens, seniorUser!, 'ok');
  rheinwerk = await companyRecord(f, 'company@jobs.test', 'Rheinwerk Logistik GmbH');
  mainsoft = await companyRecord(f, 'other-company@jobs.test', 'Mainsoft AG');
  const res = await f.call('PUT', `/api/company/${rheinwerk}/contacts`, f.tokens.agent, {
    name: 'Jana Schmidt',
    email: 'jana@rheinwerk.example',
    language: 'de',
  });
  contact = await json<Contact>(res);
  jobId = (await f.createJob({ ...agentJobBody('Entwickler/in TypeScript'), client: rheinwerk })).uuid;
  otherJob = (await f.createJob({ ...agentJobBody('Andere Stelle'), client: mainsoft })).uuid;
  anon = await candidate('Anna', 'Müller', 'anna.mueller@mail.example');
  named = await candidate('Ben', 'Okafor', 'ben.okafor@mail.example');
  unsent = await candidate('Carla', 'Nowak');
  byHand = await candidate('Deniz', 'Yılmaz');
  await f.db.db.execute(sql`update profiles set presented_by_name_at = now() where id = ${named}`);
  for (const p of [unsent, byHand])
    expect((await f.call('PUT', `/api/job/${jobId}/pipeline/${p}`, f.tokens.agent)).status).toBe(201);
  const sent = await f.call('POST', `/api/job/${jobId}/send`, f.tokens.agent, {
    contact: contact.uuid,
    candidates: [anon, named],
    full: [named],
  });
  expect(sent.status).toBe(201);
  const hand = await entryOf(byHand);
  const moved = await f.call('POST', `/api/pipeline/${hand.uuid}/move`, f.tokens.agent, {
    to: 'submitted',
    version: hand.version,
  });
  expect(moved.status).toBe(200);
});

describe('what the client got', () => {
  it('records the first send and the card per entry; a move by hand counts as sent anonymised', async () => {
    const a = await entryOf(anon);
    const n = await entryOf(named);
    expect(a.client).toMatchObject({ card: 'anonymised', answer: null });
    expect(n.client).toMatchObject({ card: 'full', answer: null });
    expect((await entryOf(byHand)).client).toMatchObject({ card: 'anonymised' });
    expect((await entryOf(unsent)).client).toBeNull();
    // Sending again keeps the first send's time.
    const again = await f.call('POST', `/api/job/${jobId}/send`, f.tokens.agent, {
      contact: contact.uuid,
      candidates: [anon],
    });
    expect(again.status).toBe(201);
    expect((await entryOf(anon)).client?.submittedAt).toBe(a.client?.submittedAt);
  });
});

describe('who may call', () => {
  const calls = () => [
    () => f.call('GET', '/api/client/jobs', token),
    () => candidates(token),
    () => answer(crypto.randomUUID(), { answer: 'interested' }, token),
    () => f.call('GET', `/api/client/submission/${crypto.randomUUID()}/card`, token),
  ];
  let token = '';
  for (const role of ['anonymous', 'candidate', 'agent', 'senior agent'] as const)
    it(`${role}: ${role === 'anonymous' ? 401 : 403} on every call, nothing written`, async () => {
      token = role === 'anonymous' ? '' : role === 'senior agent' ? senior : f.tokens[role];
      const before = await count(
        sql`select count(*) as n from pipeline_entries where client_answer is not null`,
      );
      for (const call of calls()) expect((await call()).status).toBe(role === 'anonymous' ? 401 : 403);
      expect(
        await count(sql`select count(*) as n from pipeline_entries where client_answer is not null`),
      ).toBe(before);
    });

  it('a company lists the jobs it is the client of, with the counts sent and awaiting', async () => {
    const res = await f.call('GET', '/api/client/jobs', f.tokens.company);
    expect(res.status).toBe(200);
    const { items } = await json<ClientJobs>(res);
    expect(items.map((j) => j.uuid)).toEqual([jobId]);
    expect(items[0]).toMatchObject({ title: 'Entwickler/in TypeScript', status: 'active', submitted: 3 });
    const other = await json<ClientJobs>(await f.call('GET', '/api/client/jobs', f.tokens.otherCompany));
    expect(other.items.map((j) => j.uuid)).toEqual([otherJob]);
  });
});

describe("the company's view", () => {
  it('shows only the entries sent to it, with the card it got and never a score', async () => {
    const res = await candidates();
    expect(res.status).toBe(200);
    const body = await json<JobSubmissions>(res);
    expect(body.job).toEqual({ uuid: jobId, title: 'Entwickler/in TypeScript', status: 'active' });
    expect(body.items.map((c) => c.reference).sort()).toEqual(
      [anon, named, byHand].map(referenceNumber).sort(),
    );
    expect(JSON.stringify(body)).not.toMatch(/score|Carla|Nowak/i);
    expect(body.items.every((c) => c.status === 'awaiting')).toBe(true);
  });

  it('the anonymised card holds none of name, e-mail, phone or birth date; the full card names the person', async () => {
    const { items } = await json<JobSubmissions>(await candidates());
    const anonymous = items.find((c) => c.reference === referenceNumber(anon))!;
    expect(anonymous.card).toBe('anonymised');
    for (const card of [anonymous.cards.de, anonymous.cards.en]) {
      const text = JSON.stringify(card);
      expect(text).not.toMatch(/Anna|Müller|anna\.mueller|1988|23\.11\.|Nov/);
      expect(card.name).toContain(referenceNumber(anon));
      expect(text).toContain('kontakt@matchwerk.example');
    }
    expect(anonymous.cards.de.rows.map((r) => r.value)).toContain('Köln');
    const full = items.find((c) => c.reference === referenceNumber(named))!;
    expect(full.card).toBe('full');
    expect(full.cards.de.name).toBe('Ben Okafor');
    expect(JSON.stringify(full.cards.en)).toContain('ben.okafor@mail.example');
  });

  it("another company's job, entry or card answers 404; an entry never sent answers 404", async () => {
    const { items } = await json<JobSubmissions>(await candidates());
    expect((await candidates(f.tokens.otherCompany)).status).toBe(404);
    expect((await candidates(f.tokens.company, otherJob)).status).toBe(404);
    expect((await candidates(f.tokens.company, 'not-a-uuid')).status).toBe(404);
    const res = await answer(items[0]!.uuid, { answer: 'interested' }, f.tokens.otherCompany);
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).code).toBe('pipeline.entry_not_found');
    const card = await f.call('GET', `/api/client/submission/${items[0]!.uuid}/card`, f.tokens.otherCompany);
    expect(card.status).toBe(404);
    const never = await entryOf(unsent);
    expect((await answer(never.uuid, { answer: 'interested' })).status).toBe(404);
    expect(await rowOf(never.uuid)).toMatchObject({ stage: 'proposed', client_answer: null });
  });

  it('downloads the same card as PDF, anonymised without the name', async () => {
    const a = await entryOf(anon);
    const res = await f.call('GET', `/api/client/submission/${a.uuid}/card`, f.tokens.company);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text;
    expect(text).toContain(referenceNumber(anon));
    expect(text).not.toMatch(/Anna|Müller|anna\.mueller/);
  });
});

describe('the answer', () => {
  it('refuses bad input with a code and changes nothing', async () => {
    const entry = await entryOf(byHand);
    const before = await rowOf(entry.uuid);
    const bad: [unknown, string][] = [
      [{ answer: 'maybe' }, 'client.answer_invalid'],
      [{}, 'field.required'],
      [{ answer: 'interested', comment: 'x'.repeat(1001) }, 'field.too_long'],
      [{ answer: 'interested', comment: 5 }, 'field.invalid_type'],
      [{ answer: 'interested', score: 90 }, 'field.unknown'],
    ];
    for (const [body, code] of bad) {
      const res = await answer(entry.uuid, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify((await json<ErrorBody>(res)).fields)).toContain(code);
    }
    expect(await rowOf(entry.uuid)).toEqual(before);
  });

  it('"interested" moves the entry to interview, names the company on both timelines and mails the agent', async () => {
    const entry = await entryOf(anon);
    const mails = await count(sql`select count(*) as n from outbox where recipient = 'agent@jobs.test'`);
    const res = await answer(entry.uuid, {
      answer: 'interested',
      comment: '  Gern ein Gespräch nächste Woche.  ',
    });
    expect(res.status).toBe(200);
    const shown = await json<Submission>(res);
    expect(shown).toMatchObject({ status: 'interested', comment: 'Gern ein Gespräch nächste Woche.' });
    expect(shown.answeredAt).toMatch(/^\d{4}-/);
    const after: PipelineEntry = await entryOf(anon);
    expect(after.stage).toBe('interview');
    expect(after.client).toMatchObject({ answer: 'interested', comment: 'Gern ein Gespräch nächste Woche.' });
    const events = await queryRows(
      db(),
      sql`select case when profile_id is null then 'job' else 'profile' end as target_kind, details
          from timeline_entries
          where action = 'stage.changed' and details ->> 'answer' = 'interested'`,
      v.object({ target_kind: text, details: record }),
    );
    expect(events.map((e) => e.target_kind).sort()).toEqual(['job', 'profile']);
    expect(events[0]!.details).toMatchObject({
      from: 'submitted',
      to: 'interview',
      company: 'Rheinwerk Logistik GmbH',
    });
    expect(await count(sql`select count(*) as n from outbox where recipient = 'agent@jobs.test'`)).toBe(
      mails + 1,
    );
    const [mail] = await queryRows(
      db(),
      sql`select subject, text from outbox where recipient = 'agent@jobs.test' order by created_at desc limit 1`,
      v.object({ subject: text, text }),
    );
    // The agent of the fixture reads German.
    expect(mail!.subject).toContain('Antwort von Rheinwerk Logistik GmbH: interessiert');
    expect(mail!.text).toContain('Anna Müller');
    expect(mail!.text).toContain('Gern ein Gespräch nächste Woche.');
    expect(mail!.text).toContain(`http://matchwerk.test/matchingJobResult/${jobId}`);
  });

  it('a second answer is 409 with the candidate as it is, and changes nothing', async () => {
    const entry = await entryOf(anon);
    const before = await rowOf(entry.uuid);
    const res = await answer(entry.uuid, { answer: 'not_interested' });
    expect(res.status).toBe(409);
    const body = await json<ErrorBody & { current: Submission }>(res);
    expect(body.code).toBe('client.already_answered');
    expect(body.current).toMatchObject({ uuid: entry.uuid, status: 'interested' });
    expect(await rowOf(entry.uuid)).toEqual(before);
  });

  it('"not interested" rejects the entry by the client with the comment as reason', async () => {
    const entry = await entryOf(named);
    const res = await answer(entry.uuid, {
      answer: 'not_interested',
      comment: 'Zu wenig Erfahrung mit SQL.',
    });
    expect(res.status).toBe(200);
    const after = await entryOf(named);
    expect(after).toMatchObject({
      stage: 'rejected',
      lastOpenStage: 'submitted',
      reasonBy: 'client',
      reason: 'Zu wenig Erfahrung mit SQL.',
    });
  });

  it('an answer after the agency closed the entry is 409 pipeline.transition_refused, nothing written', async () => {
    const entry = await entryOf(byHand);
    const withdrawn = await f.call('POST', `/api/pipeline/${entry.uuid}/move`, f.tokens.agent, {
      to: 'withdrawn',
      version: entry.version,
    });
    expect(withdrawn.status).toBe(200);
    const before = await rowOf(entry.uuid);
    const mails = await count(sql`select count(*) as n from outbox`);
    for (const said of ['interested', 'not_interested']) {
      const res = await answer(entry.uuid, { answer: said });
      expect(res.status).toBe(409);
      const body = await json<ErrorBody & { current: Submission }>(res);
      expect(body.code).toBe('pipeline.transition_refused');
      expect(body.current.status).toBe('awaiting');
    }
    expect(await rowOf(entry.uuid)).toEqual(before);
    expect(await count(sql`select count(*) as n from outbox`)).toBe(mails);
  });
});
