import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type { Job, JobListResponse, ResultsResponse } from '../../contract/job';
import { signAccessToken } from '../auth/tokens';
import { users } from '../db/schema/users';
import { agentJobBody, codeOf, companyRequestBody, json, setUpJobFixture } from './job-test-kit';

// Who may make which job call (PRODUCT.md §5), and a company's requests.

const f = setUpJobFixture({ profiles: 300 });

describe('who may call what', () => {
  type Role = 'anonymous' | 'candidate' | 'company' | 'otherCompany' | 'agent';
  const roles: Role[] = ['anonymous', 'candidate', 'company', 'otherCompany', 'agent'];
  let agentJob: Job;
  let request: Job;
  let doomed: Job;
  let profileId: string;

  beforeAll(async () => {
    agentJob = await f.createJob(agentJobBody('Matrix job'));
    request = await f.createJob(companyRequestBody('Matrix request'), f.tokens.company);
    doomed = await f.createJob(agentJobBody('To be deleted'));
    await f.runToDone(agentJob.uuid);
    const results = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${agentJob.uuid}`, f.tokens.agent),
    );
    profileId = results.items[0]!.uuid;
  });

  const token = (role: Role) => (role === 'anonymous' ? undefined : f.tokens[role]);
  // Per call: the status each role gets, in the order anonymous, candidate, company, other company, agent.
  const calls: [string, (role: Role) => [string, string, unknown?], number[]][] = [
    [
      'PUT /api/job',
      (role) => ['PUT', '/api/job', role === 'agent' ? agentJobBody() : companyRequestBody()],
      [401, 403, 201, 201, 201],
    ],
    ['GET /api/job/{request}', () => ['GET', `/api/job/${request.uuid}`], [401, 403, 200, 404, 200]],
    ['GET /api/job/{agent job}', () => ['GET', `/api/job/${agentJob.uuid}`], [401, 403, 404, 404, 200]],
    [
      'POST /api/job/{request}',
      () => ['POST', `/api/job/${request.uuid}`, { ...agentJobBody(), version: 0 }],
      [401, 403, 403, 403, 200],
    ],
    [
      'POST /api/job/changestatus/{request}',
      () => ['POST', `/api/job/changestatus/${request.uuid}`, { status: 'active' }],
      [401, 403, 403, 403, 200],
    ],
    ['GET /api/jobs/list', () => ['GET', '/api/jobs/list'], [401, 403, 200, 200, 200]],
    [
      'POST /api/job/{request}/take',
      () => ['POST', `/api/job/${request.uuid}/take`],
      [401, 403, 403, 403, 200],
    ],
    [
      'POST /api/job/{request}/run',
      () => ['POST', `/api/job/${request.uuid}/run`],
      [401, 403, 403, 403, 202],
    ],
    [
      'GET /api/job/{agent job}/run',
      () => ['GET', `/api/job/${agentJob.uuid}/run`],
      [401, 403, 403, 403, 200],
    ],
    [
      'GET /api/job/{agent job}/run/events',
      () => ['GET', `/api/job/${agentJob.uuid}/run/events`],
      [401, 403, 403, 403, 200],
    ],
    [
      'GET /api/job/showresults/{request}',
      () => ['GET', `/api/job/showresults/${request.uuid}`],
      [401, 403, 403, 403, 200],
    ],
    [
      'GET /api/job/showresults/{agent job}?format=csv',
      () => ['GET', `/api/job/showresults/${agentJob.uuid}?format=csv`],
      [401, 403, 403, 403, 200],
    ],
    [
      'GET /api/job/showresultsdetail/{agent job}/{profile}',
      () => ['GET', `/api/job/showresultsdetail/${agentJob.uuid}/${profileId}`],
      [401, 403, 403, 403, 200],
    ],
    [
      'POST /api/job/preview',
      () => ['POST', '/api/job/preview', { targetTypes: ['stella'], criteria: agentJobBody().criteria }],
      [401, 403, 403, 403, 200],
    ],
    [
      'GET /api/job/{request}/near-misses',
      () => ['GET', `/api/job/${request.uuid}/near-misses`],
      [401, 403, 403, 403, 200],
    ],
    [
      'PUT /api/job/{agent job}/shortlist/{profile}',
      () => ['PUT', `/api/job/${agentJob.uuid}/shortlist/${profileId}`],
      [401, 403, 403, 403, 200],
    ],
    [
      'DELETE /api/job/{agent job}/shortlist/{profile}',
      () => ['DELETE', `/api/job/${agentJob.uuid}/shortlist/${profileId}`],
      [401, 403, 403, 403, 204],
    ],
    ['DELETE /api/job/{job}', () => ['DELETE', `/api/job/${doomed.uuid}`], [401, 403, 403, 403, 204]],
  ];

  it.each(calls)('%s', async (_name, target, expected) => {
    const statuses: number[] = [];
    for (const role of roles) {
      const [method, path, body] = target(role);
      const res = await f.call(method, path, token(role), body);
      statuses.push(res.status);
      if (res.status === 403) expect(await codeOf(res)).toBe('auth.forbidden');
      else if (res.status === 401) expect(await codeOf(res)).toBe('auth.required');
      else if (res.status === 404) expect(await codeOf(res)).toBe('job.not_found');
      else await res.body?.cancel();
    }
    expect(statuses).toEqual(expected);
  });

  it('a company reads its own requests without weights, must flags or scores, and never another’s', async () => {
    const own = await json<Job>(await f.call('GET', `/api/job/${request.uuid}`, f.tokens.company));
    expect(own.origin).toBe('company');
    expect(own.company?.uuid).toBeTruthy();
    for (const c of own.criteria) expect(Object.keys(c).sort()).toEqual(['key', 'value']);
    const list = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.company));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((j) => j.origin === 'company' && j.company?.uuid === own.company?.uuid)).toBe(
      true,
    );
    const other = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.otherCompany));
    expect(other.items.map((j) => j.uuid)).not.toContain(request.uuid);
  });

  it('a company cannot order its requests by the hidden best score (400); agents can', async () => {
    for (const order of ['desc', 'asc']) {
      const res = await f.call('GET', `/api/jobs/list?sort=best_score&order=${order}`, f.tokens.company);
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({
        code: 'request.invalid',
        fields: { sort: ['query.invalid'] },
      });
    }
    expect((await f.call('GET', '/api/jobs/list?sort=title', f.tokens.company)).status).toBe(200);
    expect((await f.call('GET', '/api/jobs/list?sort=best_score', f.tokens.agent)).status).toBe(200);
  });
});

describe('a company request', () => {
  it('is stored as origin company with neutral weights; the agent sees them and the company mark', async () => {
    const job = await f.createJob(companyRequestBody('Staplerfahrer'), f.tokens.company);
    const seen = await json<Job>(await f.call('GET', `/api/job/${job.uuid}`, f.tokens.agent));
    expect(seen.origin).toBe('company');
    expect(seen.criteria.map((c) => [c.key, c.weight, c.must])).toEqual([
      ['location', 1, false],
      ['employment_types', 1, false],
    ]);
    const list = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?origin=company&q=stapler', f.tokens.agent),
    );
    expect(list.items.map((j) => j.uuid)).toEqual([job.uuid]);
  });

  it('is refused with criterion.agent_only when it carries a weight or a must flag', async () => {
    const body = {
      values: { title: 'Mit Gewicht' },
      criteria: [
        { key: 'employment_types', value: ['full_time'], weight: 5 },
        { key: 'start_date', value: '2027-03-01', must: true },
      ],
    };
    const res = await f.call('PUT', '/api/job', f.tokens.company, body);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toEqual({
      'criteria.employment_types': ['criterion.agent_only'],
      'criteria.start_date': ['criterion.agent_only'],
    });
  });

  it('is refused when it names target groups or criteria only agents choose (they are not in its form)', async () => {
    const body = {
      values: { title: 'Mit Zielgruppe', target_types: ['stella'] },
      criteria: [{ key: 'skills', value: ['forklift_licence'] }],
    };
    const res = await f.call('PUT', '/api/job', f.tokens.company, body);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toMatchObject({
      target_types: ['field.unknown'],
      'criteria.skills': ['criterion.unknown'],
    });
  });

  it('cannot be filed by a company that has not finished its registration', async () => {
    await f.db.db.execute(
      sql`update users set registration_step = 2 where email = 'other-company@jobs.test'`,
    );
    const [user] = await f.db.db.select().from(users).where(eq(users.email, 'other-company@jobs.test'));
    const token = await signAccessToken(f.auth.tokens, user!, 'ok');
    const res = await f.call('PUT', '/api/job', token, companyRequestBody());
    expect(res.status).toBe(403);
    await f.db.db.execute(
      sql`update users set registration_step = 0 where email = 'other-company@jobs.test'`,
    );
  });
});
