import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Job, ResultsResponse, Run } from '../../contract/job';
import type { MatchResult } from '../../contract/matching';
import { run as matchFile } from '../commands/match-file';
import { queryRows } from '../db/client';
import { CountRow, IdRow, int, json as jsonColumn, num, uuid } from '../db/rows';
import { agentJobBody, setUpJobFixture } from '../http/job-test-kit';

const f = setUpJobFixture({ profiles: 400 });

const json = async <T>(res: Response) => (await res.json()) as T;

async function latest(jobId: string): Promise<Run> {
  return (await json<{ run: Run }>(await f.call('GET', `/api/job/${jobId}/run`, f.tokens.agent))).run;
}

async function page(jobId: string, query = 'limit=100'): Promise<ResultsResponse> {
  return json<ResultsResponse>(await f.call('GET', `/api/job/showresults/${jobId}?${query}`, f.tokens.agent));
}

async function resultRows(jobId: string) {
  return queryRows(
    f.db.db,
    sql`select run_id, count(*) as n from job_results where job_id = ${jobId} group by run_id`,
    v.object({ run_id: uuid, n: int }),
  );
}

/** Runs every queued run until none is left. */
async function drain() {
  const worker = f.worker();
  while (await worker.runOnce()) {}
}

describe('one run per job', () => {
  it('ten requests at once queue one run and all answer it', async () => {
    const job = await f.createJob(agentJobBody('Ten at once'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => f.call('POST', `/api/job/${job.uuid}/run`, f.tokens.agent)),
    );
    expect(answers.map((r) => r.status)).toEqual(new Array(10).fill(202));
    const runs = await Promise.all(answers.map((r) => json<{ run: Run }>(r)));
    expect(new Set(runs.map((r) => r.run.uuid)).size).toBe(1);
    expect(runs[0]!.run.state).toBe('queued');
    const [count] = await queryRows(
      f.db.db,
      sql`select count(*) as n from job_runs where job_id = ${job.uuid}`,
      CountRow,
    );
    expect(Number(count!.n)).toBe(1);
    await drain();
    // Once it is done, asking again starts a new one.
    const again = await f.requestRun(job.uuid);
    expect(again.uuid).not.toBe(runs[0]!.run.uuid);
    await drain();
  });
});

describe('results', () => {
  it('equal match:file on the same profiles: scores, order and breakdowns', async () => {
    const body = agentJobBody('Same as match:file');
    body.criteria.push({ key: 'driving_licences', value: ['b'], weight: 1, must: true });
    const job = await f.createJob(body);
    const run = await f.runToDone(job.uuid);

    const dir = mkdtempSync(join(tmpdir(), 'jobs-match-file-'));
    const jobPath = join(dir, 'job.json');
    const profilesPath = join(dir, 'profiles.ndjson');
    // The job as stored (the city filled from the list) and the profiles as the database holds them.
    writeFileSync(jobPath, JSON.stringify({ targetTypes: job.values.target_types, criteria: job.criteria }));
    writeFileSync(profilesPath, f.profiles.map((p) => JSON.stringify(p)).join('\n'));
    let out = '';
    const code = await matchFile(['--job', jobPath, '--profiles', profilesPath], {
      out: (t) => {
        out += t;
      },
      err: () => {},
    });
    expect(code).toBe(0);
    const expected = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as MatchResult);

    const stored = await queryRows(
      f.db.db,
      sql`select profile_id, rank, score, breakdown from job_results where run_id = ${run.uuid} order by rank`,
      v.object({ profile_id: uuid, rank: int, score: num, breakdown: jsonColumn }),
    );
    expect(stored.length).toBeGreaterThan(50);
    expect(stored.length).toBe(expected.length);
    expect(stored.length).toBe(run.included);
    expect(
      stored.map((r) => ({ uuid: r.profile_id, score: Number(r.score), breakdown: r.breakdown })),
    ).toEqual(expected);
    expect(stored.map((r) => r.rank)).toEqual(stored.map((_, i) => i + 1));
  });

  it('the previous results stay readable during a run and are replaced in one step', async () => {
    const job = await f.createJob(agentJobBody('Replaced atomically'));
    const first = await f.runToDone(job.uuid);
    const before = await page(job.uuid);
    expect(before.run?.uuid).toBe(first.uuid);

    // The second run asks for a different skill, so its results differ.
    const changed = { ...agentJobBody('Replaced atomically'), version: 0 };
    changed.criteria[0] = { key: 'skills', value: ['basic_care'], weight: 5, must: false };
    expect((await f.call('POST', `/api/job/${job.uuid}`, f.tokens.agent, changed)).status).toBe(200);
    const second = await f.requestRun(job.uuid);

    const seen: { state: string; resultsRun: string | undefined; total: number; runsInTable: number }[] = [];
    const worker = f.worker({
      batchSize: 40,
      onStep: async () => {
        const during = await page(job.uuid);
        seen.push({
          state: (await latest(job.uuid)).state,
          resultsRun: during.run?.uuid,
          total: during.total,
          runsInTable: (await resultRows(job.uuid)).length,
        });
        // What the page shows is exactly the first run's results.
        expect(during.items).toEqual(before.items);
      },
    });
    expect(await worker.runOnce()).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    for (const s of seen)
      expect(s).toMatchObject({ state: 'running', resultsRun: first.uuid, total: first.included });
    // The new rows were written beside the old ones while it ran.
    expect(seen.at(-1)!.runsInTable).toBe(2);

    const after = await page(job.uuid);
    expect(after.run?.uuid).toBe(second.uuid);
    expect(after.items).not.toEqual(before.items);
    const rows = await resultRows(job.uuid);
    expect(rows.map((r) => r.run_id)).toEqual([second.uuid]);
    expect(Number(rows[0]!.n)).toBe(after.total);
  });

  it('keep only candidates who finished registration and are active', async () => {
    const body = { values: { title: 'Everybody', target_types: ['stella', 'luna', 'nova'] }, criteria: [] };
    const job = await f.createJob(body);
    const counted = (await f.runToDone(job.uuid)).considered!;
    const eligible = f.profiles.filter((p) => p.status === 'active').length;
    expect(counted).toBe(eligible);

    // A candidate mid-registration takes no part; once finished, they do.
    const [candidate] = await queryRows(
      f.db.db,
      sql`select id from users where email = 'stella@jobs.test'`,
      IdRow,
    );
    const profileId = crypto.randomUUID();
    await f.db.db.execute(sql`update users set registration_step = 3 where id = ${candidate!.id}`);
    await f.db.db.execute(
      sql`insert into profiles (id, user_id, type, "values") values (${profileId}, ${candidate!.id}, 'stella', '{"first_name":"Reg"}'::jsonb)`,
    );
    expect((await f.runToDone(job.uuid)).considered).toBe(eligible);
    await f.db.db.execute(sql`update users set registration_step = 0 where id = ${candidate!.id}`);
    expect((await f.runToDone(job.uuid)).considered).toBe(eligible + 1);
    await f.db.db.execute(sql`update profiles set status = 'inactive' where id = ${profileId}`);
    expect((await f.runToDone(job.uuid)).considered).toBe(eligible);
    await f.db.db.execute(sql`delete from profiles where id = ${profileId}`);
  });
});

describe('the worker', () => {
  it('finishes a run whose lease lapsed (its process died); the old worker, waking up, changes nothing', async () => {
    const job = await f.createJob(agentJobBody('Taken over'));
    const run = await f.requestRun(job.uuid);
    const start = Date.now();
    let release!: () => void;
    const frozen = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached!: () => void;
    const halfDone = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // Worker A's clock stands still: its renewals never reach past start + lease, as if it had died.
    const a = f.worker({
      owner: 'process-a',
      leaseMs: 1000,
      batchSize: 30,
      now: () => start,
      onStep: async (step) => {
        if (step !== 'batch') return;
        reached();
        await frozen;
      },
    });
    const aDone = a.runOnce();
    await halfDone;
    const [partial] = await resultRows(job.uuid);
    expect(Number(partial!.n)).toBe(30);
    expect(await latest(job.uuid)).toMatchObject({ state: 'running' });

    // Worker B runs a minute later: A's lease has lapsed.
    const b = f.worker({ owner: 'process-b', now: () => start + 60_000 });
    expect(await b.runOnce()).toBe(true);
    const done = await latest(job.uuid);
    expect(done).toMatchObject({ uuid: run.uuid, state: 'done', progress: 100 });
    const [attempts] = await queryRows(
      f.db.db,
      sql`select attempts from job_runs where id = ${run.uuid}`,
      v.object({ attempts: int }),
    );
    expect(attempts!.attempts).toBe(2);

    release();
    expect(await aDone).toBe(true);
    const rows = await resultRows(job.uuid);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.n)).toBe(done.included);
    expect(await latest(job.uuid)).toMatchObject({ state: 'done' });
  });

  it('stops when the job is archived mid-run: cancelled, its rows gone, the previous results kept', async () => {
    const job: Job = await f.createJob(agentJobBody('Archived mid-run'));
    const first = await f.runToDone(job.uuid);
    const second = await f.requestRun(job.uuid);
    let archived = false;
    const worker = f.worker({
      batchSize: 25,
      onStep: async (step) => {
        if (step !== 'batch' || archived) return;
        archived = true;
        const res = await f.call('POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, {
          status: 'archived',
        });
        expect(res.status).toBe(200);
      },
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await latest(job.uuid)).toMatchObject({ uuid: second.uuid, state: 'cancelled' });
    expect((await resultRows(job.uuid)).map((r) => r.run_id)).toEqual([first.uuid]);
    expect((await page(job.uuid)).run?.uuid).toBe(first.uuid);
  });

  it('fails a run whose criteria no longer fit the catalogue, keeping the previous results', async () => {
    const job = await f.createJob(agentJobBody('Broken criteria'));
    const first = await f.runToDone(job.uuid);
    await f.db.db.execute(
      sql`update jobs set criteria = '[{"key":"gone","value":1,"weight":1,"must":false}]'::jsonb where id = ${job.uuid}`,
    );
    await f.requestRun(job.uuid);
    await drain();
    expect(await latest(job.uuid)).toMatchObject({ state: 'failed', error: 'run.failed' });
    expect((await page(job.uuid)).run?.uuid).toBe(first.uuid);
  });

  it('fails a run that was claimed too often (its workers keep dying)', async () => {
    const job = await f.createJob(agentJobBody('Cursed'));
    const run = await f.requestRun(job.uuid);
    await f.db.db.execute(
      sql`update job_runs set state = 'running', attempts = 3, lease_owner = 'dead', lease_expires_at = now() - interval '1 minute'
          where id = ${run.uuid}`,
    );
    await drain();
    expect(await latest(job.uuid)).toMatchObject({ state: 'failed', error: 'run.too_many_attempts' });
  });

  it('a started worker picks up a queued run by itself and stops cleanly', async () => {
    const job = await f.createJob(agentJobBody('Background'));
    const worker = f.worker({ pollMs: 10 }).start();
    await f.requestRun(job.uuid);
    for (let i = 0; i < 200 && (await latest(job.uuid)).state !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();
    expect((await latest(job.uuid)).state).toBe('done');
  });
});
