// `npm run bench:pipeline [-- --entries N] [-- --requests N]`: a job's pipeline board of N entries
// (default 500) on a scratch database — PGlite in memory, or a new database on the PostgreSQL server
// of TEST_DATABASE_URL with TEST_DB=postgres. The job has a done run (the board's scores come from
// it). Prints p50 / p99 server time (app.request in this process, no network) of reading the board
// and of moving one card, and the load average. Target (issue 21): both p99 ≤ 100 ms.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { PipelineBoard, PipelineEntry } from '../contract/pipeline';
import { queryRows } from '../server/db/client';
import { IdRow } from '../server/db/rows';
import { agentJobBody, createJobFixture } from '../server/http/job-test-kit';

const { values: args } = parseArgs({
  options: { entries: { type: 'string' }, requests: { type: 'string' } },
});
const ENTRIES = Number(args.entries ?? 500);
const REQUESTS = Number(args.requests ?? 200);

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const f = await createJobFixture({ profiles: ENTRIES + 100, resultLimit: ENTRIES + 100 });
  try {
    const job = (await f.createJob(agentJobBody('Pipeline-Benchmark'))).uuid;
    await f.runToDone(job);
    const [agent] = await queryRows(
      f.db.db,
      sql`select id from users where email = 'agent@jobs.test'`,
      IdRow,
    );
    // The board's entries, spread over the open stages (a move goes one step forward).
    const stages = ['proposed', 'contacted', 'submitted', 'interview', 'offer'];
    const ids = f.profiles.slice(0, ENTRIES).map((p) => p.uuid);
    await f.db.db.execute(
      sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, created_by, moved_by)
          select gen_random_uuid(), ${job}, p::uuid, s, s, ${agent!.id}, ${agent!.id}
          from unnest(${`{${ids.join(',')}}`}::text[]) with ordinality as t(p, n),
               lateral (select (${`{${stages.join(',')}}`}::text[])[1 + (n % 5)] as s) st`,
    );
    await f.db.db.execute(sql`analyze pipeline_entries`);

    const read = async () => {
      const t0 = performance.now();
      const res = await f.call('GET', `/api/job/${job}/pipeline`, f.tokens.agent);
      const body = (await res.json()) as PipelineBoard;
      const took = performance.now() - t0;
      if (res.status !== 200 || body.items.length !== ENTRIES) throw new Error(`board: ${res.status}`);
      return { took, body };
    };
    const { body } = await read(); // warm
    const reads: number[] = [];
    for (let i = 0; i < REQUESTS; i++) reads.push((await read()).took);

    const movable = body.items.filter((e) => e.stage !== 'offer');
    const next: Record<string, string> = {
      proposed: 'contacted',
      contacted: 'submitted',
      submitted: 'interview',
      interview: 'offer',
    };
    const moves: number[] = [];
    for (let i = 0; i < Math.min(REQUESTS, movable.length); i++) {
      const entry = movable[i] as PipelineEntry;
      const t0 = performance.now();
      const res = await f.call('POST', `/api/pipeline/${entry.uuid}/move`, f.tokens.agent, {
        to: next[entry.stage],
        version: entry.version,
      });
      await res.arrayBuffer();
      moves.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`move: ${res.status}`);
    }
    const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const load = loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
    process.stdout.write(
      [
        `pipeline board of ${ENTRIES} entries, ${db}, load average ${load} (1 / 5 / 15 min)`,
        `  board read   p50 ${ms(pct(reads, 50))}  p99 ${ms(pct(reads, 99))}  (${reads.length} reads; target p99 ≤ 100 ms)`,
        `  card move    p50 ${ms(pct(moves, 50))}  p99 ${ms(pct(moves, 99))}  (${moves.length} moves; target p99 ≤ 100 ms)`,
        '',
      ].join('\n'),
    );
  } finally {
    await f.close();
  }
}

await main();
