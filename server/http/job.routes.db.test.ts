import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type {
  Job,
  JobListResponse,
  NearMissesResponse,
  PreviewResponse,
  ResultDetail,
  ResultsResponse,
  Run,
} from '../../contract/job';
import type { BreakdownItem } from '../../contract/matching';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { users } from '../db/schema/users';
import { strongestReasons } from '../jobs/results';
import { agentJobBody, createJobFixture, type JobFixture } from './job-test-kit';

let f: JobFixture;

beforeAll(async () => {
  f = await createJobFixture({ profiles: 300 });
});
afterAll(() => f.close());

const json = async <T>(res: Response) => (await res.json()) as T;
const codeOf = async (res: Response) => (await json<ErrorBody>(res)).code;

/** A company's request: the job form without weights and must flags. */
const requestBody = (title = 'Lagerhelfer (m/w/d)') => ({
  values: { title, target_types: ['stella'] },
  criteria: [
    { key: 'skills', value: ['forklift_licence'] },
    { key: 'location', value: { id: 2950159, radius_km: 30 } },
  ],
});

describe('who may call what', () => {
  type Role = 'anonymous' | 'candidate' | 'company' | 'otherCompany' | 'agent';
  const roles: Role[] = ['anonymous', 'candidate', 'company', 'otherCompany', 'agent'];
  let agentJob: Job;
  let request: Job;
  let doomed: Job;
  let profileId: string;

  beforeAll(async () => {
    agentJob = await f.createJob(agentJobBody('Matrix job'));
    request = await f.createJob(requestBody('Matrix request'), f.tokens.company);
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
      (role) => ['PUT', '/api/job', role === 'agent' ? agentJobBody() : requestBody()],
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
});

describe('a company request', () => {
  it('is stored as origin company with neutral weights; the agent sees them and the company mark', async () => {
    const job = await f.createJob(requestBody('Staplerfahrer'), f.tokens.company);
    const seen = await json<Job>(await f.call('GET', `/api/job/${job.uuid}`, f.tokens.agent));
    expect(seen.origin).toBe('company');
    expect(seen.criteria.map((c) => [c.key, c.weight, c.must])).toEqual([
      ['skills', 1, false],
      ['location', 1, false],
    ]);
    const list = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?origin=company&q=stapler', f.tokens.agent),
    );
    expect(list.items.map((j) => j.uuid)).toEqual([job.uuid]);
  });

  it('is refused with criterion.agent_only when it carries a weight or a must flag', async () => {
    const body = {
      values: { title: 'Mit Gewicht', target_types: ['stella'] },
      criteria: [
        { key: 'skills', value: ['forklift_licence'], weight: 5 },
        { key: 'remote', value: ['onsite'], must: true },
      ],
    };
    const res = await f.call('PUT', '/api/job', f.tokens.company, body);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toEqual({
      'criteria.skills': ['criterion.agent_only'],
      'criteria.remote': ['criterion.agent_only'],
    });
  });

  it('cannot be filed by a company that has not finished its registration', async () => {
    await f.db.db.execute(
      sql`update users set registration_step = 2 where email = 'other-company@jobs.test'`,
    );
    const [user] = await f.db.db.select().from(users).where(eq(users.email, 'other-company@jobs.test'));
    const token = await signAccessToken(f.auth.tokens, user!, 'ok');
    const res = await f.call('PUT', '/api/job', token, requestBody());
    expect(res.status).toBe(403);
    await f.db.db.execute(
      sql`update users set registration_step = 0 where email = 'other-company@jobs.test'`,
    );
  });
});

describe('the job lifecycle', () => {
  it('creates (201, version 0), reads, updates with the version, and refuses a stale one with the current job', async () => {
    const job = await f.createJob();
    expect(job).toMatchObject({
      origin: 'agent',
      status: 'active',
      version: 0,
      lastRun: null,
      company: null,
    });
    expect(job.values).toEqual({
      title: 'Backend developer',
      company: 'Rheinwerk',
      target_types: ['stella', 'nova'],
    });
    // The city is sent as the list's id; the server stores the list's name and coordinates.
    expect(job.criteria[1]!.value).toMatchObject({ id: 2925533, name: 'Frankfurt am Main', radius_km: 80 });

    const changed = { ...agentJobBody('Senior backend developer'), version: 0 };
    const updated = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, changed);
    expect(updated.status).toBe(200);
    expect(await json<Job>(updated)).toMatchObject({
      version: 1,
      values: { title: 'Senior backend developer' },
    });

    const stale = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, {
      ...agentJobBody('Lost'),
      version: 0,
    });
    expect(stale.status).toBe(409);
    const body = await json<ErrorBody & { current: Job }>(stale);
    expect(body.code).toBe('job.version_conflict');
    expect(body.current).toMatchObject({ version: 1, values: { title: 'Senior backend developer' } });
  });

  it('an archived job cannot be run or edited (409), is re-activated, and duplicated by a GET + PUT round trip', async () => {
    const job = await f.createJob(agentJobBody('Archive me'));
    const archived = await f.call('POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, {
      status: 'archived',
    });
    expect(await json<Job>(archived)).toMatchObject({ status: 'archived' });

    const run = await f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent);
    expect(run.status).toBe(409);
    expect(await codeOf(run)).toBe('job.archived');
    const edit = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, {
      ...agentJobBody(),
      version: 0,
    });
    expect(edit.status).toBe(409);
    expect(await codeOf(edit)).toBe('job.archived');

    const list = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?status=archived', f.tokens.agent),
    );
    expect(list.items.map((j) => j.uuid)).toContain(job.uuid);

    // Duplicate: the client reads the job and saves its values and criteria as a new one.
    const read = await json<Job>(await f.call('GET', `/api/job/${job.uuid}`, f.tokens.agent));
    const copy = await f.call('PUT', '/api/job', f.tokens.agent, {
      values: read.values,
      criteria: read.criteria,
    });
    expect(copy.status).toBe(201);
    const duplicate = await json<Job>(copy);
    expect(duplicate.uuid).not.toBe(job.uuid);
    expect(duplicate).toMatchObject({ status: 'active', values: read.values, criteria: read.criteria });

    const active = await f.call('POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, {
      status: 'active',
    });
    expect(await json<Job>(active)).toMatchObject({ status: 'active' });
    expect((await f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent)).status).toBe(202);
  });

  it('archiving cancels a queued run; the previous results stay', async () => {
    const job = await f.createJob(agentJobBody('Cancel me'));
    await f.runToDone(job.uuid);
    const queued = await f.requestRun(job.uuid);
    await f.call('POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, { status: 'archived' });
    const latest = await json<{ run: Run }>(await f.call('GET', `/api/job/${job.uuid}/run`, f.tokens.agent));
    expect(latest.run).toMatchObject({ uuid: queued.uuid, state: 'cancelled' });
    expect(await f.worker().runOnce()).toBe(false);
    const results = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}`, f.tokens.agent),
    );
    expect(results.total).toBeGreaterThan(0);
    expect(results.run?.state).toBe('done');
  });

  it('delete removes the job with its runs, results and shortlist (204, then 404)', async () => {
    const job = await f.createJob(agentJobBody('Delete me'));
    await f.runToDone(job.uuid);
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}`, f.tokens.agent),
    );
    await f.call('PUT', `/api/job/${job.uuid}/shortlist/${page.items[0]!.uuid}`, f.tokens.agent);
    expect((await f.call('DELETE', `/api/job/${job.uuid}`, f.tokens.agent)).status).toBe(204);
    expect((await f.call('GET', `/api/job/${job.uuid}`, f.tokens.agent)).status).toBe(404);
    for (const table of ['job_runs', 'job_results', 'job_shortlist']) {
      const [row] = await queryRows<{ n: number | string }>(
        f.db.db,
        sql`select count(*) as n from ${sql.identifier(table)} where job_id = ${job.uuid}`,
      );
      expect(Number(row!.n)).toBe(0);
    }
    expect((await f.call('DELETE', `/api/job/${job.uuid}`, f.tokens.agent)).status).toBe(404);
  });

  it('answers 404 for an id that is no uuid', async () => {
    for (const path of ['/api/job/not-a-uuid', '/api/job/not-a-uuid/run', '/api/job/showresults/x']) {
      const res = await f.call('GET', path, f.tokens.agent);
      expect(res.status).toBe(404);
      expect(await codeOf(res)).toBe('job.not_found');
    }
  });
});

describe('bad input answers 400 with field codes and changes nothing', () => {
  const cases: [string, unknown, Record<string, string[]>][] = [
    [
      'an unknown criterion key',
      { ...agentJobBody(), criteria: [{ key: 'shoe_size', value: 44, weight: 1, must: false }] },
      { 'criteria.shoe_size': ['criterion.unknown'] },
    ],
    [
      'weight 6',
      { ...agentJobBody(), criteria: [{ key: 'skills', value: ['sql'], weight: 6, must: false }] },
      { 'criteria.skills': ['criterion.weight_invalid'] },
    ],
    [
      'a NUL in a string',
      { ...agentJobBody(), values: { title: 'a\u0000b', target_types: ['stella'] } },
      { 'values.title': ['field.invalid_text'] },
    ],
    ['no values', { criteria: [] }, { values: ['field.invalid_type'] }],
    [
      'a missing title and an unknown option',
      { values: { target_types: ['stella', 'pirate'] }, criteria: [] },
      { title: ['field.required'], target_types: ['field.option_unknown'] },
    ],
    [
      'a duplicate criterion',
      {
        ...agentJobBody(),
        criteria: [
          { key: 'skills', value: ['sql'], weight: 1, must: false },
          { key: 'skills', value: ['go'], weight: 1, must: false },
        ],
      },
      { criteria: ['criterion.duplicate'] },
    ],
    [
      'an unknown city id',
      {
        ...agentJobBody(),
        criteria: [{ key: 'location', value: { id: 1, radius_km: 10 }, weight: 1, must: false }],
      },
      { 'criteria.location': ['field.location_invalid'] },
    ],
  ];

  it.each(cases)('PUT /api/job with %s', async (_name, body, fields) => {
    const before = await queryRows<{ n: number | string }>(f.db.db, sql`select count(*) as n from jobs`);
    const res = await f.call('PUT', '/api/job', f.tokens.agent, body);
    expect(res.status).toBe(400);
    const error = await json<ErrorBody>(res);
    expect(error.code).toBe('request.invalid');
    expect(error.fields).toEqual(fields);
    const after = await queryRows<{ n: number | string }>(f.db.db, sql`select count(*) as n from jobs`);
    expect(after[0]!.n).toEqual(before[0]!.n);
  });

  it('refuses version 2^31, a missing version and an unknown status', async () => {
    const job = await f.createJob();
    const big = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, {
      ...agentJobBody(),
      version: 2 ** 31,
    });
    expect(big.status).toBe(400);
    expect((await json<ErrorBody>(big)).fields).toEqual({ version: ['field.too_large'] });
    const none = await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, agentJobBody());
    expect((await json<ErrorBody>(none)).fields).toEqual({ version: ['version.required'] });
    const status = await f.call('POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, {
      status: 'deleted',
    });
    expect(status.status).toBe(400);
    expect((await json<ErrorBody>(status)).fields).toEqual({ status: ['status.invalid'] });
    expect((await json<Job>(await f.call('GET', `/api/job/${job.uuid}`, f.tokens.agent))).version).toBe(0);
  });

  it.each([
    ['/api/jobs/list?limit=101', { limit: ['query.invalid'] }],
    ['/api/jobs/list?sort=salary', { sort: ['query.invalid'] }],
    ['/api/jobs/list?page=0', { page: ['query.invalid'] }],
    ['/api/jobs/list?page=1&page=2', { page: ['query.invalid'] }],
    [
      '/api/job/showresults/00000000-0000-4000-8000-000000000000?minScore=101',
      { minScore: ['query.invalid'] },
    ],
    ['/api/job/showresults/00000000-0000-4000-8000-000000000000?type=company', { type: ['query.invalid'] }],
    ['/api/job/showresults/00000000-0000-4000-8000-000000000000?limit=1000', { limit: ['query.invalid'] }],
  ])('GET %s', async (path, fields) => {
    const res = await f.call('GET', path, f.tokens.agent);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toEqual(fields);
  });

  it('refuses a preview with bad criteria or target types', async () => {
    const res = await f.call('POST', '/api/job/preview', f.tokens.agent, {
      targetTypes: ['company'],
      criteria: [{ key: 'skills', value: ['sql'], weight: 6, must: false }],
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).fields).toEqual({ 'targetTypes.0': ['field.option_unknown'] });
    const weight = await f.call('POST', '/api/job/preview', f.tokens.agent, {
      targetTypes: ['stella'],
      criteria: [{ key: 'skills', value: ['sql'], weight: 6, must: false }],
    });
    expect((await json<ErrorBody>(weight)).fields).toEqual({
      'criteria.skills': ['criterion.weight_invalid'],
    });
  });
});

describe('the job list', () => {
  it('has status tabs with counts, search, sort by title and best score, and pages', async () => {
    const titles = ['Zimmermann', 'Anlagenmechaniker', 'Mechatroniker'];
    const created: Job[] = [];
    for (const title of titles) created.push(await f.createJob(agentJobBody(`List ${title}`)));
    await f.runToDone(created[1]!.uuid);

    const byTitle = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?q=list%20&sort=title&order=asc', f.tokens.agent),
    );
    expect(byTitle.items.map((j) => j.values.title)).toEqual([
      'List Anlagenmechaniker',
      'List Mechatroniker',
      'List Zimmermann',
    ]);
    expect(byTitle.total).toBe(3);
    expect(byTitle.counts).toEqual({ active: 3, archived: 0 });
    const withRun = byTitle.items[0]!;
    expect(withRun.lastRun).toMatchObject({ state: 'done', progress: 100 });
    expect(withRun.lastRun?.bestScore).toBeGreaterThan(0);
    expect(withRun.lastRun?.included).toBeGreaterThan(0);

    const best = await json<JobListResponse>(
      await f.call(
        'GET',
        '/api/jobs/list?q=list%20&sort=best_score&order=desc&limit=1&page=1',
        f.tokens.agent,
      ),
    );
    expect(best.items.map((j) => j.uuid)).toEqual([created[1]!.uuid]);
    expect(best).toMatchObject({ total: 3, page: 1, limit: 1 });
    const page2 = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?q=list%20&sort=title&order=asc&limit=2&page=2', f.tokens.agent),
    );
    expect(page2.items.map((j) => j.values.title)).toEqual(['List Zimmermann']);

    await f.call('POST', `/api/job/changestatus/${created[0]!.uuid}`, f.tokens.agent, { status: 'archived' });
    const after = await json<JobListResponse>(
      await f.call('GET', '/api/jobs/list?q=list%20', f.tokens.agent),
    );
    expect(after.counts).toEqual({ active: 2, archived: 1 });
    // A search for % or _ finds them literally, not as wildcards.
    const wild = await json<JobListResponse>(await f.call('GET', '/api/jobs/list?q=%25', f.tokens.agent));
    expect(wild.total).toBe(0);
  });
});

describe('results', () => {
  let job: Job;
  let run: Run;

  beforeAll(async () => {
    job = await f.createJob(agentJobBody('Results job'));
    run = await f.runToDone(job.uuid);
  });

  it('a done run keeps counts, the histogram of all included scores and the exclusions per must-have', () => {
    expect(run.state).toBe('done');
    expect(run.considered).toBeGreaterThan(0);
    expect(run.included! + run.excluded!).toBe(run.considered);
    expect(run.histogram).toHaveLength(20);
    expect(run.histogram!.reduce((a, b) => a + b, 0)).toBe(run.included);
    expect(Object.keys(run.excludedBy!)).toEqual(['languages']);
  });

  it('pages by score with rank, reasons, thumbnails and the run', async () => {
    const first = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=10`, f.tokens.agent),
    );
    expect(first.total).toBe(run.included);
    expect(first.run?.uuid).toBe(run.uuid);
    expect(first.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const scores = first.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(first.items[0]!.score).toBe(run.bestScore);
    const item = first.items[0]!;
    expect(item.reasons.length).toBeLessThanOrEqual(3);
    expect(item.reasons.map((r) => r.contribution)).toEqual(
      [...item.reasons.map((r) => r.contribution)].sort((a, b) => b - a),
    );
    expect(item).toMatchObject({ shortlisted: false, changedSinceRun: false, thumbnail: null });
    expect(item.distanceKm).toEqual(expect.any(Number));
  });

  it('a page carries the three strongest reasons of each stored breakdown (as strongestReasons picks them)', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=100`, f.tokens.agent),
    );
    const stored = await queryRows<{ profile_id: string; breakdown: BreakdownItem[] }>(
      f.db.db,
      sql`select profile_id, breakdown from job_results where run_id = ${run.uuid}`,
    );
    const byProfile = new Map(stored.map((r) => [r.profile_id, r.breakdown]));
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item.reasons).toEqual(strongestReasons(byProfile.get(item.uuid)!));
    expect(page.items.some((i) => i.reasons.length === 3)).toBe(true);
  });

  it('a page asked again answers the same, follows a star at once, and compresses to the same JSON', async () => {
    const path = `/api/job/showresults/${job.uuid}?limit=7`;
    const ask = (headers: Record<string, string> = {}) =>
      f.app.request(path, { headers: { authorization: `Bearer ${f.tokens.agent}`, ...headers } });
    const first = await (await ask()).text();
    expect(await (await ask()).text()).toBe(first);
    const target = (JSON.parse(first) as ResultsResponse).items[3]!;
    expect(target.shortlisted).toBe(false);
    await f.call('PUT', `/api/job/${job.uuid}/shortlist/${target.uuid}`, f.tokens.agent);
    const starred = JSON.parse(await (await ask()).text()) as ResultsResponse;
    expect(starred.items[3]).toMatchObject({ uuid: target.uuid, shortlisted: true });
    for (const encoding of ['br', 'gzip'] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await ask({ 'accept-encoding': encoding });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const bytes = Buffer.from(await res.arrayBuffer());
        const text = (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
        expect(JSON.parse(text)).toEqual(starred);
      }
    }
    await f.call('DELETE', `/api/job/${job.uuid}/shortlist/${target.uuid}`, f.tokens.agent);
    expect(await (await ask({ 'accept-encoding': 'br' })).headers.get('content-encoding')).toBe('br');
    expect(await (await ask()).text()).toBe(first);
  });

  it('sorts by name and distance, filters by minimum score and type', async () => {
    const byName = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?sort=name&limit=100`, f.tokens.agent),
    );
    const names = byName.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byDistance = await json<ResultsResponse>(
      await f.call(
        'GET',
        `/api/job/showresults/${job.uuid}?sort=distance&order=asc&limit=100`,
        f.tokens.agent,
      ),
    );
    const km = byDistance.items.map((i) => i.distanceKm ?? Number.POSITIVE_INFINITY);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const novas = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?type=nova&minScore=30&limit=100`, f.tokens.agent),
    );
    expect(novas.items.every((i) => i.type === 'nova' && i.score >= 30)).toBe(true);
    expect(novas.total).toBeLessThan(run.included!);
  });

  it('the CSV holds the same rows as the pages, in the agent’s language', async () => {
    const query = 'sort=distance&minScore=20';
    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const res = await json<ResultsResponse>(
        await f.call('GET', `/api/job/showresults/${job.uuid}?${query}&limit=7&page=${page}`, f.tokens.agent),
      );
      pages.push(...res.items.map((i) => `${i.rank}|${i.uuid}`));
      if (res.items.length < 7) break;
    }
    const csvRes = await f.call(
      'GET',
      `/api/job/showresults/${job.uuid}?${query}&format=csv`,
      f.tokens.agent,
    );
    expect(csvRes.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csvRes.headers.get('content-disposition')).toContain('ergebnisse.csv');
    const lines = (await csvRes.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rang;Punktzahl;Typ;Name;Ort;Entfernung (km);Stärkste Gründe;Merkliste;Seit dem Lauf geändert;Profil-ID',
    );
    const rows = lines.slice(1).map((line) => {
      const cells = line.split(';');
      return `${cells[0]}|${cells[cells.length - 1]}`;
    });
    expect(rows).toEqual(pages);
    expect(lines[1]).toMatch(/^\d+;\d+(,\d)?;(Stella|Nova) \(/);
  });

  it('the shortlist filters, survives a new run, and the detail gives the neighbours in the page order', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=5`, f.tokens.agent),
    );
    const [a, b, c] = page.items;
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${a!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${c!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${c!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    const missing = await f.call(
      'PUT',
      `/api/job/${job.uuid}/shortlist/00000000-0000-4000-8000-00000000beef`,
      f.tokens.agent,
    );
    expect(missing.status).toBe(404);
    expect(await codeOf(missing)).toBe('profile.not_found');

    await f.runToDone(job.uuid);
    const starred = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?shortlisted=true`, f.tokens.agent),
    );
    expect(starred.items.map((i) => i.uuid)).toEqual([a!.uuid, c!.uuid]);
    expect(starred.items.every((i) => i.shortlisted)).toBe(true);

    const detail = await json<ResultDetail>(
      await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${b!.uuid}`, f.tokens.agent),
    );
    expect(detail).toMatchObject({ rank: b!.rank, score: b!.score, previous: a!.uuid, next: c!.uuid });
    expect(detail.breakdown.map((x) => x.key)).toEqual([
      'skills',
      'location',
      'experience_years',
      'languages',
    ]);
    expect(detail.profile.values.first_name).toEqual(expect.any(String));
    const inStarred = await json<ResultDetail>(
      await f.call(
        'GET',
        `/api/job/showresultsdetail/${job.uuid}/${c!.uuid}?shortlisted=true`,
        f.tokens.agent,
      ),
    );
    expect(inStarred).toMatchObject({ previous: a!.uuid, next: null, shortlisted: true });

    expect((await f.call('DELETE', `/api/job/${job.uuid}/shortlist/${a!.uuid}`, f.tokens.agent)).status).toBe(
      204,
    );
    const after = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?shortlisted=true`, f.tokens.agent),
    );
    expect(after.items.map((i) => i.uuid)).toEqual([c!.uuid]);
  });

  it('marks a result changed since the run when its profile was edited', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=1`, f.tokens.agent),
    );
    const id = page.items[0]!.uuid;
    await f.db.db.execute(sql`update profiles set version = version + 1 where id = ${id}`);
    const detail = await json<ResultDetail>(
      await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${id}`, f.tokens.agent),
    );
    expect(detail.changedSinceRun).toBe(true);
  });

  it('answers 404 result.not_found for a profile outside the results', async () => {
    const res = await f.call(
      'GET',
      `/api/job/showresultsdetail/${job.uuid}/00000000-0000-4000-8000-00000000beef`,
      f.tokens.agent,
    );
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('result.not_found');
  });

  it('a job never run answers no results and 404 run.not_found', async () => {
    const fresh = await f.createJob(agentJobBody('Never run'));
    const res = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${fresh.uuid}`, f.tokens.agent),
    );
    expect(res).toEqual({ items: [], total: 0, page: 1, limit: 20, run: null });
    const run = await f.call('GET', `/api/job/${fresh.uuid}/run`, f.tokens.agent);
    expect(run.status).toBe(404);
    expect(await codeOf(run)).toBe('run.not_found');
  });
});

describe('the live what-if and near misses', () => {
  it('preview answers the counts, exclusions, histogram and best scores a run of the same criteria stores', async () => {
    const body = agentJobBody('What-if');
    const res = await f.call('POST', '/api/job/preview', f.tokens.agent, {
      targetTypes: body.values.target_types,
      criteria: body.criteria,
    });
    expect(res.status).toBe(200);
    const what = await json<PreviewResponse>(res);
    const job = await f.createJob(body);
    const run = await f.runToDone(job.uuid);
    expect(what).toMatchObject({
      considered: run.considered,
      included: run.included,
      excludedBy: run.excludedBy,
      histogram: run.histogram,
    });
    expect(what.best[0]).toBe(run.bestScore);
    expect(what.best).toHaveLength(5);
  });

  it('a heavier weight changes the what-if', async () => {
    const ask = async (weight: number) =>
      json<PreviewResponse>(
        await f.call('POST', '/api/job/preview', f.tokens.agent, {
          targetTypes: ['stella'],
          criteria: [
            { key: 'skills', value: ['typescript'], weight, must: false },
            { key: 'remote', value: ['remote'], weight: 1, must: false },
          ],
        }),
      );
    expect((await ask(0)).histogram).not.toEqual((await ask(5)).histogram);
  });

  it('near misses are the best profiles one must-have excludes, with the score they would have had', async () => {
    const body = agentJobBody('Near misses');
    body.criteria[0] = { ...body.criteria[0]!, must: true };
    const job = await f.createJob(body);
    const res = await json<NearMissesResponse>(
      await f.call('GET', `/api/job/${job.uuid}/near-misses`, f.tokens.agent),
    );
    expect(res.items.length).toBeGreaterThan(0);
    for (const miss of res.items) {
      expect(['skills', 'languages']).toContain(miss.missed.key);
      expect(miss.missed.must).toBe(true);
      expect(miss.missed.s).toBeLessThan(1);
    }
    const scores = res.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const noMusts = await f.createJob({ ...agentJobBody('No musts'), criteria: [] });
    expect(await json(await f.call('GET', `/api/job/${noMusts.uuid}/near-misses`, f.tokens.agent))).toEqual({
      items: [],
    });
  });
});

describe('run events', () => {
  it('stream the state and progress until the run ends, then close', async () => {
    const job = await f.createJob(agentJobBody('Streamed'));
    await f.requestRun(job.uuid);
    const res = await f.call('GET', `/api/job/${job.uuid}/run/events`, f.tokens.agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const worker = f.worker({ batchSize: 20 }).start();
    const text = await res.text();
    await worker.stop();
    const events = text
      .split('\n\n')
      .filter((block) => block.includes('event: run'))
      .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Run);
    expect(events[0]!.state).toBe('queued');
    expect(events.at(-1)).toMatchObject({ state: 'done', progress: 100 });
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
