// `npm run bench:auth`: logins/s, refreshes/s and requests/s on a cheap authenticated route
// (GET /api/session) at 50 concurrent connections, with p50/p99 latency. The server runs as its
// own process on PGlite in a temporary directory, or on PostgreSQL when DATABASE_URL is set.
// Besides req/s (which depends on what else the machine runs), each phase reports the server
// process's CPU time per request (from /proc) and the req/s that means for one whole core.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Matchwerk-Demo-2026';
const USERS = ['agent', 'senior', 'company', 'stella', 'luna', 'nova'].map((u) => `${u}@matchwerk.example`);

async function login(url: string, email: string): Promise<{ token: string; refresh_token: string }> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password: PASSWORD, locale: 'de' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; refresh_token: string };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** Server CPU (user + system) per answered request, µs; null where /proc is missing. */
  cpuUs: number | null;
}

/** CPU time (ms) the process used so far, from /proc/<pid>/stat (utime + stime, 100 ticks a second). */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function run(name: string, options: autocannon.Options): Promise<Row> {
  const cpuBefore = cpuMsOf(server.pid);
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      const cpuAfter = cpuMsOf(server.pid);
      const answered = result['2xx'] + result.non2xx;
      resolve({
        name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ok: result['2xx'],
        errors: result.non2xx + result.errors + result.timeouts,
        cpuUs:
          cpuBefore === null || cpuAfter === null || answered === 0
            ? null
            : ((cpuAfter - cpuBefore) * 1000) / answered,
      });
    });
  });
}

const server = await startBenchServer({ TRUST_PROXY: 'true' });
try {
  const rows: Row[] = [];
  let n = 0;
  rows.push(
    await run('login (argon2id)', {
      url: `${server.url}/api/login`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                // Spread over addresses so the per-IP limit (30 per 5 min) does not cut the run short.
                'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({ email: USERS[n % USERS.length], password: PASSWORD, locale: 'de' }),
            };
          },
        },
      ],
    }),
  );

  // One refresh-token chain per connection, in a pool: a request takes a chain's current token and
  // its answer puts the rotated one back (autocannon resets its per-connection context each time).
  const pool = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      login(server.url, USERS[i % USERS.length] ?? '').then((p) => p.refresh_token),
    ),
  );
  rows.push(
    await run('refresh (rotation)', {
      url: `${server.url}/api/login/refresh`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req, ctx: object) => {
            const token = pool.shift() ?? '';
            (ctx as { token?: string }).token = token;
            return {
              ...req,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ refresh_token: token }),
            };
          },
          onResponse: (status, body, ctx: object) => {
            const sent = (ctx as { token?: string }).token ?? '';
            pool.push(status === 200 ? (JSON.parse(body) as { refresh_token: string }).refresh_token : sent);
          },
        },
      ],
    }),
  );

  const { token } = await login(server.url, 'agent@matchwerk.example');
  rows.push(
    await run('GET /api/session (verified)', {
      url: `${server.url}/api/session`,
      headers: { authorization: `Bearer ${token}` },
    }),
  );

  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(
    `\nbench:auth — ${db}, ${CONNECTIONS} connections, ${SECONDS} s each, server in its own process\n\n`,
  );
  process.stdout.write(
    `| ${'call'.padEnd(32)} | ${'req/s'.padStart(8)} | ${'p50 ms'.padStart(7)} | ${'p99 ms'.padStart(7)} | ${'2xx'.padStart(7)} | ${'other'.padStart(6)} | ${'CPU µs/req'.padStart(10)} | ${'req/s/core'.padStart(10)} |\n`,
  );
  process.stdout.write(
    `|${'-'.repeat(34)}|${'-'.repeat(10)}|${'-'.repeat(9)}|${'-'.repeat(9)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(12)}|${'-'.repeat(12)}|\n`,
  );
  for (const r of rows) {
    const cpu = r.cpuUs === null ? '–' : r.cpuUs.toFixed(0);
    const perCore = r.cpuUs === null || r.cpuUs === 0 ? '–' : (1e6 / r.cpuUs).toFixed(0);
    process.stdout.write(
      `| ${r.name.padEnd(32)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(7)} | ${String(r.p99).padStart(7)} | ${String(r.ok).padStart(7)} | ${String(r.errors).padStart(6)} | ${cpu.padStart(10)} | ${perCore.padStart(10)} |\n`,
    );
  }
  // Fair logins (issue 23): whoever waits longest should wait at most 4 × the median.
  const logins = rows.find((r) => r.name.startsWith('login'));
  if (logins)
    process.stdout.write(
      `\nlogin fairness p99/p50: ${(logins.p99 / Math.max(1, logins.p50)).toFixed(2)} (goal ≤ 4 at ≥ 80 logins/s; ${logins.rps.toFixed(0)} logins/s)\n`,
    );
  process.stdout.write(
    `load average while measured (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} on ${availableParallelism()} cores\n`,
  );
} finally {
  await server.stop();
}
