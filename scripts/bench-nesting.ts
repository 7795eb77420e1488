// `npm run bench:nesting`: what deeply nested JSON costs the server (issue 23, PRODUCT.md §8). Four
// parallel clients, without logging in, send JSON bodies nested 8 000–10 000 levels (16–20 KB) to a
// public endpoint as fast as they are answered, while a fifth times `GET /api/health` one request at
// a time; the same timing runs first without the attack. Prints /api/health p50/p99 with and without
// the attack, the attack's requests/s and answers (each must be a 400 `request.too_deep`), and the
// load average. The server runs as its own process on PGlite in a temporary directory, or on
// PostgreSQL when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer } from '../tests/support/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ATTACKERS = 4;
/** The public endpoint attacked: a password reset request takes a JSON body from anybody. */
const TARGET = '/api/public/user/reset-password';
/** Depths of the four clients' bodies: arrays nested 8 000 to 10 000 levels, 2 bytes a level. */
const DEPTHS = [8_000, 8_667, 9_333, 10_000];

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-bench-'));
  const server = spawnServer({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  });
  const url = (await server.url()).replace('localhost', '127.0.0.1');
  return {
    url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Times GET /api/health one request after another for `seconds`; answers the sorted latencies (ms). */
async function timeHealth(url: string, seconds: number): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) failed++;
    // A sample every ~10 ms: the probe itself should not be a load.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { times: times.sort((a, b) => a - b), failed };
}

interface Attack {
  requests: number;
  rps: number;
  statuses: Record<string, number>;
  codes: Set<string>;
}

/** Four autocannon clients of one connection each, one body depth per client, for `seconds`. */
async function attack(url: string, seconds: number): Promise<Attack> {
  const codes = new Set<string>();
  const results = await Promise.all(
    DEPTHS.map(
      (depth) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          autocannon(
            {
              url: `${url}${TARGET}`,
              method: 'POST',
              connections: 1,
              duration: seconds,
              headers: { 'content-type': 'application/json' },
              body: nested(depth),
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
        }),
    ),
  );
  // One request of each depth, answered in full, for the code (autocannon counts statuses only).
  for (const depth of DEPTHS) {
    const res = await fetch(`${url}${TARGET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: nested(depth),
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    codes.add(`${res.status} ${body.code ?? '?'}`);
  }
  const statuses: Record<string, number> = {};
  let requests = 0;
  for (const r of results) {
    for (const key of ['1xx', '2xx', '3xx', '4xx', '5xx'] as const) {
      const n = r[key] ?? 0;
      if (n > 0) statuses[key] = (statuses[key] ?? 0) + n;
    }
    if (r.errors > 0) statuses.errors = (statuses.errors ?? 0) + r.errors;
    if (r.timeouts > 0) statuses.timeouts = (statuses.timeouts ?? 0) + r.timeouts;
    requests += r.requests.total;
  }
  return { requests, rps: requests / seconds, statuses, codes };
}

const server = await startServer();
try {
  const sizes = DEPTHS.map((d) => `${(nested(d).length / 1024).toFixed(1)} KB`).join(', ');
  process.stdout.write(
    `bench:nesting — ${availableParallelism()} cores, ${SECONDS} s per phase, bodies ${DEPTHS.join(' / ')} levels (${sizes}) to POST ${TARGET}\n`,
  );
  // Warm-up: the first requests load code paths.
  await timeHealth(server.url, 1);
  await attack(server.url, 1);

  const loadBefore = load();
  const quiet = await timeHealth(server.url, SECONDS);
  const loadQuiet = load();
  const [underAttack, attackResult] = await Promise.all([
    timeHealth(server.url, SECONDS),
    attack(server.url, SECONDS),
  ]);
  const loadAttack = load();

  const row = (name: string, r: { times: number[]; failed: number }) =>
    `| ${name.padEnd(28)} | ${String(r.times.length).padStart(7)} | ${ms(pct(r.times, 50)).padStart(9)} | ${ms(pct(r.times, 99)).padStart(9)} | ${ms(r.times.at(-1) ?? Number.NaN).padStart(9)} | ${String(r.failed).padStart(6)} |\n`;
  process.stdout.write(
    `\n| ${'GET /api/health'.padEnd(28)} | samples | ${'p50'.padStart(9)} | ${'p99'.padStart(9)} | ${'max'.padStart(9)} | failed |\n` +
      `| ${'-'.repeat(28)} | ------: | --------: | --------: | --------: | -----: |\n` +
      row('without the attack', quiet) +
      row(`during ${ATTACKERS} nesting clients`, underAttack),
  );
  process.stdout.write(
    `\nattack: ${attackResult.requests} requests, ${attackResult.rps.toFixed(0)}/s; answers ${JSON.stringify(attackResult.statuses)}; codes ${[...attackResult.codes].join(', ')}\n`,
  );
  process.stdout.write(
    `p99 with / without the attack: ${(pct(underAttack.times, 99) / pct(quiet.times, 99)).toFixed(2)}×\n`,
  );
  process.stdout.write(
    `load average (1 / 5 / 15 min): before ${loadBefore}; after the quiet phase ${loadQuiet}; after the attack ${loadAttack}\n`,
  );
} finally {
  await server.stop();
}
