// `npm run bench:batch`: what `POST /api/batch` costs the server (issue 41, finding 2: a 150-byte
// batch naming the API description 16 times cost ~0.3 s of the event loop, and 50 connections of it
// pushed GET /api/health p99 to 11.8 s). 50 connections send batches as fast as they are answered
// while one client times GET /api/health one request at a time; the same timing runs first without
// load. Three loads: that attack's body (now refused: 400 before anything is asked), the largest
// batch a caller without a token may send (every fixed path a batch may hold, each once), and the
// batch an agent's dashboard really sends, with a token, beside the same six calls one by one (a
// batch must cost no more than its parts). Prints /api/health p50/p99 per phase, each
// load's requests/s, answers and bytes, and the load average. The server runs as its own process
// on PGlite in a temporary directory, or on PostgreSQL when DATABASE_URL is set.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { BATCHABLE_PATHS } from '../contract/batch-paths';
import { load, type Probe, pct, probeTable, startBenchServer, timeHealth } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

/** Every path a batch may hold that names no record: the largest batch without ids. */
const FIXED_PATHS = BATCHABLE_PATHS.flatMap((pattern) => {
  const source = pattern.source.replace(/^\^/, '').replace(/\$$/, '').replaceAll('\\/', '/');
  const alternatives = /^(.*)\(([^()?]+)\)(.*)$/.exec(source);
  if (/[[{]/.test(source)) return [];
  if (!alternatives) return [source];
  const [, before = '', options = '', after = ''] = alternatives;
  return options.split('|').map((option) => `${before}${option}${after}`);
});

interface Load {
  name: string;
  body: string;
  token?: string;
  /** The batch's paths asked one by one instead (its parts): a round of them counts as one batch. */
  parts?: boolean;
}

interface LoadResult {
  requests: number;
  rps: number;
  statuses: Record<string, number>;
  /** One answer of the load, asked on its own: its status and size. */
  sample: string;
}

async function run(url: string, phase: Load, seconds: number): Promise<LoadResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (phase.token) headers.authorization = `Bearer ${phase.token}`;
  const paths = (JSON.parse(phase.body) as { paths: string[] }).paths;
  const options: autocannon.Options = phase.parts
    ? {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: paths.map((path) => ({ method: 'GET' as const, path })),
      }
    : {
        url: `${url}/api/batch`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        body: phase.body,
      };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, r) => (error ? reject(error) : resolve(r)));
  });
  // Asked one by one, a round of the batch's paths is one batch's worth.
  const rounds = phase.parts ? result.requests.total / paths.length : result.requests.total;
  const statuses: Record<string, number> = {};
  for (const key of ['1xx', '2xx', '3xx', '4xx', '5xx'] as const) {
    const n = result[key] ?? 0;
    if (n > 0) statuses[key] = n;
  }
  if (result.errors > 0) statuses.errors = result.errors;
  if (result.timeouts > 0) statuses.timeouts = result.timeouts;
  const figures = { requests: Math.round(rounds), rps: rounds / seconds, statuses };
  if (phase.parts) return { ...figures, sample: `${paths.length} answers` };
  const one = await fetch(`${url}/api/batch`, { method: 'POST', headers, body: phase.body });
  const text = await one.text();
  const inner = one.ok
    ? (JSON.parse(text) as { answers: { status: number }[] }).answers.map((a) => a.status).join(' ')
    : (JSON.parse(text) as { code?: string }).code;
  return { ...figures, sample: `${one.status} (${inner}), ${(text.length / 1024).toFixed(1)} kB` };
}

const server = await startBenchServer({ TRUST_PROXY: 'true' });
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
    body: JSON.stringify({ email: 'agent@matchwerk.example', password: 'Matchwerk-Demo-2026', locale: 'de' }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const loads: Load[] = [
    {
      name: 'the attack: /api/openapi.json × 16',
      body: JSON.stringify({ paths: Array.from({ length: 16 }, () => '/api/openapi.json') }),
    },
    {
      name: `every fixed path once (${FIXED_PATHS.length}), no token`,
      body: JSON.stringify({ paths: FIXED_PATHS }),
    },
    {
      name: "an agent's dashboard batch, token",
      body: JSON.stringify({
        paths: [
          '/api/public/jwk',
          '/api/session',
          '/api/agent',
          '/api/agent/dashboard',
          '/api/agent/attention',
          '/api/pipeline/follow-ups',
        ],
      }),
      token,
    },
  ];
  // The same calls without the batch: what the batch must not cost more than.
  loads.push({ ...(loads[2] as Load), name: 'the same six calls one by one, token', parts: true });
  process.stdout.write(
    `bench:batch — ${availableParallelism()} cores, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${SECONDS} s per phase\n`,
  );
  // Warm-up: the first requests load code paths.
  await timeHealth(server.url, 1);
  for (const phase of loads) await run(server.url, phase, 1);

  const loadBefore = load();
  const rows: [string, Probe][] = [['without load', await timeHealth(server.url, SECONDS)]];
  const results: [Load, LoadResult, string][] = [];
  for (const phase of loads) {
    const [probe, result] = await Promise.all([
      timeHealth(server.url, SECONDS),
      run(server.url, phase, SECONDS),
    ]);
    rows.push([`during ${phase.name}`, probe]);
    results.push([phase, result, load()]);
  }
  process.stdout.write(probeTable(rows));
  process.stdout.write('\n');
  for (const [phase, r, after] of results)
    process.stdout.write(
      `${phase.name}: ${r.requests} ${phase.parts ? 'rounds' : 'batches'}, ${r.rps.toFixed(0)}/s; answers ${JSON.stringify(r.statuses)}; one asked alone: ${r.sample}; load after ${after}\n`,
    );
  const worst = Math.max(...rows.slice(1).map(([, r]) => pct(r.times, 99)));
  process.stdout.write(
    `\nworst /api/health p99 under a batch load: ${worst.toFixed(1)} ms (issue 41 before: 11.8 s during the attack)\nload average (1 / 5 / 15 min): before ${loadBefore}; after ${load()}\n`,
  );
} finally {
  await server.stop();
}
