// `npm run bench:agents [-- --profiles N] [-- --database-url postgres://…] [-- --requests N]
// [-- --keep-database NAME]`: the agents' candidate table over HTTP on a scratch database with N
// synthetic candidates (default 100 000), each with an account, a third assigned to one of 20 agents.
// 20 agents query at once; p50 / p99 per kind of query: the default list, a search by name, a search
// by a skill's label, a filtered list ("assigned to me" of each type in turn, so each agent's first
// look at a type reads afresh), and searches no one asked before: with the page and total forgotten
// before every request, once as agents type (each agent's next search goes out when it paused for
// the table's debounce, RESOURCE_DEBOUNCE_MS, after its last answer; the agents' pauses staggered) and
// once back to back (20 new searches always under way: the server saturated, reported without a
// target). The global search of the agent shell (GET /api/agent/search) runs over the same
// candidates, 10 000 companies (each with an account) and 1 000 jobs: each agent types a word letter
// by letter, every prefix from two letters on going out a debounce (GLOBAL_SEARCH_DEBOUNCE_MS) after
// the last answer. Without a URL (or BENCH_DATABASE_URL) the database is PGlite in memory. BENCH_KINDS
// picks kinds by a word of their names; BENCH_SHOW_TIMES=1 prints every request's time.
import type { AddressInfo } from 'node:net';
import { performance as nodePerformance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ProfileListQuerySchema, type ProfileListResponse } from '../contract/agent';
import { GlobalSearchQuerySchema, type GlobalSearchResponse } from '../contract/search';
import { globalSearchStatement } from '../server/agents/global-search';
import { forgetKeptCounts } from '../server/agents/list-counts';
import { forgetKeptPages, listConditions, listStatements } from '../server/agents/search';
import { createApp } from '../server/app';
import { createAuthServices } from '../server/auth/setup';
import { signAccessToken } from '../server/auth/tokens';
import { loadCatalogFile, readCatalog, seedCatalog } from '../server/catalog/catalog';
import { citiesOf } from '../server/catalog/cities';
import { loadConfig } from '../server/config';
import { type DbHandle, queryRows } from '../server/db/client';
import { CountRow, PlanRow } from '../server/db/rows';
import { users } from '../server/db/schema/users';
import { createLogger } from '../server/log';
import { syntheticProfiles } from '../server/matching/synthetic';
import { GLOBAL_SEARCH_DEBOUNCE_MS } from '../src/machines/agents/global-search.machine';
import { RESOURCE_DEBOUNCE_MS } from '../src/machines/shared/resource.machine';
import { timedClients } from './bench-clients';
import { scratchDatabase } from './bench-db';

const { values: args } = parseArgs({
  options: {
    profiles: { type: 'string' },
    requests: { type: 'string' },
    'database-url': { type: 'string' },
    /** Keep the scratch database under this name (PostgreSQL), and reuse it on the next run. */
    'keep-database': { type: 'string' },
  },
});

const catalog = loadCatalogFile();
const profiles = Number(args.profiles ?? 100_000);
/** Requests per agent and kind of query. */
const perAgent = Number(args.requests ?? 15);
const adminUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL;
const AGENTS = 20;
const BATCH = 5_000;
const COMPANIES = 10_000;
const JOBS = 1_000;

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);

/** N candidates, each with an account (so the e-mail search has rows to search) and updated times spread out. */
async function insertCandidates(handle: DbHandle, n: number): Promise<void> {
  const next = syntheticProfiles(catalog, { seed: 7, cities: citiesOf('DE', 10_000) });
  for (let done = 0; done < n; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - done) }, next);
    await handle.db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
      select (x ->> 'uuid')::uuid,
        lower(x -> 'values' ->> 'first_name') || '.' || (x ->> 'uuid') || '@bench.test', 'x', x ->> 'type',
        case when (x ->> 'uuid') like '%0' then 2 else 0 end
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) x`);
    await handle.db.execute(sql`insert into profiles (id, user_id, type, status, "values", created_at, updated_at)
      select (x ->> 'uuid')::uuid, (x ->> 'uuid')::uuid, x ->> 'type', x ->> 'status', x -> 'values',
        now() - make_interval(mins => (${done} + n)::int), now() - make_interval(mins => (${done} + n)::int)
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as e(x, n)`);
  }
}

const COMPANY_WORDS = ['Rhein', 'Nord', 'Süd', 'Hafen', 'Stadt', 'Alpen', 'Ost', 'West', 'Main', 'Elb'];
const COMPANY_TRADES = [
  'logistik',
  'bau',
  'pflege',
  'technik',
  'service',
  'personal',
  'werk',
  'handel',
  'metall',
  'energie',
];
const COMPANY_FORMS = ['GmbH', 'AG', 'KG', 'GmbH & Co. KG', 'e. K.'];

/** 10 000 companies with accounts ("Hafenlogistik 17 GmbH" in a German city) and 1 000 jobs. */
async function insertCompaniesAndJobs(handle: DbHandle): Promise<void> {
  const cities = citiesOf('DE', 10_000);
  const companies = Array.from({ length: COMPANIES }, (_, n) => {
    const city = cities[(n * 7919) % cities.length]!;
    return {
      id: crypto.randomUUID(),
      email: `kontakt-${n}@firma-${n}.bench.test`,
      values: {
        name: `${COMPANY_WORDS[n % 10]}${COMPANY_TRADES[Math.floor(n / 10) % 10]} ${Math.floor(n / 100)} ${COMPANY_FORMS[n % 5]}`,
        city: { name: city.name, lat: city.lat, lng: city.lng, country: city.country },
      },
    };
  });
  for (let done = 0; done < companies.length; done += BATCH) {
    const batch = JSON.stringify(companies.slice(done, done + BATCH));
    await handle.db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
      select (x ->> 'id')::uuid, x ->> 'email', 'x', 'company', 0 from jsonb_array_elements(${batch}::jsonb) x`);
    await handle.db.execute(sql`insert into companies (id, user_id, "values")
      select gen_random_uuid(), (x ->> 'id')::uuid, x -> 'values' from jsonb_array_elements(${batch}::jsonb) x`);
  }
  const occupations = catalog.profile.find((f) => f.key === 'occupation')?.options ?? [];
  const jobs = Array.from({ length: JOBS }, (_, n) => ({
    title: `${occupations[n % occupations.length]?.label.de ?? 'Job'} ${cities[n % cities.length]!.name}`,
    company: companies[(n * 13) % companies.length]!.values.name,
    target_types: ['stella'],
  }));
  await handle.db.execute(sql`insert into jobs (id, origin, status, "values", criteria)
    select gen_random_uuid(), 'agent', case when n % 5 = 0 then 'archived' else 'active' end, x, '[]'::jsonb
    from jsonb_array_elements(${JSON.stringify(jobs)}::jsonb) with ordinality as e(x, n)`);
}

/** The catalogue, N candidates and 20 agents with a third of the candidates assigned, vacuumed. */
async function seedCandidates(handle: DbHandle): Promise<void> {
  await seedCatalog(handle.db, catalog);
  await insertCandidates(handle, profiles);
  await insertCompaniesAndJobs(handle);
  for (let i = 0; i < AGENTS; i++) {
    const id = crypto.randomUUID();
    await handle.db.insert(users).values({
      id,
      email: `agent-${i}@bench.test`,
      passwordHash: 'not-a-login',
      userType: i === 0 ? 'senior_agent' : 'agent',
      registrationStep: 0,
    });
  }
  // A third of the candidates assigned, spread over the agents.
  await handle.db.execute(sql`update profiles p set assigned_agent_id = a.id
      from (select id, row_number() over (order by id) - 1 as n from users where user_type like '%agent%') a
      where abs(hashtext(p.id::text)) % ${AGENTS * 3} = a.n`);
  // A database in steady state: autovacuum would have run (index-only counts need the visibility map).
  await handle.db.execute(sql`vacuum analyze`);
}

const NAME_QUERIES = ['müller', 'muller', 'schmi', 'wagner anna', 'yilmaz', 'nowak lukas', 'becker', 'fisch'];
/**
 * Pages and totals are kept until profiles change (server/db/kept.ts, server/agents/list-counts.ts),
 * so after a query's first request the other kinds read a kept answer; these two forget them before
 * every request: every search is one no one asked before.
 */
const TYPING = 'new search, as agents type (debounced)';
const SATURATED = 'new search, back to back (saturated; no target)';
const COLD = new Set([TYPING, SATURATED]);
const SKILL_QUERIES = ['Holzbearbeitung', 'woodworking', 'Trockenbau', 'welding', 'Photovoltaik', 'Linux'];
/** What agents type into the shell's search: names, companies, job titles, cities, e-mails. */
const GLOBAL_WORDS = [
  'schmidt',
  'müller',
  'hafenlogistik',
  'pflegefach',
  'wagner anna',
  'hamburg',
  'nordbau',
  'kontakt-42',
];
/** Every prefix of two letters and more, as a typist's pauses send them. */
const PREFIXES = GLOBAL_WORDS.flatMap((word) =>
  Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2)).filter((p) => p.trim().length >= 2),
);
const GLOBAL = 'global search, as agents type (debounced)';

async function main() {
  const db = await scratchDatabase(adminUrl, 'matchwerk_bench_agents', args['keep-database']);
  try {
    const started = performance.now();
    if (db.reused) {
      const [{ n } = { n: 0 }] = await queryRows(
        db.handle.db,
        sql`select count(*) as n from profiles`,
        CountRow,
      );
      if (n !== profiles) throw new Error(`the kept database holds ${n} profiles, not ${profiles}`);
      // A database kept before the global search was measured has no companies and jobs yet.
      const [{ n: c } = { n: 0 }] = await queryRows(
        db.handle.db,
        sql`select count(*) as n from companies`,
        CountRow,
      );
      if (c < COMPANIES) {
        await insertCompaniesAndJobs(db.handle);
        await db.handle.db.execute(sql`vacuum analyze`);
      }
    } else await seedCandidates(db.handle);
    const loadMs = performance.now() - started;

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'http://bench.test' });
    const auth = await createAuthServices(db.handle.db, config);
    const app = createApp({ config, db: db.handle, logger: createLogger(config), auth, staticDir: null });
    const agentRows = await db.handle.db.select().from(users).where(sql`user_type like '%agent%'`);
    const tokens = await Promise.all(agentRows.map((row) => signAccessToken(auth.tokens, row, 'ok')));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    // PGlite answers one query at a time: 20 agents' requests queue for seconds, and a kept-alive
    // socket must not be closed under a waiting client.
    (server as import('node:http').Server).keepAliveTimeout = 600_000;
    (server as import('node:http').Server).requestTimeout = 0;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    /** The kind's call: the candidate table, or the shell's global search. */
    const pathOf = (kind: string, query: string) =>
      kind === GLOBAL ? `/api/agent/search?${query}` : `/api/profile/list?${query}`;
    /** A call's answer and its row count (the table's total, the search's hits). */
    const get = async (token: string, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as ProfileListResponse | GlobalSearchResponse;
      return 'total' in body ? body.total : body.candidates.length + body.companies.length + body.jobs.length;
    };

    const forgetKept = () => {
      forgetKeptCounts(db.handle.db);
      forgetKeptPages(db.handle.db);
    };
    const nameSearch = (i: number) =>
      `type=stella&q=${encodeURIComponent(NAME_QUERIES[i % NAME_QUERIES.length]!)}`;
    const allKinds: Record<string, (i: number) => string> = {
      'list, default sort (stellas, last change)': () => 'type=stella',
      'search by name': nameSearch,
      [TYPING]: nameSearch,
      [SATURATED]: nameSearch,
      'search by skill label (de / en)': (i) =>
        `type=stella&q=${encodeURIComponent(SKILL_QUERIES[i % SKILL_QUERIES.length]!)}`,
      'filtered (assigned to me, active, finished, by name)': (i) =>
        `type=${['stella', 'luna', 'nova'][i % 3]}&assigned=me&status=active&registration=finished&sort=name`,
      [GLOBAL]: (i) => `q=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}`,
    };
    // BENCH_KINDS=filtered,debounced: only the kinds whose names hold one of these words.
    const only = process.env.BENCH_KINDS?.split(',').filter(Boolean);
    const kinds = Object.fromEntries(
      Object.entries(allKinds).filter(([kind]) => !only || only.some((word) => kind.includes(word))),
    );
    // Warm-up: JIT and caches, then every connection of the pool (requests at once open them all,
    // and each new connection's first statements load its catalogue caches), as on a server that
    // has been running. What the warm-up kept is forgotten: each kind's first requests read afresh.
    for (const [kind, make] of Object.entries(kinds))
      for (let i = 0; i < 5; i++) await get(tokens[0]!, pathOf(kind, make(i)));
    await timedClients(
      base,
      tokens.map((token, agent) =>
        Object.entries(kinds).flatMap(([kind, make]) =>
          [0, 1, 2].map((i) => ({ path: pathOf(kind, make(agent + i)), token })),
        ),
      ),
    );
    forgetKept();

    // The database's own time (EXPLAIN ANALYZE) for each kind: what the queries cost apart from HTTP,
    // tokens and waiting for a connection or a CPU.
    const catalogNow = await readCatalog(db.handle.db);
    const dbTimes = new Map<string, number[]>();
    const executionMs = async (statement: ReturnType<typeof sql>) => {
      const rows = await queryRows(db.handle.db, sql`explain analyze ${statement}`, PlanRow);
      const line = rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
      return Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? Number.NaN);
    };
    for (const [kind, make] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const params = Object.fromEntries(new URLSearchParams(make(i)));
        const caller = { userId: agentRows[i % agentRows.length]!.id };
        if (kind === GLOBAL) {
          const query = v.parse(GlobalSearchQuerySchema, params);
          times.push(await executionMs(globalSearchStatement(catalogNow, caller, query)));
          continue;
        }
        const query = v.parse(ProfileListQuerySchema, params);
        const statements = listStatements(catalogNow, caller, query);
        times.push((await executionMs(statements.page)) + (await executionMs(statements.count)));
      }
      dbTimes.set(kind, times);
    }

    /** Kind, its times, its average total, one agent's times, the server thread's ms per request. */
    const results: [string, number[], number, number[], number][] = [];
    for (const [kind, make] of Object.entries(kinds)) {
      // One agent alone first: the query's own cost, without waiting behind the others.
      const alone: number[] = [];
      for (let i = 0; i < 20; i++) {
        if (COLD.has(kind)) forgetKept();
        const t0 = performance.now();
        await get(tokens[i % tokens.length]!, pathOf(kind, make(i)));
        alone.push(performance.now() - t0);
      }
      // 20 agents at once, their requests sent from a worker thread (the load is not the server's).
      const lists = tokens.map((token, agent) =>
        Array.from({ length: perAgent }, (_, i) => ({
          path: pathOf(kind, make(kind === GLOBAL ? agent * 7 + i : agent + i)),
          token,
          ...(COLD.has(kind) ? { signal: 'forget' } : {}),
          // Typing: the debounce after the last answer; the first pauses staggered over one debounce.
          ...(kind === TYPING
            ? { pauseMs: i === 0 ? (agent * RESOURCE_DEBOUNCE_MS) / tokens.length : RESOURCE_DEBOUNCE_MS }
            : {}),
          ...(kind === GLOBAL
            ? {
                pauseMs:
                  i === 0 ? (agent * GLOBAL_SEARCH_DEBOUNCE_MS) / tokens.length : GLOBAL_SEARCH_DEBOUNCE_MS,
              }
            : {}),
        })),
      );
      // The server's own thread (HTTP, tokens, JSON; the database and compression run elsewhere):
      // its busy time per request.
      const busy0 = nodePerformance.eventLoopUtilization();
      const times = (await timedClients(base, lists, forgetKept)).flat();
      const threadMs = nodePerformance.eventLoopUtilization(busy0).active / times.length;
      // The average total of the kind's answers (the same queries, asked once more).
      let total = 0;
      for (let i = 0; i < 20; i++) total += await get(tokens[i % tokens.length]!, pathOf(kind, make(i)));
      results.push([kind, times, Math.round(total / 20), alone, threadMs]);
      // BENCH_SHOW_TIMES=1: every request's time, agent after agent.
      if (process.env.BENCH_SHOW_TIMES)
        process.stdout.write(`${kind}: ${times.map((t) => t.toFixed(0)).join(' ')}\n`);
    }
    server.close();

    // The plan of a name search: no sequential scan of profiles on PostgreSQL.
    const where = listConditions(
      await readCatalog(db.handle.db),
      { userId: agentRows[0]!.id },
      {
        type: 'stella',
        q: 'muller anna',
        assigned: 'any',
        sort: 'updated',
        page: 1,
        limit: 20,
      },
    );
    const plan = await queryRows(
      db.handle.db,
      sql`explain select count(*) from profiles p where ${where}`,
      PlanRow,
    );
    const planText = plan.map((r) => r['QUERY PLAN']).join('\n');

    const database = db.url ? 'PostgreSQL 15' : 'PGlite';
    process.stdout.write(
      `\n${database}, ${profiles.toLocaleString('en')} candidates, ${COMPANIES.toLocaleString('en')} companies, ${JOBS.toLocaleString('en')} jobs, ${AGENTS} agents at once, ${perAgent} requests each per kind; setup ${ms(loadMs)}\n\n`,
    );
    const width = Math.max(...results.map((r) => r[0].length));
    process.stdout.write(
      `| ${'query'.padEnd(width)} | avg total | database p50 | server thread | 1 agent p50 | 20 agents p50 | 20 agents p99 |\n`,
    );
    process.stdout.write(
      `|${'-'.repeat(width + 2)}|----------:|-------------:|--------------:|------------:|--------------:|--------------:|\n`,
    );
    for (const [kind, times, total, alone, threadMs] of results) {
      const inDatabase = ms(pct(dbTimes.get(kind) ?? [Number.NaN], 50));
      process.stdout.write(
        `| ${kind.padEnd(width)} | ${String(total).padStart(9)} | ${inDatabase.padStart(12)} | ${ms(threadMs).padStart(13)} | ${ms(pct(alone, 50)).padStart(11)} | ${ms(pct(times, 50)).padStart(13)} | ${ms(pct(times, 99)).padStart(13)} |\n`,
      );
    }
    const load = (await import('node:os')).loadavg()[0]!;
    process.stdout.write(`\nmachine load average (1 min) at the end: ${load.toFixed(1)}\n`);
    process.stdout.write(
      `\nname search plan: ${/Seq Scan on profiles/.test(planText) ? 'SEQUENTIAL SCAN of profiles' : 'index scans (no sequential scan of profiles)'}\n`,
    );
    if (process.env.BENCH_SHOW_PLAN) process.stdout.write(`${planText}\n`);
  } finally {
    await db.drop();
  }
  process.exit(0);
}

await main();
