import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import type { Job } from '../../contract/job';
import type { PipelineBoard } from '../../contract/pipeline';
import type { ClientJobs, JobSubmissions } from '../../contract/submissions';
import { removeAccount } from '../account/settings';
import { type Database, queryRows } from '../db/client';
import { CountRow, text, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { agentJobBody, companyRecord, json, setUpJobFixture } from './job-test-kit';

/**
 * Issue 41, finding 1: what went to a client stays that client's. A job's client changed from
 * Rheinwerk to Mainsoft: Mainsoft never sees or answers what was sent to Rheinwerk, Rheinwerk still
 * does; the change itself asks the agent first when candidates sent are still in play; a candidate
 * sent to Rheinwerk is not sent again to Mainsoft for the same job; a move by hand presents to the
 * client of now.
 */

const f = setUpJobFixture({ profiles: 2 });
let rheinwerk = '';
let mainsoft = '';
let toRheinwerk: Contact;
let toMainsoft: Contact;
let jobId = '';
let anna = '';
let ben = '';
let carla = '';

const db = () => f.db.db as unknown as Database;
const count = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query, CountRow))[0]!.n;

async function candidate(first: string) {
  const id = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into profiles (id, type, status, "values")
        values (${id}, 'stella', 'active', ${JSON.stringify({ first_name: first, last_name: 'Test' })}::jsonb)`,
  );
  return id;
}

async function contactOf(company: string, email: string) {
  const res = await f.call('PUT', `/api/company/${company}/contacts`, f.tokens.agent, {
    name: 'Kontakt',
    email,
    language: 'de',
  });
  expect(res.status).toBe(201);
  return json<Contact>(res);
}

const job = async () => json<Job>(await f.call('GET', `/api/job/${jobId}`, f.tokens.agent));
/** The job saved again as it is, with another client (and the confirmation when given). */
async function changeClient(client: string, confirm?: boolean) {
  const current = await job();
  return f.call('POST', `/api/job/${jobId}`, f.tokens.agent, {
    values: current.values,
    criteria: current.criteria,
    client,
    version: current.version,
    ...(confirm === undefined ? {} : { confirmClientChange: confirm }),
  });
}
const send = (contact: Contact, candidates: string[], path = 'send') =>
  f.call('POST', `/api/job/${jobId}/${path}`, f.tokens.agent, { contact: contact.uuid, candidates });
const seen = async (token: string) =>
  (await json<JobSubmissions>(await f.call('GET', `/api/client/job/${jobId}/submissions`, token))).items;
const entryOf = async (profile: string) =>
  (await json<PipelineBoard>(await f.call('GET', `/api/job/${jobId}/pipeline`, f.tokens.agent))).items.find(
    (e) => e.profile.uuid === profile,
  )!;
const sentTo = async (profile: string) =>
  (
    await queryRows(
      db(),
      sql`select submitted_company_id as company, submitted_contact_id as contact from pipeline_entries
          where job_id = ${jobId} and profile_id = ${profile}`,
      v.object({ company: uuidOrNull, contact: uuidOrNull }),
    )
  )[0];

beforeAll(async () => {
  rheinwerk = await companyRecord(f, 'company@jobs.test', 'Rheinwerk Logistik GmbH');
  mainsoft = await companyRecord(f, 'other-company@jobs.test', 'Mainsoft AG');
  toRheinwerk = await contactOf(rheinwerk, 'jana@rheinwerk.example');
  toMainsoft = await contactOf(mainsoft, 'tom@mainsoft.example');
  jobId = (await f.createJob({ ...agentJobBody('Entwickler/in'), client: rheinwerk })).uuid;
  anna = await candidate('Anna');
  ben = await candidate('Ben');
  carla = await candidate('Carla');
  expect((await send(toRheinwerk, [anna])).status).toBe(201);
});

describe('a submission records where it went', () => {
  it('names the company and the contact the card went to', async () => {
    expect(await sentTo(anna)).toEqual({ company: rheinwerk, contact: toRheinwerk.uuid });
  });
});

describe("changing a job's client", () => {
  it('asks first (409 with the code on the client field) while a candidate sent is in play, and changes nothing', async () => {
    const before = await job();
    const res = await changeClient(mainsoft);
    expect(res.status).toBe(409);
    const body = await json<ErrorBody>(res);
    expect(body.code).toBe('job.client_has_submissions');
    expect(body.fields).toEqual({ client: ['job.client_has_submissions'] });
    const after = await job();
    expect(after.client?.uuid).toBe(rheinwerk);
    expect(after.version).toBe(before.version);
    // `false` is no confirmation.
    expect((await changeClient(mainsoft, false)).status).toBe(409);
    expect((await job()).client?.uuid).toBe(rheinwerk);
  });

  it('goes through when confirmed, and the submission stays with the old client', async () => {
    const res = await changeClient(mainsoft, true);
    expect(res.status).toBe(200);
    expect((await json<Job>(res)).client?.uuid).toBe(mainsoft);
    expect(await sentTo(anna)).toEqual({ company: rheinwerk, contact: toRheinwerk.uuid });
  });
});

describe('after the change', () => {
  it('the new client sees the job but none of what went to the old one, and cannot answer, read or download it', async () => {
    expect(await seen(f.tokens.otherCompany)).toEqual([]);
    const jobs = await json<ClientJobs>(await f.call('GET', '/api/client/jobs', f.tokens.otherCompany));
    expect(jobs.items.find((j) => j.uuid === jobId)).toMatchObject({ submitted: 0, awaiting: 0 });
    const entry = (await entryOf(anna)).uuid;
    const answered = await f.call('POST', `/api/client/submission/${entry}/answer`, f.tokens.otherCompany, {
      answer: 'interested',
    });
    expect(answered.status).toBe(404);
    expect((await f.call('GET', `/api/client/submission/${entry}/card`, f.tokens.otherCompany)).status).toBe(
      404,
    );
    expect(
      await count(
        sql`select count(*) as n from pipeline_entries where id = ${entry} and client_answer is not null`,
      ),
    ).toBe(0);
  });

  it('the old client still sees, downloads and answers what it got', async () => {
    const items = await seen(f.tokens.company);
    expect(items.map((i) => i.uuid)).toEqual([(await entryOf(anna)).uuid]);
    const jobs = await json<ClientJobs>(await f.call('GET', '/api/client/jobs', f.tokens.company));
    expect(jobs.items.find((j) => j.uuid === jobId)).toMatchObject({ submitted: 1, awaiting: 1 });
    const entry = items[0]!.uuid;
    expect((await f.call('GET', `/api/client/submission/${entry}/card`, f.tokens.company)).status).toBe(200);
    const answered = await f.call('POST', `/api/client/submission/${entry}/answer`, f.tokens.company, {
      answer: 'interested',
    });
    expect(answered.status).toBe(200);
  });

  it('refuses to send a candidate who went to the old client to the new one, preview and send, writing nothing', async () => {
    const mails = await count(sql`select count(*) as n from outbox`);
    const events = await count(sql`select count(*) as n from timeline_entries`);
    for (const path of ['send/preview', 'send']) {
      const res = await send(toMainsoft, [ben, anna], path);
      expect(res.status, path).toBe(409);
      expect((await json<ErrorBody>(res)).code).toBe('send.sent_to_other_client');
    }
    expect(await count(sql`select count(*) as n from outbox`)).toBe(mails);
    expect(await count(sql`select count(*) as n from timeline_entries`)).toBe(events);
    expect(await sentTo(ben)).toBeUndefined();
    expect(await sentTo(anna)).toEqual({ company: rheinwerk, contact: toRheinwerk.uuid });
  });

  it('sends a new candidate to the new client, whom the old one never sees', async () => {
    expect((await send(toMainsoft, [ben])).status).toBe(201);
    expect(await sentTo(ben)).toEqual({ company: mainsoft, contact: toMainsoft.uuid });
    expect((await seen(f.tokens.otherCompany)).map((i) => i.uuid)).toEqual([(await entryOf(ben)).uuid]);
    expect((await seen(f.tokens.company)).map((i) => i.uuid)).toEqual([(await entryOf(anna)).uuid]);
  });

  it('a move by hand to submitted presents the candidate to the client of now', async () => {
    expect((await f.call('PUT', `/api/job/${jobId}/pipeline/${carla}`, f.tokens.agent)).status).toBe(201);
    const entry = await entryOf(carla);
    const moved = await f.call('POST', `/api/pipeline/${entry.uuid}/move`, f.tokens.agent, {
      to: 'submitted',
      version: entry.version,
    });
    expect(moved.status).toBe(200);
    expect(await sentTo(carla)).toEqual({ company: mainsoft, contact: null });
    expect((await seen(f.tokens.company)).map((i) => i.uuid)).not.toContain(entry.uuid);
  });

  it('changes the client without asking once nothing sent to the current one is in play', async () => {
    // Mainsoft holds Ben and Carla, both open: asked. Closed by the agency, they no longer ask.
    expect((await changeClient(rheinwerk)).status).toBe(409);
    for (const profile of [ben, carla]) {
      const entry = await entryOf(profile);
      const res = await f.call('POST', `/api/pipeline/${entry.uuid}/move`, f.tokens.agent, {
        to: 'rejected',
        by: 'agency',
        reason: 'Stelle anders besetzt',
        version: entry.version,
      });
      expect(res.status).toBe(200);
    }
    expect((await changeClient(rheinwerk)).status).toBe(200);
    // Back at Rheinwerk: Mainsoft keeps seeing what it got, Rheinwerk does not get it.
    expect((await seen(f.tokens.otherCompany)).length).toBe(2);
    expect((await seen(f.tokens.company)).map((i) => i.uuid)).toEqual([(await entryOf(anna)).uuid]);
  });

  it("a company's account deleted (its own deletion's transaction): what went to it stays in the pipeline, no one's", async () => {
    // Rheinwerk answered Anna: deleting the account sets the company, its contact and who answered
    // to null on one entry in one statement (the keys were checked at once and failed: 500).
    const [user] = await f.db.db.select().from(users).where(eq(users.email, 'company@jobs.test'));
    await db().transaction((tx) => removeAccount(tx as unknown as Database, user!, new Date()));
    const [row] = await queryRows(
      db(),
      sql`select submitted_company_id as company, submitted_contact_id as contact, client_answered_by as by,
            client_answer as answer
          from pipeline_entries where job_id = ${jobId} and profile_id = ${anna}`,
      v.object({ company: uuidOrNull, contact: uuidOrNull, by: uuidOrNull, answer: text }),
    );
    expect(row).toEqual({ company: null, contact: null, by: null, answer: 'interested' });
  });
});
