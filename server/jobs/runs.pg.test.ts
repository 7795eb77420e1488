import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../contract/job';
import { createApp } from '../app';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import { type DbHandle, openDatabase, queryRows } from '../db/client';
import { CountRow, int, intOrNull, text, textOrNull, uuid } from '../db/rows';
import { agentJobBody, setUpJobFixture } from '../http/job-test-kit';
import { createLogger } from '../log';
import { RunWorker } from './run-worker';
import { JobServices } from './services';

// Two server processes on one PostgreSQL: each has its own connection pool, job services and worker.
// PGlite has a single connection, so this file (*.pg.test.ts) runs only in the PostgreSQL project.

const f = setUpJobFixture({ profiles: 500 });
let second: DbHandle;
let secondServices: JobServices;
let secondApp: ReturnType<typeof createApp>;
const url = () => (f.db.location as { url: string }).url;

beforeAll(async () => {
  second = await openDatabase({ url: url() });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://matchwerk.test',
  });
  secondServices = new JobServices(second.db);
  secondApp = createApp({
    config,
    db: second,
    logger: createLogger(config),
    auth: await createAuthServices(second.db, config),
    staticDir: null,
    jobs: secondServices,
  });
});
afterAll(async () => {
  await second.close();
});

const runsOf = (jobId: string) =>
  queryRows(
    f.db.db,
    sql`select id, state, attempts, lease_owner, progress from job_runs where job_id = ${jobId} order by created_at`,
    v.object({ id: uuid, state: text, attempts: int, lease_owner: textOrNull, progress: int }),
  );

const resultCounts = (jobId: string) =>
  queryRows(
    f.db.db,
    sql`select run_id, count(*) as n, count(distinct rank) as ranks from job_results where job_id = ${jobId} group by run_id`,
    v.object({ run_id: uuid, n: int, ranks: int }),
  );

describe('runs across two server processes', () => {
  it('requests arriving at both processes at once queue one run', async () => {
    const job = await f.createJob(agentJobBody('Two processes, one run'));
    const ask = (i: number) =>
      (i % 2 === 0 ? f.app : secondApp).request(`/api/job/${job.uuid}/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.tokens.agent}` },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(i)));
    expect(answers.map((r) => r.status)).toEqual(new Array(12).fill(202));
    const ids = new Set(
      await Promise.all(answers.map(async (r) => ((await r.json()) as { run: Run }).run.uuid)),
    );
    expect(ids.size).toBe(1);
    expect(await runsOf(job.uuid)).toHaveLength(1);
  });

  it('two workers share the queue: every run is claimed once and done', async () => {
    const jobs = [];
    for (let i = 0; i < 6; i++) jobs.push(await f.createJob(agentJobBody(`Shared queue ${i}`)));
    for (const job of jobs) await f.requestRun(job.uuid);
    const a = new RunWorker(f.services, { owner: 'process-a', pollMs: 10, batchSize: 50 }).start();
    const b = new RunWorker(secondServices, { owner: 'process-b', pollMs: 10, batchSize: 50 }).start();
    const allDone = async () => {
      const rows = await queryRows(
        f.db.db,
        sql`select count(*) as n from job_runs where state <> 'done'`,
        CountRow,
      );
      return Number(rows[0]!.n) === 0;
    };
    for (let i = 0; i < 500 && !(await allDone()); i++) await new Promise((r) => setTimeout(r, 20));
    await Promise.all([a.stop(), b.stop()]);
    expect(await allDone()).toBe(true);
    for (const job of jobs) {
      const runs = await runsOf(job.uuid);
      expect(runs.map((r) => [r.state, r.attempts])).toEqual([['done', 1]]);
      const counts = await resultCounts(job.uuid);
      expect(counts).toHaveLength(1);
      expect(Number(counts[0]!.n)).toBe(Number(counts[0]!.ranks));
    }
  });

  it('a run whose process was killed (SIGKILL) mid-run is finished by the other process', async () => {
    const job = await f.createJob(agentJobBody('Killed mid-run'));
    const run = await f.requestRun(job.uuid);
    let child: ChildProcess | undefined;
    try {
      child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./run-worker.fixture.ts', import.meta.url))],
        {
          env: { ...process.env, DATABASE_URL: url() },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      // Wait until the child has written part of the results.
      let state = (await runsOf(job.uuid))[0]!;
      for (let i = 0; i < 600; i++) {
        state = (await runsOf(job.uuid))[0]!;
        if (state.state === 'running' && state.progress > 55) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(state).toMatchObject({ state: 'running', lease_owner: 'child-process' });
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      const [partial] = await resultCounts(job.uuid);
      expect(Number(partial!.n)).toBeGreaterThan(0);

      // The lease lapses (2 s); this process's worker then claims the run and finishes it.
      const survivor = new RunWorker(f.services, { owner: 'survivor', pollMs: 50 });
      let taken = false;
      for (let i = 0; i < 100 && !taken; i++) {
        taken = await survivor.runOnce();
        if (!taken) await new Promise((r) => setTimeout(r, 100));
      }
      expect(taken).toBe(true);
      const [done] = await runsOf(job.uuid);
      expect(done).toMatchObject({
        id: run.uuid,
        state: 'done',
        progress: 100,
        attempts: 2,
        lease_owner: null,
      });
      const counts = await resultCounts(job.uuid);
      expect(counts).toHaveLength(1);
      const [stored] = await queryRows(
        f.db.db,
        sql`select included from job_runs where id = ${run.uuid}`,
        v.object({ included: intOrNull }),
      );
      expect(Number(counts[0]!.n)).toBe(stored!.included);
      expect(Number(counts[0]!.ranks)).toBe(stored!.included);
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
