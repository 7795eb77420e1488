// `npm run bench:match [-- --profiles N] [-- --database-url postgres://…]`: the matching engine at
// 10 000, 100 000 and 1 000 000 synthetic profiles (or N), against the same scoring in SQL.
// Without a URL (or BENCH_DATABASE_URL) the database is PGlite in memory; with one, a scratch
// database is created on that server and dropped afterwards.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AreaValue, Catalog, LanguageValue } from '../contract/catalog';
import { LANGUAGE_LEVELS } from '../contract/catalog';
import type { MatchJob } from '../contract/matching';
import { loadCatalogFile, seedCatalog } from '../server/catalog/catalog';
import { citiesOf } from '../server/catalog/cities';
import { type DbHandle, queryRows } from '../server/db/client';
import { IdRow, num, uuid } from '../server/db/rows';
import { analyseIndex } from '../server/matching/analysis';
import { IndexSync } from '../server/matching/index-sync';
import { ProfileIndex } from '../server/matching/profile-index';
import { benchmarkJob, syntheticProfiles } from '../server/matching/synthetic';
import { scratchDatabase } from './bench-db';

const { values: args } = parseArgs({
  options: { profiles: { type: 'string' }, 'database-url': { type: 'string' }, seed: { type: 'string' } },
});
const sizes = args.profiles ? [Number(args.profiles)] : [10_000, 100_000, 1_000_000];
const adminUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL;
const seed = Number(args.seed ?? 42);
const BATCH = 5_000;
const RUNS = 5;

const catalog = loadCatalogFile();
const cities = citiesOf('DE', 10_000);
const job = benchmarkJob();
const noMusts: MatchJob = { ...job, criteria: job.criteria.map((c) => ({ ...c, must: false })) };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
const time = async <T>(f: () => Promise<T> | T): Promise<[number, T]> => {
  const start = performance.now();
  const result = await f();
  return [performance.now() - start, result];
};
/** Wall and CPU time (the process's, ms) of a synchronous call: on a shared box the CPU time is what it costs. */
const timeCpu = (f: () => unknown): [number, number] => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  f();
  const wall = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  return [wall, (user + system) / 1000];
};

/** The benchmark job as one SQL query: the rules of PRODUCT.md §5 over the jsonb values. */
function scoreSql(j: MatchJob, cat: Catalog): string {
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const list = (xs: string[]) => xs.map(lit).join(', ');
  // greatest/least skip NULLs, so a missing value must be caught before clamping (it scores 0).
  const clamp = (x: string, present = 'true') =>
    `(case when ${present} then greatest(0, least(1, ${x})) else 0 end)`;
  const fields = new Map(cat.job.map((f) => [f.key, f]));
  const parts = j.criteria.map((c) => {
    const spec = fields.get(c.key)!.criterion!;
    const p = `v -> ${lit(spec.profileKey)}`;
    const t = `v ->> ${lit(spec.profileKey)}`;
    switch (spec.rule) {
      case 'overlap': {
        const want = c.value as string[];
        return `coalesce((${want.map((x) => `(${p} ? ${lit(x)})::int`).join(' + ')})::float8 / ${want.length}, 0)`;
      }
      case 'anyOf':
        return `(case when jsonb_typeof(${p}) = 'array' then (${p} ?| array[${list(c.value as string[])}])::int
                 else (coalesce(${t} in (${list(c.value as string[])}), false))::int end)`;
      case 'atLeastOrdinal': {
        if (fields.get(c.key)!.type === 'languages') {
          const levels = `array[${list([...LANGUAGE_LEVELS])}]`;
          const want = c.value as LanguageValue[];
          const each = want.map(
            (
              l,
            ) => `coalesce((select ${clamp(`1 - 0.25 * (${LANGUAGE_LEVELS.indexOf(l.level)} - (array_position(${levels}, e ->> 'level') - 1))`)}
              from jsonb_array_elements(case when jsonb_typeof(${p}) = 'array' then ${p} else '[]' end) e
              where e ->> 'language' = ${lit(l.language)} limit 1), 0)`,
          );
          return `(${each.join(' + ')}) / ${want.length}`;
        }
        const order = cat.profile.find((f) => f.key === spec.profileKey)!.options!.map((o) => o.value);
        const required = order.indexOf(c.value as string);
        return clamp(
          `1 - 0.25 * (${required} - (array_position(array[${list(order)}], ${t}) - 1))`,
          `${t} is not null`,
        );
      }
      case 'atLeast':
        return Number(c.value) === 0
          ? `(${t} is not null)::int`
          : clamp(`(${t})::float8 / ${Number(c.value)}`, `${t} is not null`);
      case 'distance': {
        const a = c.value as AreaValue;
        const lat = `(${p} ->> 'lat')::float8`;
        const lng = `(${p} ->> 'lng')::float8`;
        const d = `2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(${lat} - ${a.lat}) / 2), 2)
          + cos(radians(${a.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${a.lng}) / 2), 2))))`;
        return clamp(`2 - ${d} / ${a.radius_km}`, `${p} is not null`);
      }
      case 'notAfter':
        return clamp(`1 - ((${t})::date - ${lit(c.value as string)}::date) / 90.0`, `${t} is not null`);
      case 'atMost': {
        const max = Number(c.value);
        return clamp(`1 - ((${t})::float8 - ${max}) / (0.3 * ${max})`, `${t} is not null`);
      }
    }
    throw new Error(`no SQL for ${c.key}`);
  });
  const sumW = j.criteria.reduce((s, c) => s + c.weight, 0);
  const weighted = j.criteria.map((c, i) => `${c.weight} * s${i}`).join(' + ') || '0';
  const musts = j.criteria.flatMap((c, i) => (c.must ? [`s${i} >= 1`] : []));
  return `with scored as (
      select id, ${parts.map((x, i) => `${x} as s${i}`).join(',\n')}
      from (select id, "values" as v from profiles
            where status = 'active' and type in (${list(j.targetTypes)})) p)
    select id, ${sumW === 0 ? '100' : `round((100 * (${weighted}) / ${sumW})::numeric, 1)`} as score
    from scored ${musts.length ? `where ${musts.join(' and ')}` : ''}
    order by score desc, id asc limit 1000`;
}

async function insertProfiles(handle: DbHandle, n: number, index: ProfileIndex): Promise<number> {
  const next = syntheticProfiles(catalog, { seed, cities });
  let buildMs = 0;
  for (let done = 0; done < n; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - done) }, next);
    const start = performance.now();
    for (const p of batch) index.upsert(p);
    buildMs += performance.now() - start;
    // One jsonb parameter per batch (drizzle would spread a JS array into one parameter per item).
    await handle.db.execute(sql`insert into profiles (id, type, status, "values")
      select (x ->> 'uuid')::uuid, x ->> 'type', x ->> 'status', x -> 'values'
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) x`);
  }
  return buildMs;
}

/** Changes 1 % of the profiles as an editor would: experience, salary, availability; a few deleted. */
async function changeOnePercent(handle: DbHandle, n: number): Promise<number> {
  const ids = await queryRows(
    handle.db,
    sql`select id from profiles order by id limit ${Math.max(1, Math.floor(n / 100))} offset ${Math.floor(n / 3)}`,
    IdRow,
  );
  const all = ids.map((r) => r.id);
  const deleted = all.filter((_, i) => i % 20 === 0);
  const updated = all.filter((_, i) => i % 20 !== 0);
  await handle.db.execute(sql`update profiles set "values" = "values"
      || jsonb_build_object('experience_years', 7.5, 'desired_salary', 52000, 'available_from', '2026-02-15'),
      status = 'active'
    where id in (select jsonb_array_elements_text(${JSON.stringify(updated)}::jsonb)::uuid)`);
  await handle.db.execute(
    sql`delete from profiles where id in (select jsonb_array_elements_text(${JSON.stringify(deleted)}::jsonb)::uuid)`,
  );
  return all.length;
}

/** A profile as the SQL ranking (scoreSql) scores it. */
const RankedRow = v.object({ id: uuid, score: num });

interface Row {
  n: number;
  buildDb: number;
  buildRows: number;
  delta: number;
  changed: number;
  score: number;
  scoreNoMusts: number;
  /** CPU time (median) of the same runs. */
  scoreCpu: number;
  scoreNoMustsCpu: number;
  bytes: number;
  sql: number;
  agree: string;
  /** The load average (1 min) before and after the timed scoring runs. */
  load: string;
}

async function benchSize(n: number): Promise<Row> {
  const { handle, drop } = await scratchDatabase(adminUrl, 'matchwerk_bench');
  try {
    await seedCatalog(handle.db, catalog);
    const fromRows = new ProfileIndex(catalog, n);
    const buildRows = await insertProfiles(handle, n, fromRows);
    await handle.db.execute(sql`analyze profiles`);
    const sync = new IndexSync(handle.db);
    const [buildDb] = await time(() => sync.refresh());
    const index = sync.current;

    const scoreRuns: number[] = [];
    const noMustRuns: number[] = [];
    const scoreCpu: number[] = [];
    const noMustCpu: number[] = [];
    // What a run computes: counts, histogram, exclusions per must-have, the best 1000 explained.
    const score = (j: MatchJob) => analyseIndex(index, j, { topK: 1000 });
    score(job); // warm-up: compile the loops
    score(noMusts);
    const loadBefore = loadavg()[0]!;
    for (let i = 0; i < RUNS; i++) {
      const [wall, cpu] = timeCpu(() => score(job));
      scoreRuns.push(wall);
      scoreCpu.push(cpu);
      const [wallNoMusts, cpuNoMusts] = timeCpu(() => score(noMusts));
      noMustRuns.push(wallNoMusts);
      noMustCpu.push(cpuNoMusts);
    }
    const load = `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
    const engine = score(job).results;

    const query = scoreSql(job, catalog);
    const sqlRuns: number[] = [];
    let sqlRows: v.InferOutput<typeof RankedRow>[] = [];
    for (let i = 0; i < (n >= 1_000_000 ? 3 : RUNS); i++) {
      const [took, rows] = await time(() => queryRows(handle.db, sql.raw(query), RankedRow));
      sqlRuns.push(took);
      sqlRows = rows;
    }
    const same = engine.filter((r, i) => sqlRows[i]?.id === r.uuid && sqlRows[i]?.score === r.score).length;

    const changed = await changeOnePercent(handle, n);
    const [delta] = await time(() => sync.refresh());
    return {
      n,
      buildDb,
      buildRows,
      delta,
      changed,
      score: median(scoreRuns),
      scoreNoMusts: median(noMustRuns),
      scoreCpu: median(scoreCpu),
      scoreNoMustsCpu: median(noMustCpu),
      bytes: index.bytes() / index.size,
      sql: median(sqlRuns),
      agree: `${same}/${engine.length}`,
      load,
    };
  } finally {
    await drop();
  }
}

const database = adminUrl ? `PostgreSQL (${new URL(adminUrl).host})` : 'PGlite (in memory)';
process.stdout.write(
  `matching benchmark — seed ${seed}, ${database}, node ${process.versions.node}\n` +
    `job: ${job.criteria.length} criteria, ${job.criteria.filter((c) => c.must).length} must-haves; top 1000; median of ${RUNS}\n\n`,
);
const header = [
  'profiles',
  'build (from db)',
  'build (rows)',
  'delta 1 %',
  'score+top1000',
  'same, no musts',
  'CPU (musts / none)',
  'bytes/profile',
  'SQL baseline',
  'speed-up',
  'SQL agrees',
  'load (1 min)',
];
const rows: string[][] = [];
for (const n of sizes) {
  const r = await benchSize(n);
  rows.push([
    r.n.toLocaleString('en-US'),
    ms(r.buildDb),
    ms(r.buildRows),
    `${ms(r.delta)} (${r.changed})`,
    ms(r.score),
    ms(r.scoreNoMusts),
    `${ms(r.scoreCpu)} / ${ms(r.scoreNoMustsCpu)}`,
    r.bytes.toFixed(1),
    ms(r.sql),
    `${(r.sql / r.score).toFixed(0)}×`,
    r.agree,
    r.load,
  ]);
  process.stderr.write(`done: ${r.n}\n`);
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |\n`;
process.stdout.write(line(header));
process.stdout.write(`|${widths.map((w) => `${'-'.repeat(w + 1)}:`).join('|')}|\n`);
for (const r of rows) process.stdout.write(line(r));
process.stdout.write(
  '\nbuild (from db): full index build reading every active profile in one snapshot; build (rows): the same from\n' +
    'rows in memory; delta 1 %: refresh after 1 % of the profiles changed or were deleted (count in brackets);\n' +
    'score+top1000: what a run computes, on one core (analyseIndex: counts, exclusions per must-have, histogram,\n' +
    "the best 1000 with breakdowns); CPU: the process's CPU time of the same runs (median); SQL agrees: top-1000\n" +
    'positions where the database ranked the same profile with the same score; load (1 min): the load average\n' +
    'before and after the timed scoring runs (on a shared box the wall times follow it).\n',
);
