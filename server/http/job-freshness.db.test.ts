import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job, JobListResponse } from '../../contract/job';
import { agentJobBody, companyRequestBody, json, setUpJobFixture } from './job-test-kit';

// Freshness (issue 20, point 5): a job whose criteria or target types changed after its latest done
// run says so, on the job and in the job list, until a run started after the change is done.

const f = setUpJobFixture({ profiles: 60 });

const read = async (uuid: string, token = f.tokens.agent) =>
  json<Job>(await f.call('GET', `/api/job/${uuid}`, token));
const listed = async (uuid: string, token = f.tokens.agent) => {
  const list = await json<JobListResponse>(await f.call('GET', '/api/jobs/list?limit=100', token));
  return list.items.find((j) => j.uuid === uuid);
};
interface Body {
  values: Record<string, unknown>;
  criteria: { key: string; value: unknown; weight: number; must: boolean }[];
  version: number;
}
async function save(job: Job, change: (body: Body) => void): Promise<Job> {
  const body: Body = { values: { ...job.values }, criteria: [], version: job.version };
  body.criteria = job.criteria.map((c) => ({
    key: c.key,
    value: c.key === 'location' ? { id: 2925533, radius_km: 80 } : c.value,
    weight: c.weight ?? 0,
    must: c.must ?? false,
  }));
  change(body);
  const res = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Job>(res);
}

describe('criteria changed since the run', () => {
  it('is false before any run and after a run', async () => {
    const job = await f.createJob(agentJobBody('Fresh job'));
    expect(job.criteriaChangedSinceRun).toBe(false);
    await f.runToDone(job.uuid);
    expect((await read(job.uuid)).criteriaChangedSinceRun).toBe(false);
    expect((await listed(job.uuid))?.criteriaChangedSinceRun).toBe(false);
  });

  it('stays false when only the title changes: the run scored the same criteria', async () => {
    const job = await f.createJob(agentJobBody('Title only'));
    await f.runToDone(job.uuid);
    const saved = await save(await read(job.uuid), (body) => {
      body.values.title = 'Title only, renamed';
    });
    expect(saved.criteriaChangedSinceRun).toBe(false);
    expect((await listed(job.uuid))?.criteriaChangedSinceRun).toBe(false);
  });

  it('turns true when a weight or the target types change, in the answer, the job and the list; a new run clears it', async () => {
    const job = await f.createJob(agentJobBody('Weights'));
    await f.runToDone(job.uuid);
    const saved = await save(await read(job.uuid), (body) => {
      body.criteria[0]!.weight = 1;
    });
    expect(saved.criteriaChangedSinceRun).toBe(true);
    expect((await read(job.uuid)).criteriaChangedSinceRun).toBe(true);
    expect((await listed(job.uuid))?.criteriaChangedSinceRun).toBe(true);
    await f.runToDone(job.uuid);
    expect((await read(job.uuid)).criteriaChangedSinceRun).toBe(false);

    const typed = await save(await read(job.uuid), (body) => {
      body.values.target_types = ['stella'];
    });
    expect(typed.criteriaChangedSinceRun).toBe(true);
  });

  it('counts against the run that started: a change while a run is queued leaves the results stale', async () => {
    const job = await f.createJob(agentJobBody('Queued'));
    await f.runToDone(job.uuid);
    await f.requestRun(job.uuid);
    // The run was queued before the change and starts after it: it scores the new criteria.
    await save(await read(job.uuid), (body) => {
      body.criteria[0]!.weight = 2;
    });
    expect((await read(job.uuid)).criteriaChangedSinceRun).toBe(true);
    const worker = f.worker();
    while (await worker.runOnce()) {}
    expect((await read(job.uuid)).criteriaChangedSinceRun).toBe(false);
  });

  it('is never told to a company, whose request an agent changed after a run', async () => {
    const request = await f.createJob(companyRequestBody('Company request'), f.tokens.company);
    await f.runToDone(request.uuid);
    await f.db.db.execute(
      sql`update jobs set criteria = jsonb_set(criteria, '{0,weight}', '4'::jsonb) where id = ${request.uuid}`,
    );
    expect((await read(request.uuid)).criteriaChangedSinceRun).toBe(true);
    expect((await read(request.uuid, f.tokens.company)).criteriaChangedSinceRun).toBe(false);
    expect((await listed(request.uuid, f.tokens.company))?.criteriaChangedSinceRun).toBe(false);
  });
});
