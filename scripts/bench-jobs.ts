// `npm run bench:jobs [-- --profiles N] [-- --database-url postgres://…]`: matching jobs end to end
// over HTTP on a scratch database with N synthetic profiles (default 100 000): a run from request to
// done (results stored), the first results page under 20 concurrent readers, the live what-if, and
// 10 runs of different jobs at once. On PostgreSQL a second server process (a worker of its own)
// shares the runs. Without a URL (or BENCH_DATABASE_URL) the database is PGlite in memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Job, Run } from '../contract/job';
import { createApp } from '../server/app';
import { createAuthServices } from '../server/auth/setup';
import { signAccessToken } from '../server/auth/tokens';
import { loadCatalogFile, seedCatalog } from '../server/catalog/catalog';
import { citiesOf } from '../server/catalog/cities';
import { loadConfig } from '../server/config';
import { type DbHandle, openDatabase, queryRows } from '../server/db/client';
import { CountRow, intOrNull, text } from '../server/db/rows';
import { users } from '../server/db/schema/users';
import { RunWorker } from '../server/jobs/run-worker';
import { JobServices } from '../server/jobs/services';
import { createLogger } from '../server/log';
import { benchmarkJob, syntheticProfiles } from '../server/matching/synthetic';
import { type ClientRequest, timedClients } from './bench-clients';
import { BENCH_TIMEOUTS, scratchDatabase } from './bench-db';

const { values: args } = parseArgs({
  options: {
    profiles: { type: 'string' },
    'database-url': { type: 'string' },
    'worker-only': { type: 'boolean', default: false },
    /** PostgreSQL only: seed into this database once and reuse it on later runs (it is kept). */
    'keep-database': { type: 'string' },
  },
});

const catalog = loadCatalogFile();

/** `--worker-only`: the second server process of a PostgreSQL benchmark — a warmed-up run worker. */
if (args['worker-only']) {
  const handle = await openDatabase({ url: process.env.BENCH_WORKER_URL! }, BENCH_TIMEOUTS);
  const services = new JobServices(handle.db);
  await services.freshIndex();
  new RunWorker(services, { owner: `bench-child-${process.pid}`, pollMs: 20 }).start();
  process.stdout.write('ready\n');
  await new Promise(() => {});
}

const profiles = Number(args.profiles ?? 100_000);
const adminUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL;
const BATCH = 5_000;

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function insertProfiles(handle: DbHandle, n: number): Promise<void> {
  const next = syntheticProfiles(catalog, { seed: 42, cities: citiesOf('DE', 10_000) });
  for (let done = 0; done < n; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - done) }, next);
    await handle.db.execute(sql`insert into profiles (id, type, status, "values")
      select (x ->> 'uuid')::uuid, x ->> 'type', x ->> 'status', x -> 'values'
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) x`);
  }
}

/** The benchmark job as the job form sends it: the area as bare coordinates and a radius. */
function jobBody(i: number) {
  const job = benchmarkJob();
  return {
    values: { title: `Bench job ${i}`, target_types: job.targetTypes },
    criteria: job.criteria.map((c) => {
      if (c.key !== 'location') return c;
      const { lat, lng, radius_km } = c.value as { lat: number; lng: number; radius_km: number };
      return { ...c, value: { lat, lng, radius_km: radius_km + (i % 5) * 10 } };
    }),
  };
}

async function main() {
  const db = await scratchDatabase(adminUrl, 'matchwerk_bench_jobs', args['keep-database']);
  const children: ChildProcess[] = [];
  try {
    let started = performance.now();
    if (db.reused) {
      const [{ n } = { n: 0 }] = await queryRows(
        db.handle.db,
        sql`select count(*) as n from profiles`,
        CountRow,
      );
      if (n !== profiles) throw new Error(`the kept database holds ${n} profiles, not ${profiles}`);
    } else {
      await seedCatalog(db.handle.db, catalog);
      await insertProfiles(db.handle, profiles);
    }
    const loadMs = performance.now() - started;

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'http://bench.test' });
    const auth = await createAuthServices(db.handle.db, config);
    // The index persists to a scratch DATA_DIR, as a server's does (server/matching/index-snapshot.ts).
    const snapshotDir = mkdtempSync(join(tmpdir(), 'matchwerk-bench-index-'));
    const snapshot = { path: join(snapshotDir, 'matching-index.v8'), key: db.url ?? 'bench-pglite' };
    const services = new JobServices(db.handle.db, undefined, Date.now, snapshot);
    // The what-if series below asks as fast as the server answers (to measure the engine), far more
    // than the 20 a second one agent may (PRODUCT.md §8, a slider sends a few): that cap is lifted here.
    services.caps.previewsPerSecond = Number.POSITIVE_INFINITY;
    const app = createApp({
      config,
      db: db.handle,
      logger: createLogger(config),
      auth,
      staticDir: null,
      jobs: services,
    });
    await db.handle.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: 'bench-agent@bench.test',
        passwordHash: 'not-a-login',
        userType: 'agent',
        registrationStep: 0,
      })
      .onConflictDoNothing();
    const [agent] = await db.handle.db.select().from(users).where(eq(users.email, 'bench-agent@bench.test'));
    const token = await signAccessToken(auth.tokens, agent!, 'ok');
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };

    // Cold start: the first index build (a fresh process pays it once).
    started = performance.now();
    await services.freshIndex();
    const buildMs = performance.now() - started;
    await services.sync.lastPersist;
    const snapshotBytes = statSync(snapshot.path).size;

    // Cold start with the snapshot: a new process loads it, then reads what changed since (here
    // 1 000 profiles edited after the snapshot was written) — instead of a full rebuild.
    await db.handle.db.execute(
      sql`update profiles set "values" = "values" || '{"bench_touch": 1}'::jsonb
          where id in (select id from profiles order by id limit 1000)`,
    );
    started = performance.now();
    const cold = new JobServices(db.handle.db, undefined, Date.now, snapshot);
    const coldIndex = await cold.freshIndex();
    const coldMs = performance.now() - started;
    if (cold.sync.coldStart !== 'snapshot' || coldIndex.size !== services.sync.current.size) {
      throw new Error(`cold start did not use the snapshot (${cold.sync.coldStart}, ${coldIndex.size})`);
    }
    rmSync(snapshotDir, { recursive: true, force: true });

    const worker = new RunWorker(services, { owner: 'bench-main', pollMs: 20 }).start();
    services.onRunQueued = () => worker.poke();

    const runToDone = async (jobId: string) => {
      const t0 = performance.now();
      const { run } = (await api('POST', `/api/job/${jobId}/run`)) as { run: Run };
      for (;;) {
        const [row] = await queryRows(
          db.handle.db,
          sql`select state from job_runs where id = ${run.uuid}`,
          v.object({ state: text }),
        );
        if (row?.state === 'done') break;
        if (row?.state === 'failed') throw new Error('run failed');
        await sleep(5);
      }
      return performance.now() - t0;
    };

    const job = (await api('PUT', '/api/job', jobBody(0))) as Job;
    await runToDone(job.uuid); // JIT and caches warm
    const endToEnd: number[] = [];
    for (let i = 0; i < 5; i++) endToEnd.push(await runToDone(job.uuid));
    const [stored] = await queryRows(
      db.handle.db,
      sql`select included from job_runs where job_id = ${job.uuid} and state = 'done' order by finished_at desc limit 1`,
      v.object({ included: intOrNull }),
    );

    // The clients run in a worker thread of their own, as real clients are not in the server's
    // process: their requests, decompression and JSON parsing do not share the server's event loop.
    // The event-loop delay is the server's: how long its loop was kept from answering.
    const loopDelay = () => {
      const h = monitorEventLoopDelay({ resolution: 1 });
      h.enable();
      return () => {
        h.disable();
        return `${(h.percentile(99) / 1e6).toFixed(0)} ms / ${(h.max / 1e6).toFixed(0)} ms`;
      };
    };
    const clients = (readers: Omit<ClientRequest, 'token'>[][]) =>
      timedClients(
        base,
        readers.map((list) => list.map((r) => ({ ...r, token }))),
      );
    const pageRequest = { method: 'GET', path: `/api/job/showresults/${job.uuid}?page=1&limit=20` };
    const body = jobBody(0);
    // The live what-if as a weight slider moves: each request another weight.
    const previewRequests = Array.from({ length: 60 }, (_, i) => ({
      method: 'POST',
      path: '/api/job/preview',
      body: {
        targetTypes: body.values.target_types,
        criteria: body.criteria.map((c, k) => (k === 1 ? { ...c, weight: i % 6 } : c)),
      },
    }));
    await clients([Array(20).fill(pageRequest), previewRequests.slice(0, 6)]); // warm up

    // The first results page, 20 readers at once, 30 requests each.
    let loop = loopDelay();
    const pageTimes = (await clients(Array.from({ length: 20 }, () => Array(30).fill(pageRequest)))).flat();
    const pageLoop = loop();

    loop = loopDelay();
    const previewTimes = (await clients([previewRequests])).flat();
    const previewLoop = loop();

    // Both at once: 20 readers while an agent changes a must-have (five licence sets in turn, more
    // than the what-if keeps, so every preview scores the must-have pass afresh: the worst case for
    // the loop the readers share).
    const licences = [['b'], ['c'], ['a', 'b'], ['be'], ['am', 'b']];
    const mustChanges = previewRequests.map((r, i) => ({
      ...r,
      body: {
        ...r.body,
        criteria: r.body.criteria.map((c) =>
          c.key === 'driving_licences' ? { ...c, value: licences[i % licences.length] } : c,
        ),
      },
    }));
    const mixed = await clients([
      mustChanges,
      ...Array.from({ length: 20 }, () => Array(30).fill(pageRequest)),
    ]);
    const mixedPages = mixed.slice(1).flat();

    // 10 runs of different jobs at once (on PostgreSQL shared with a second server process).
    if (db.url) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker-only'],
        {
          env: { ...process.env, BENCH_WORKER_URL: db.url },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    }
    const jobs: Job[] = [];
    for (let i = 1; i <= 10; i++) jobs.push((await api('PUT', '/api/job', jobBody(i))) as Job);
    started = performance.now();
    const tenRuns = await Promise.all(jobs.map((j) => runToDone(j.uuid)));
    const tenMs = performance.now() - started;

    await worker.stop();
    server.close();
    const database = db.url ? 'PostgreSQL 15' : 'PGlite';
    const processes = db.url ? 2 : 1;
    const rows: [string, string][] = [
      ['database', database],
      [
        'load average 1 / 5 / 15 min (at the end)',
        loadavg()
          .map((x) => x.toFixed(2))
          .join(' / '),
      ],
      ['profiles', profiles.toLocaleString('en')],
      ['load profiles (setup)', db.reused ? `kept database (${ms(loadMs)})` : ms(loadMs)],
      ['index build from every profile (cold start without a snapshot)', ms(buildMs)],
      [
        `cold start with the index snapshot (${(snapshotBytes / 1e6).toFixed(0)} MB, load + delta of 1 000)`,
        ms(coldMs),
      ],
      [
        `run end to end p50 (request → done, ${stored?.included ?? 0} included, top ${services.resultLimit} stored)`,
        ms(pct(endToEnd, 50)),
      ],
      ['first results page p50 (20 concurrent readers)', ms(pct(pageTimes, 50))],
      ['first results page p99 (20 concurrent readers)', ms(pct(pageTimes, 99))],
      ['event-loop delay p99 / max while the readers read', pageLoop],
      ['what-if preview p50', ms(pct(previewTimes, 50))],
      ['what-if preview p99', ms(pct(previewTimes, 99))],
      ['event-loop delay p99 / max during the previews', previewLoop],
      [
        'first results page p50 / p99 while must-haves change (what-if misses its cache)',
        `${ms(pct(mixedPages, 50))} / ${ms(pct(mixedPages, 99))}`,
      ],
      [
        'what-if p50 / p99 (must-haves changing) beside 20 readers',
        `${ms(pct(mixed[0]!, 50))} / ${ms(pct(mixed[0]!, 99))}`,
      ],
      [`10 runs at once, all done (${processes} server process${processes > 1 ? 'es' : ''})`, ms(tenMs)],
      ['10 runs at once, slowest request → done', ms(Math.max(...tenRuns))],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    process.stdout.write(`| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|------:|\n`);
    for (const [k, val] of rows) process.stdout.write(`| ${k.padEnd(width)} | ${val} |\n`);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await db.drop();
  }
  process.exit(0);
}

await main();
