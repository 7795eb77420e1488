import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErasurePreview, ErasurePreviewSchema } from '../../contract/erasure';
import { queryRows } from '../db/client';
import { record, text, textOrNull, uuidOrNull } from '../db/rows';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { replacePhoto } from '../profiles/photos';
import { AGENT_TEST_PASSWORD, type AgentFixture, type AgentRole, createAgentFixture } from './agent-test-kit';

// The agency deletes a candidate or a company (issue 42, contract/erasure.ts): who may, the typed
// confirmation, what goes (account, sessions, photo files), what stays anonymised (each job's
// pipeline history) and the deletion's record without personal data; nothing half-written.

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
const rows = <S extends v.GenericSchema>(query: ReturnType<typeof sql>, row: S) =>
  queryRows(f.db.db, query, row);
/** A row whose columns are not read (`select 1`): only that it exists counts. */
const NoColumns = v.object({});
/** Every column as the driver hands it (the test reads which columns there are). */
const AnyRow = v.record(v.string(), v.unknown());
const exists = async (table: 'users' | 'profiles' | 'companies', id: string) =>
  (await rows(sql`select 1 from ${sql.identifier(table)} where id = ${id}`, NoColumns)).length === 1;
const photoFiles = async () => {
  try {
    return (await readdir(join(f.dataDir, 'photos'))).sort();
  } catch {
    return [];
  }
};
const erasureRows = () =>
  rows(
    sql`select kind, reason, by, agent_id from erasures order by id`,
    v.object({ kind: text, reason: textOrNull, by: textOrNull, agent_id: uuidOrNull }),
  );

let counter = 0;
/** A candidate assigned to `agent` (a role, or nobody), with an account when `email` is given. */
async function candidate(assigned: AgentRole | null, email?: string) {
  counter += 1;
  const { profileId, userId } = await f.addCandidate(
    'stella',
    { first_name: 'Paula', last_name: `Probe${counter}` },
    email ? { email } : undefined,
  );
  if (assigned)
    await f.db.db.execute(
      sql`update profiles set assigned_agent_id = ${f.ids[assigned]} where id = ${profileId}`,
    );
  return { profileId, userId, name: `Paula Probe${counter}` };
}

/** A job whose pipeline holds the candidate, with a move naming them on the job's timeline. */
async function inPipeline(profileId: string, clientCompanyId: string | null = null, status = 'active') {
  const job = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into jobs (id, origin, created_by, status, client_company_id, "values")
        values (${job}, 'agent', ${f.ids.agent}, ${status}, ${clientCompanyId}, '{"title":"Lager Köln"}'::jsonb)`,
  );
  await f.db.db.execute(
    sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage)
        values (gen_random_uuid(), ${job}, ${profileId}, 'rejected', 'submitted')`,
  );
  await f.db.db.execute(
    sql`insert into timeline_entries (id, job_id, kind, action, details, author_id, author_email)
        values (gen_random_uuid(), ${job}, 'event', 'stage.changed',
                ${JSON.stringify({ profile: profileId, from: 'submitted', to: 'rejected', comment: 'Paula was late' })}::jsonb,
                ${f.ids.agent}, 'agent@agents.test')`,
  );
  return job;
}

const path = (kind: 'profile' | 'company', id: string) => `/api/agent/${kind}/${id}/erase`;
async function preview(kind: 'profile' | 'company', id: string, role: AgentRole = 'agent') {
  const res = await f.request('GET', path(kind, id), f.tokens[role]);
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(ErasurePreviewSchema, await res.json());
}
const erase = (kind: 'profile' | 'company', id: string, body: unknown, role: AgentRole = 'agent') =>
  f.request('POST', path(kind, id), f.tokens[role], body);

describe('who may delete', () => {
  it('401 signed out, 403 for candidates and companies, 404 unknown, 400 for a malformed uuid', async () => {
    const body = { reason: 'duplicate', confirm: 'x' };
    for (const kind of ['profile', 'company'] as const) {
      const unknown = path(kind, crypto.randomUUID());
      expect((await f.request('POST', unknown, undefined, body)).status).toBe(401);
      for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
        const res = await f.request('POST', unknown, f.tokens[role], body);
        expect(res.status, role).toBe(403);
        expect(await codeOf(res)).toBe('auth.forbidden');
      }
      for (const method of ['GET', 'POST']) {
        const res = await f.request(method, unknown, f.tokens.senior, method === 'POST' ? body : undefined);
        expect(res.status).toBe(404);
        expect(await codeOf(res)).toBe(kind === 'profile' ? 'profile.not_found' : 'company.not_found');
      }
      // A malformed id is not found, like an unknown one (docs/decisions/0032).
      const bad = await f.request('GET', path(kind, 'not-a-uuid'), f.tokens.senior);
      expect(bad.status).toBe(404);
      expect(await codeOf(bad)).toBe(kind === 'profile' ? 'profile.not_found' : 'company.not_found');
    }
  });

  it("a plain agent deletes only those they look after: another agent's or nobody's is 403 and stays", async () => {
    for (const assigned of ['otherAgent', null] as const) {
      const c = await candidate(assigned);
      const get = await f.request('GET', path('profile', c.profileId), f.tokens.agent);
      expect(get.status).toBe(403);
      expect(await codeOf(get)).toBe('erasure.not_assigned');
      const res = await erase('profile', c.profileId, { reason: 'duplicate', confirm: c.name });
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe('erasure.not_assigned');
      expect(await exists('profiles', c.profileId)).toBe(true);
    }
    expect(await erasureRows()).toEqual([]);
  });

  it("a senior agent deletes anyone's: another agent's candidate without an account, confirmed by name", async () => {
    const c = await candidate('otherAgent');
    const res = await erase(
      'profile',
      c.profileId,
      { reason: 'duplicate', confirm: `  ${c.name.toUpperCase()} ` },
      'senior',
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await exists('profiles', c.profileId)).toBe(false);
    expect((await erasureRows()).at(-1)).toEqual({
      kind: 'candidate',
      reason: 'duplicate',
      by: 'agent',
      agent_id: f.ids.senior,
    });
  });
});

describe('bad input changes nothing', () => {
  it('a confirmation naming someone else, a reason off the list, an unknown field: 400 with a code', async () => {
    const c = await candidate('agent', 'paula.bad@mail.test');
    const before = (await erasureRows()).length;
    const cases: [unknown, string, string][] = [
      [{ reason: 'duplicate', confirm: 'Someone Else' }, 'erasure.confirm_mismatch', 'confirm'],
      [{ reason: 'duplicate', confirm: '' }, 'erasure.confirm_mismatch', 'confirm'],
      [{ reason: 'because', confirm: c.name }, 'erasure.reason_invalid', 'reason'],
      [{ reason: 'duplicate', confirm: c.name, note: 'Paula asked' }, 'field.unknown', 'note'],
      [{ confirm: c.name }, 'field.required', 'reason'],
    ];
    for (const [body, code, field] of cases) {
      const res = await erase('profile', c.profileId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { fields: Record<string, string[]> };
      expect(answer.fields[field], JSON.stringify(body)).toContain(code);
    }
    expect(await exists('profiles', c.profileId)).toBe(true);
    expect(await exists('users', c.userId!)).toBe(true);
    expect((await erasureRows()).length).toBe(before);
  });
});

describe('an agent deletes a candidate they look after', () => {
  let c: Awaited<ReturnType<typeof candidate>>;
  let job: string;
  let candidateToken: string;
  let shown: ErasurePreview;

  beforeAll(async () => {
    c = await candidate('agent', 'paula.weg@mail.test');
    job = await inPipeline(c.profileId);
    await replacePhoto(f.db.db, new FilePhotoStorage(join(f.dataDir, 'photos')), c.userId!, {
      photo: Buffer.from('photo'),
      thumb: Buffer.from('thumb'),
    });
    const login = await f.request('POST', '/api/login', undefined, {
      email: 'paula.weg@mail.test',
      password: AGENT_TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    candidateToken = ((await login.json()) as { token: string }).token;
    shown = await preview('profile', c.profileId);
  });

  it('the preview names what goes: the account, the photo, the pipeline entries', () => {
    expect(shown).toMatchObject({
      kind: 'candidate',
      uuid: c.profileId,
      name: c.name,
      email: 'paula.weg@mail.test',
      account: true,
      photo: true,
      pipelineEntries: 1,
      activeJobs: [],
    });
  });

  it('confirmed by the e-mail (any case): everything of the person goes, the job keeps its history anonymised', async () => {
    expect((await f.request('GET', '/api/profile', candidateToken)).status).toBe(200);
    expect((await photoFiles()).length).toBe(2);
    const res = await erase('profile', c.profileId, {
      reason: 'erasure_request',
      confirm: 'Paula.Weg@MAIL.test',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(v.parse(ErasurePreviewSchema, await res.json())).toEqual(shown);

    expect(await exists('profiles', c.profileId)).toBe(false);
    expect(await exists('users', c.userId!)).toBe(false);
    expect(await photoFiles()).toEqual([]);
    expect(
      await rows(sql`select 1 from pipeline_entries where profile_id = ${c.profileId}`, NoColumns),
    ).toEqual([]);
    const history = await rows(
      sql`select details from timeline_entries where job_id = ${job} and action = 'stage.changed'`,
      v.object({ details: record }),
    );
    expect(history.map((h) => h.details)).toEqual([{ from: 'submitted', to: 'rejected', anonymised: true }]);
  });

  it('the account can no longer sign in, and its session is refused at once', async () => {
    const login = await f.request('POST', '/api/login', undefined, {
      email: 'paula.weg@mail.test',
      password: AGENT_TEST_PASSWORD,
    });
    expect(login.status).toBe(401);
    expect((await f.request('GET', '/api/profile', candidateToken)).status).toBe(401);
  });

  it('the deletion is recorded without personal data: who, when, kind and reason only', async () => {
    const [record] = await rows(
      sql`select * from erasures where reason = 'erasure_request' order by id desc limit 1`,
      AnyRow,
    );
    expect(Object.keys(record ?? {}).sort()).toEqual(['agent_id', 'at', 'by', 'id', 'kind', 'reason']);
    expect(record).toMatchObject({ kind: 'candidate', by: 'agent', agent_id: f.ids.agent });
    const everywhere = JSON.stringify(await rows(sql`select * from erasures`, AnyRow));
    for (const trace of [c.profileId, c.userId!, 'Paula', 'paula.weg'])
      expect(everywhere).not.toContain(trace);
    // The only mail to the address is the notice that the account is gone.
    const mails = await rows(
      sql`select subject from outbox where recipient = 'paula.weg@mail.test'`,
      v.object({ subject: text }),
    );
    expect(mails).toHaveLength(1);
  });
});

describe('a company', () => {
  it('the client of active jobs is refused until they are archived; then it goes with its contacts, the jobs stay', async () => {
    const company = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values", contact_email, assigned_agent_id)
          values (${company}, '{"name":"Nordlicht Logistik GmbH"}'::jsonb, 'info@nordlicht.test', ${f.ids.agent})`,
    );
    await f.db.db.execute(
      sql`insert into company_contacts (id, company_id, name, email, is_default)
          values (gen_random_uuid(), ${company}, 'Klara Kontakt', 'klara@nordlicht.test', true)`,
    );
    const c = await candidate(null);
    const job = await inPipeline(c.profileId, company);

    const shown = await preview('company', company);
    expect(shown).toMatchObject({
      kind: 'company',
      name: 'Nordlicht Logistik GmbH',
      email: 'info@nordlicht.test',
      account: false,
      contacts: 1,
      jobs: 1,
      activeJobs: [{ uuid: job, title: 'Lager Köln' }],
    });
    const body = { reason: 'no_longer_needed', confirm: 'nordlicht logistik gmbh' };
    const refused = await erase('company', company, body);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('erasure.active_jobs');
    expect(await exists('companies', company)).toBe(true);

    await f.db.db.execute(sql`update jobs set status = 'archived' where id = ${job}`);
    const res = await erase('company', company, body);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await exists('companies', company)).toBe(false);
    expect(await rows(sql`select 1 from company_contacts where company_id = ${company}`, NoColumns)).toEqual(
      [],
    );
    expect(
      await rows(
        sql`select client_company_id from jobs where id = ${job}`,
        v.object({ client_company_id: uuidOrNull }),
      ),
    ).toEqual([{ client_company_id: null }]);
    expect(await exists('profiles', c.profileId)).toBe(true);
    expect((await erasureRows()).at(-1)).toEqual({
      kind: 'company',
      reason: 'no_longer_needed',
      by: 'agent',
      agent_id: f.ids.agent,
    });
  });

  it('a company account goes with its sessions, as the owner’s own deletion', async () => {
    const company = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, user_id, "values") values (${company}, ${f.ids.company}, '{"name":"Rheinwerk Bau GmbH"}'::jsonb)`,
    );
    const res = await erase(
      'company',
      company,
      { reason: 'erasure_request', confirm: 'company@agents.test' },
      'senior',
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await exists('users', f.ids.company)).toBe(false);
    expect((await f.request('GET', '/api/company', f.tokens.company)).status).toBe(401);
  });
});

describe('nothing half-written', () => {
  it('a failure inside the deletion leaves the account, profile, photo and history as they were', async () => {
    const c = await candidate('agent', 'paula.fault@mail.test');
    const job = await inPipeline(c.profileId);
    await replacePhoto(f.db.db, new FilePhotoStorage(join(f.dataDir, 'photos')), c.userId!, {
      photo: Buffer.from('photo'),
      thumb: Buffer.from('thumb'),
    });
    const files = await photoFiles();
    const before = (await erasureRows()).length;
    // The deletion's record is written last: make it fail, after everything else was done.
    await f.db.db.execute(
      sql`create function erasures_fail() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
    );
    await f.db.db.execute(
      sql`create trigger erasures_fail before insert on erasures for each row execute function erasures_fail()`,
    );
    try {
      const res = await erase('profile', c.profileId, { reason: 'duplicate', confirm: c.name });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await f.db.db.execute(sql`drop trigger erasures_fail on erasures`);
      await f.db.db.execute(sql`drop function erasures_fail()`);
    }
    expect(await exists('profiles', c.profileId)).toBe(true);
    expect(await exists('users', c.userId!)).toBe(true);
    expect(await photoFiles()).toEqual(files);
    expect(
      await rows(sql`select 1 from pipeline_entries where profile_id = ${c.profileId}`, NoColumns),
    ).toHaveLength(1);
    const history = await rows(
      sql`select details from timeline_entries where job_id = ${job}`,
      v.object({ details: record }),
    );
    expect(history[0]?.details.profile).toBe(c.profileId);
    expect((await erasureRows()).length).toBe(before);
  });
});
