// `npm run bench:nesting`: what deeply nested JSON costs the server (issue 23, PRODUCT.md §8). Four
// parallel clients, without logging in, send JSON bodies nested 8 000–10 000 levels (16–20 KB) to a
// public endpoint as fast as they are answered, while a fifth times `GET /api/health` one request at
// a time; the same timing runs first without the attack. Prints /api/health p50/p99 with and without
// the attack, the attack's requests/s and answers (each must be a 400 `request.too_deep`), and the
// load average. The server runs as its own process on PGlite in a temporary directory, or on
// PostgreSQL when DATABASE_URL is set.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { load, pct, probeTable, startBenchServer, timeHealth } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ATTACKERS = 4;
/** The public endpoint attacked: a password reset request takes a JSON body from anybody. */
const TARGET = '/api/public/user/reset-password';
/** Depths of the four clients' bodies: arrays nested 8 000 to 10 000 levels, 2 bytes a level. */
const DEPTHS = [8_000, 8_667, 9_333, 10_000];

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

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

const server = await startBenchServer();
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

  process.stdout.write(
    probeTable([
      ['without the attack', quiet],
      [`during ${ATTACKERS} nesting clients`, underAttack],
    ]),
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
