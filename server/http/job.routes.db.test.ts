import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type { Job, JobListResponse, ResultsResponse, Run } from '../../contract/job';
import { queryRows } from '../db/client';
import { CountRow } from '../db/rows';
import { agentJobBody, codeOf, json, setUpJobFixture } from './job-test-kit';

// A job's lifecycle, the job list, bad input, and the run's progress stream.

const f = setUpJobFixture({ profiles: 300 });

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
    expect(job.values).toEqual({ title: 'Backend developer', target_types: ['stella', 'nova'] });
    // No client named: an internal search, which its agent works on.
    expect(job).toMatchObject({ client: null, clientText: null, assignedAgent: { name: null } });
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
      const [row] = await queryRows(
        f.db.db,
        sql`select count(*) as n from ${sql.identifier(table)} where job_id = ${job.uuid}`,
        CountRow,
      );
      expect(row!.n).toBe(0);
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
    const before = await queryRows(f.db.db, sql`select count(*) as n from jobs`, CountRow);
    const res = await f.call('PUT', '/api/job', f.tokens.agent, body);
    expect(res.status).toBe(400);
    const error = await json<ErrorBody>(res);
    expect(error.code).toBe('request.invalid');
    expect(error.fields).toEqual(fields);
    const after = await queryRows(f.db.db, sql`select count(*) as n from jobs`, CountRow);
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
