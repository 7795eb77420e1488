import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ClientSearchResponse } from '../../contract/client';
import type { ErrorBody } from '../../contract/errors';
import type { Job, JobListResponse } from '../../contract/job';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { CountRow, IdRow, record, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { setUpClientFixture } from './client-test-kit';
import { agentJobBody, codeOf, companyRequestBody, json } from './job-test-kit';

/**
 * Clients (PRODUCT.md §10, contract/client.ts): the client a job names, "take it", a company
 * leaving, and the backfill of migration 0022. The contacts are client-contacts.routes.db.test.ts.
 */

const { f, c, userId, insertCompany, add } = setUpClientFixture();

describe('a job names its client', () => {
  it('finds companies as the agent types: folded, every word, names beginning with it first', async () => {
    const found = await json<ClientSearchResponse>(
      await f.call('GET', '/api/clients/search?q=MAIN', f.tokens.agent),
    );
    expect(found.items.map((c) => c.name)).toEqual(['Mainfähre Schifffahrt KG', 'Mainsoft AG']);
    const two = await json<ClientSearchResponse>(
      await f.call('GET', '/api/clients/search?q=mainfahre%20wurz', f.tokens.agent),
    );
    expect(two.items).toEqual([{ uuid: c.third, name: 'Mainfähre Schifffahrt KG', city: 'Würzburg' }]);
    const bad = await f.call('GET', '/api/clients/search?limit=0', f.tokens.agent);
    expect(bad.status).toBe(400);
  });

  it('stores the chosen company, answers its name, lists the job under it, and drops it for none', async () => {
    const job = await f.createJob({ ...agentJobBody('Für Mainsoft'), client: c.others });
    expect(job.client).toEqual({ uuid: c.others, name: 'Mainsoft AG' });
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
    const before = await queryRows(f.db.db, sql`select count(*) as n from jobs`, CountRow);
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
    expect(await queryRows(f.db.db, sql`select count(*) as n from jobs`, CountRow)).toEqual(before);
  });

  it("makes a company's request the company's own: it cannot name another, and an agent's edit may not change it", async () => {
    const named = await f.call('PUT', '/api/job', f.tokens.company, {
      ...companyRequestBody(),
      client: c.others,
    });
    expect(named.status).toBe(400);
    expect((await json<ErrorBody>(named)).fields).toEqual({ client: ['client.agent_only'] });
    const request = await f.createJob(companyRequestBody('Eigene Anfrage'), f.tokens.company);
    expect(request.client).toEqual({ uuid: c.own, name: 'Rheinwerk Logistik GmbH' });
    // Refused clearly, not answered 200 with the client silently kept (issue 41); nothing changes.
    const edited = await f.call('POST', `/api/job/${request.uuid}`, f.tokens.agent, {
      ...agentJobBody('Eigene Anfrage (geändert)'),
      client: c.others,
      version: request.version,
    });
    expect(edited.status).toBe(400);
    expect((await json<ErrorBody>(edited)).fields).toEqual({ client: ['client.request_fixed'] });
    const unchanged = await json<Job>(await f.call('GET', `/api/job/${request.uuid}`, f.tokens.agent));
    expect(unchanged.version).toBe(request.version);
    expect(unchanged.client).toEqual({ uuid: c.own, name: 'Rheinwerk Logistik GmbH' });
    // Naming its own client, or none at all, edits the request.
    for (const client of [{ client: c.own }, {}]) {
      const current = await json<Job>(await f.call('GET', `/api/job/${request.uuid}`, f.tokens.agent));
      const saved = await f.call('POST', `/api/job/${request.uuid}`, f.tokens.agent, {
        ...agentJobBody('Eigene Anfrage'),
        ...client,
        version: current.version,
      });
      expect(saved.status, JSON.stringify(client)).toBe(200);
      expect((await json<Job>(saved)).client).toEqual({ uuid: c.own, name: 'Rheinwerk Logistik GmbH' });
    }
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
    const takenJob = await json<Job>(taken);
    expect(takenJob.assignedAgent).toEqual({ uuid: agentId, name: 'Alex Berger' });
    // Taken, the request targets the vetted candidates a run of it would rank (issue 42): the agent's
    // editor opens on a job that can be saved and run, one version on.
    expect(takenJob.values.target_types).toEqual(['stella']);
    expect(takenJob.version).toBe(request.version + 1);
    expect((await seen()).assignedAgent).toEqual({ uuid: agentId, name: 'Alex Berger' });
    const listed = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.company));
    expect(listed.items.find((j) => j.uuid === request.uuid)?.assignedAgent?.name).toBe('Alex Berger');
    // Taking it again changes nothing; a second agent gets 409.
    const again = await f.call('POST', `/api/job/${request.uuid}/take`, f.tokens.agent);
    expect(again.status).toBe(200);
    expect((await json<Job>(again)).version).toBe(request.version + 1);
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
    const left = await queryRows(
      f.db.db,
      sql`select id from company_contacts where company_id = ${company}`,
      IdRow,
    );
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
    const rows = await queryRows(
      f.db.db,
      sql`select id, client_company_id, client_text, assigned_agent_id, "values" from jobs
          where id in (${matched}, ${unmatched}, ${blank}, ${request})`,
      v.object({
        id: uuid,
        client_company_id: uuidOrNull,
        client_text: textOrNull,
        assigned_agent_id: uuidOrNull,
        values: record,
      }),
    );
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(matched)).toMatchObject({
      client_company_id: c.others,
      client_text: null,
      assigned_agent_id: agent,
    });
    expect(by.get(unmatched)).toMatchObject({ client_company_id: null, client_text: 'Hafenlager Nord' });
    expect(by.get(blank)).toMatchObject({ client_company_id: null, client_text: null });
    expect(by.get(request)).toMatchObject({
      client_company_id: c.own,
      client_text: null,
      assigned_agent_id: null,
    });
    for (const row of rows) expect(row.values).not.toHaveProperty('company');
  });
});
