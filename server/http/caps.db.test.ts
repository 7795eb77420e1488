import { describe, expect, it } from 'vitest';
import type { Job, Run } from '../../contract/job';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { JobServices } from '../jobs/services';
import { createLogger } from '../log';
import { agentJobBody, codeOf, companyRequestBody, json, setUpJobFixture } from './job-test-kit';
import { bearerRequests } from './test-app';

// The caps of PRODUCT.md §8: 429 with Retry-After, counted in the database so a second server
// process over the same database (another node) counts the same calls.

let now = Date.parse('2026-04-01T08:00:00Z');
const f = setUpJobFixture({ profiles: 50, clock: () => now });

/** A second node: its own app and job services over the same database. */
function secondNode() {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://matchwerk.test',
  });
  const services = new JobServices(f.db.db, 2000, () => now);
  const app = createApp({
    config,
    db: f.db,
    logger: createLogger(config),
    auth: f.auth,
    staticDir: null,
    jobs: services,
  });
  return bearerRequests(app);
}

const retryAfter = (res: Response) => Number(res.headers.get('retry-after'));

describe('caps per caller', () => {
  it('lets a company file 20 job requests a day, the 21st on any node answers 429 cap.job_requests', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await f.call('PUT', '/api/job', f.tokens.company, companyRequestBody(`Request ${i}`));
      expect(res.status, `request ${i}`).toBe(201);
    }
    const refused = await secondNode()('PUT', '/api/job', f.tokens.company, companyRequestBody('One more'));
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('cap.job_requests');
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(86_400);
    // Nothing half-written: still 20 requests.
    const list = await json<{ total: number }>(
      await f.call('GET', '/api/jobs/list?limit=100', f.tokens.company),
    );
    expect(list.total).toBe(20);
    // Another company and the agents are not held by it.
    expect((await f.call('PUT', '/api/job', f.tokens.otherCompany, companyRequestBody())).status).toBe(201);
    expect((await f.call('PUT', '/api/job', f.tokens.agent, agentJobBody())).status).toBe(201);
    // A day later the company files again.
    now += 86_400_000;
    expect((await f.call('PUT', '/api/job', f.tokens.company, companyRequestBody('Next day'))).status).toBe(
      201,
    );
  });

  it('lets an agent queue 10 runs; the 11th answers 429 cap.runs_queued until a worker takes one', async () => {
    const jobs: Job[] = [];
    for (let i = 0; i < 11; i++) jobs.push(await f.createJob(agentJobBody(`Run cap ${i}`)));
    // Runs queued by earlier tests are taken first, so the agent starts with none queued.
    while (await f.worker().runOnce()) {}
    for (const job of jobs.slice(0, 10))
      expect((await f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent)).status).toBe(202);
    const refused = await secondNode()('POST', `/api/job/${jobs[10]!.uuid}/run`, f.tokens.agent);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('cap.runs_queued');
    expect(retryAfter(refused)).toBeGreaterThan(0);
    // Asking again for a job whose run is queued answers that run: nothing new is queued.
    const again = await f.call('POST', `/api/job/${jobs[0]!.uuid}/run`, f.tokens.agent);
    expect(again.status).toBe(202);
    // A worker claims one: there is room for one more.
    expect(await f.worker().runOnce()).toBe(true);
    expect((await f.call('POST', `/api/job/${jobs[10]!.uuid}/run`, f.tokens.agent)).status).toBe(202);
    expect((await f.call('POST', `/api/job/${jobs[10]!.uuid}/run`, f.tokens.agent)).status).toBe(202);
    while (await f.worker().runOnce()) {}
  });

  it('answers 20 previews per agent and second, the 21st 429 cap.previews; the next second again', async () => {
    now += 5_000;
    const body = agentJobBody();
    const preview = { targetTypes: body.values.target_types, criteria: body.criteria };
    for (let i = 0; i < 20; i++)
      expect((await f.call('POST', '/api/job/preview', f.tokens.agent, preview)).status).toBe(200);
    const refused = await secondNode()('POST', '/api/job/preview', f.tokens.agent, preview);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('cap.previews');
    expect(retryAfter(refused)).toBe(1);
    now += 1_000;
    expect((await f.call('POST', '/api/job/preview', f.tokens.agent, preview)).status).toBe(200);
  });

  it('keeps at most 10 progress streams open per user; a closed one frees its place', async () => {
    const job = await f.createJob(agentJobBody('Streams'));
    const run = await json<{ run: Run }>(await f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent));
    expect(run.run.state).toBe('queued');
    const open: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await f.call('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent);
      expect(res.status, `stream ${i}`).toBe(200);
      open.push(res);
    }
    const refused = await secondNode()('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent);
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('cap.streams');
    expect(retryAfter(refused)).toBeGreaterThan(0);
    // The client leaves one stream: its place comes free once the server notices.
    await open.pop()!.body!.cancel();
    await expect
      .poll(async () => {
        const res = await f.call('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent);
        if (res.status === 200) open.push(res);
        return res.status;
      })
      .toBe(200);
    // The run ends: every stream ends with it and gives its place back.
    while (await f.worker().runOnce()) {}
    await Promise.all(open.map((res) => res.text()));
    const after = await f.call('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent);
    expect(after.status).toBe(200);
    await after.text();
  });

  it('of 11 streams opened at once, 10 open and one is refused (issue 41: all 11 were refused)', async () => {
    const job = await f.createJob(agentJobBody('Streams at once'));
    expect((await f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent)).status).toBe(202);
    const answers = await Promise.all(
      Array.from({ length: 11 }, () => f.call('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(10).fill(200), 429]);
    while (await f.worker().runOnce()) {}
    await Promise.all(answers.map((res) => res.text()));
  });
});
