import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TimelineEntry, TimelinePageSchema } from '../../contract/timeline';
import { recordAction } from '../agents/audit';
import { seededAgentFixture } from '../http/agent-test-kit';
import { agentJobBody } from '../http/job-test-kit';
import { anonymisePipelineHistory } from '../pipeline/anonymise';

// Issue 42: every timeline entry names the other side — a job's the candidate, a candidate's the job
// and its client, a company's the job and the candidate — as the records are when it is read, and an
// edit names its fields with their forms' labels.

const f = seededAgentFixture();
let job: string;

beforeAll(async () => {
  const res = await f.request('PUT', '/api/job', f.tokens.agent, {
    ...agentJobBody('Lagerhelfer'),
    client: f.companyId,
  });
  expect(res.status).toBe(201);
  job = ((await res.json()) as { uuid: string }).uuid;
});

async function events(subject: string, id: string): Promise<TimelineEntry[]> {
  const res = await f.request('GET', `/api/agent/timeline/${subject}/${id}?kind=event`, f.tokens.agent);
  expect(res.status).toBe(200);
  return v.parse(TimelinePageSchema, await res.json()).items;
}

const stageChange = async (subject: string, id: string) =>
  (await events(subject, id)).find((e) => e.action === 'stage.changed');

/** Adds a candidate to the job's pipeline: stage.changed on both timelines. */
async function addToPipeline(profile: string) {
  const res = await f.request('PUT', `/api/job/${job}/pipeline/${profile}`, f.tokens.agent);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

describe('the other side of an entry', () => {
  it("a job's timeline names the candidate, a candidate's names the job and its client", async () => {
    await addToPipeline(f.mueller);
    expect((await stageChange('job', job))?.references).toEqual({
      profile: { uuid: f.mueller, name: 'Anna Müller', type: 'stella' },
    });
    expect((await stageChange('profile', f.mueller))?.references).toEqual({
      job: { uuid: job, name: 'Lagerhelfer' },
      company: { uuid: f.companyId, name: 'Rheinwerk Bau GmbH' },
    });
  });

  it('names the records as they are now: a renamed job and candidate show their new names', async () => {
    await addToPipeline(f.luna);
    await f.db.db.execute(
      sql`update jobs set "values" = jsonb_set("values", '{title}', '"Lagerlogistik"') where id = ${job}`,
    );
    await f.db.db.execute(
      sql`update profiles set "values" = jsonb_set("values", '{last_name}', '"Lunke-Berg"') where id = ${f.luna}`,
    );
    expect((await stageChange('profile', f.luna))?.references.job).toEqual({
      uuid: job,
      name: 'Lagerlogistik',
    });
    const named = (await events('job', job)).map((e) => e.references.profile?.name);
    expect(named).toContain('Lena Lunke-Berg');
  });

  it("a company's timeline names the job and the candidate, never the company itself", async () => {
    await f.db.db.transaction(async (tx) =>
      recordAction(tx as never, { userId: f.ids.agent }, { kind: 'company', id: f.companyId }, 'card.sent', {
        job,
        profile: f.mueller,
        company: f.companyId,
      }),
    );
    const [sent] = await events('company', f.companyId);
    expect(sent?.references).toEqual({
      job: { uuid: job, name: 'Lagerlogistik' },
      profile: { uuid: f.mueller, name: 'Anna Müller', type: 'stella' },
    });
  });

  it("names the company a candidate was submitted to, not the job's client since (decision 0026)", async () => {
    const { profileId: sent } = await f.addCandidate('stella', { first_name: 'Sina', last_name: 'Sendung' });
    const { profileId: notSent } = await f.addCandidate('stella', { first_name: 'Nils', last_name: 'Neu' });
    await addToPipeline(sent);
    await addToPipeline(notSent);
    await f.db.db.execute(
      sql`update pipeline_entries set submitted_company_id = ${f.companyId}, submitted_at = now()
          where job_id = ${job} and profile_id = ${sent}`,
    );
    const newClient = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values") values (${newClient}, '{"name": "Neukunde KG"}'::jsonb)`,
    );
    await f.db.db.execute(sql`update jobs set client_company_id = ${newClient} where id = ${job}`);
    try {
      expect((await stageChange('profile', sent))?.references.company).toEqual({
        uuid: f.companyId,
        name: 'Rheinwerk Bau GmbH',
      });
      expect((await stageChange('profile', notSent))?.references.company).toEqual({
        uuid: newClient,
        name: 'Neukunde KG',
      });
    } finally {
      await f.db.db.execute(sql`update jobs set client_company_id = ${f.companyId} where id = ${job}`);
    }
  });

  it('names a deleted candidate, job or company as gone, without uuid or name', async () => {
    const { profileId: gone } = await f.addCandidate('nova', { first_name: 'Gerd', last_name: 'Geht' });
    await addToPipeline(gone);
    const otherJob = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into jobs (id, "values") values (${otherJob}, ${JSON.stringify({ title: 'Weg' })}::jsonb)`,
    );
    const doomedCompany = crypto.randomUUID();
    await f.db.db.execute(
      sql`insert into companies (id, "values") values (${doomedCompany}, '{"name": "Schluss AG"}'::jsonb)`,
    );
    await f.db.db.transaction(async (tx) => {
      await recordAction(
        tx as never,
        { userId: f.ids.agent },
        { kind: 'profile', id: f.mueller },
        'card.sent',
        {
          job: otherJob,
        },
      );
      await recordAction(tx as never, { userId: f.ids.agent }, { kind: 'job', id: job }, 'contact.added', {
        company: doomedCompany,
      });
    });
    // The agency deletes the person as retention does: the job's history stays, anonymised.
    await f.db.db.transaction(async (tx) => {
      await anonymisePipelineHistory(tx as never, sql`${gone}`);
      await tx.execute(sql`delete from profiles where id = ${gone}`);
    });
    await f.db.db.execute(sql`delete from jobs where id = ${otherJob}`);
    await f.db.db.execute(sql`delete from companies where id = ${doomedCompany}`);

    const onJob = await events('job', job);
    const anonymised = onJob.filter((e) => e.action === 'stage.changed' && e.details.anonymised === true);
    expect(anonymised.map((e) => e.references)).toEqual([
      { profile: { uuid: null, name: null, type: null } },
    ]);
    expect(onJob.find((e) => e.action === 'contact.added')?.references).toEqual({
      company: { uuid: null, name: null },
    });
    const [sent] = await events('profile', f.mueller);
    expect(sent?.references).toEqual({ job: { uuid: null, name: null } });
  });
});

describe('the fields of an edit', () => {
  it("names each changed field with its form's label in German and English; an unknown key has none", async () => {
    await f.db.db.transaction(async (tx) =>
      recordAction(
        tx as never,
        { userId: f.ids.agent },
        { kind: 'profile', id: f.stellaNoAccount },
        'profile.edited',
        {
          fields: ['about', 'available_from', 'contact_email', 'gone_field'],
        },
      ),
    );
    const [edit] = await events('profile', f.stellaNoAccount);
    expect(edit?.fields).toEqual([
      { key: 'about', label: { de: 'Über mich', en: 'About me' } },
      { key: 'available_from', label: { de: 'Verfügbar ab', en: 'Available from' } },
      {
        key: 'contact_email',
        label: { de: 'E-Mail-Adresse (für die Einladung)', en: 'E-mail address (for the invitation)' },
      },
      { key: 'gone_field', label: null },
    ]);
  });

  it("takes a job edit's labels from the job's catalogue", async () => {
    const res = await f.request('GET', `/api/job/${job}`, f.tokens.agent);
    const { version } = (await res.json()) as { version: number };
    const saved = await f.request('POST', `/api/job/${job}`, f.tokens.agent, {
      ...agentJobBody('Lagerlogistik'),
      values: { title: 'Lagerlogistik', target_types: ['stella'] },
      client: f.companyId,
      version,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const edit = (await events('job', job)).find((e) => e.action === 'job.edited');
    expect(edit?.fields).toContainEqual({
      key: 'target_types',
      label: { de: 'Zielgruppen', en: 'Target groups' },
    });
    // What the job's form names without the catalogue (its criteria, its client) the client names.
    expect(edit?.fields.find((field) => field.key === 'criteria')).toEqual({ key: 'criteria', label: null });
  });

  it('answers no fields and no references for a note', async () => {
    const res = await f.request('POST', `/api/agent/timeline/job/${job}`, f.tokens.agent, {
      kind: 'note',
      text: 'Kunde ruft zurück.',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ references: {}, fields: [] });
  });
});
