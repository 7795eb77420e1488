// PostgreSQL faults on an instance of the suite's own: frozen with SIGSTOP, stopped and restarted
// under load. The server must answer 503 fast during the fault, recover alone, and never leave a
// registration half-written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { PostgresInstance } from '../support/postgres-instance';
import {
  figure,
  login,
  ms,
  percentile,
  type Started,
  sleep,
  startServer,
  type Timed,
  timed,
  waitFor,
} from './helpers';

let db: PostgresInstance;
let server: Started;
let dataDir: string;

beforeAll(async () => {
  db = await PostgresInstance.create();
  dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-fault-data-'));
  server = await startServer({ DATABASE_URL: db.url, DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.proc.stop();
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const health = () => timed(`${server.url}/api/health`);
const agentLogin = () => login(server.url, 'agent@matchwerk.example');

/** The last answers recovered() saw: a recovery that never comes is reported with what it met. */
let lastSeen = '';
async function recovered(): Promise<boolean> {
  const h = await health();
  const l = h.status === 200 ? await agentLogin() : undefined;
  lastSeen = `health ${h.status} ${JSON.stringify(h.body)}; login ${l?.status} ${JSON.stringify(l?.body)}`;
  return h.status === 200 && l?.status === 200;
}
const untilRecovered = (timeoutMs: number, what: string) =>
  waitFor(recovered, timeoutMs, what).catch((error: Error) => {
    const { stderr } = server.proc.output();
    throw new Error(`${error.message}; last seen: ${lastSeen}; server stderr ends:\n${stderr.slice(-3000)}`);
  });

describe('PostgreSQL frozen with SIGSTOP for 10 s', () => {
  it('answers 503 within 5 s during the freeze and recovers by itself after SIGCONT', async () => {
    expect((await health()).status).toBe(200);
    expect((await agentLogin()).status).toBe(200);

    db.freeze();
    const during: Timed[] = [];
    const frozenAt = performance.now();
    try {
      // Every second for 10 s: a health probe and two API calls that need the database.
      const waves: Promise<void>[] = [];
      while (performance.now() - frozenAt < 10_000) {
        waves.push(
          Promise.all([health(), agentLogin(), agentLogin()]).then((answers) => {
            during.push(...answers);
          }),
        );
        await sleep(1000);
      }
      await Promise.all(waves);
    } finally {
      db.thaw();
    }
    const thawedAt = performance.now();
    const recovery = await untilRecovered(30_000, 'recovery after SIGCONT');

    const latencies = during.map((a) => a.ms);
    const statuses = [...new Set(during.map((a) => a.status))];
    figure(
      'SIGSTOP 10 s',
      `${during.length} requests during the freeze, statuses ${statuses.join('/')}, ` +
        `latency p50 ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}; ` +
        `healthy ${ms(recovery)} after SIGCONT (freeze lasted ${ms(thawedAt - frozenAt)})`,
    );
    // Requests sent in the last moments may meet the thawed database: 200 then is fine.
    for (const answer of during) expect([503, 200]).toContain(answer.status);
    expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(during.length / 2);
    expect(Math.max(...latencies)).toBeLessThan(5000);
    for (const answer of during.filter((a) => a.status === 503))
      expect(answer.body).toMatchObject({ code: ErrorCode.databaseUnavailable });
  });
});

describe('PostgreSQL stopped and restarted under load', () => {
  it('answers 503 while it is down, recovers, and nothing is half-written', async () => {
    const results: { email: string; status: number; ms: number }[] = [];
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const email = `fault-${Date.now()}-${n++}@load.example`;
        const answer = await timed(`${server.url}/api/public/user/create`, {
          method: 'PUT',
          json: {
            email,
            password: 'Fault-Suite-Pass-2026-xq',
            category: 'luna',
            language: 'en',
            accepted: ['terms-conditions', 'condition-agreements'],
          },
        });
        results.push({ email, status: answer.status, ms: answer.ms });
        if (answer.status !== 201) await sleep(100);
      }
    };
    const load = Promise.all([worker(), worker(), worker()]);
    await sleep(3000);
    const stoppedAt = performance.now();
    await db.stop();
    await sleep(4000);
    await db.start();
    const restartedAt = performance.now();
    // Generous: under the whole suite's load the server's first healthy answer can take a while.
    const recovery = await untilRecovered(60_000, 'recovery after the restart');
    await sleep(2000);
    running = false;
    await load;

    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const failed = results.filter((r) => r.status >= 500 || r.status === 0);
    figure(
      'stop/restart',
      `${results.length} registrations: ${[...byStatus].map(([s, c]) => `${c}× ${s}`).join(', ')}; ` +
        `down ${ms(restartedAt - stoppedAt)}, healthy ${ms(recovery)} after the restart; ` +
        `slowest 5xx ${ms(Math.max(0, ...failed.map((r) => r.ms)))}`,
    );
    if (failed.some((r) => r.status !== 503))
      process.stdout.write(
        `${server.proc.output().stdout.slice(-8000)}\n${server.proc.output().stderr.slice(-3000)}`,
      );
    for (const r of results) expect([201, 503]).toContain(r.status);
    expect(byStatus.get(503) ?? 0).toBeGreaterThan(0);
    expect(byStatus.get(201) ?? 0).toBeGreaterThan(0);
    expect(Math.max(0, ...failed.map((r) => r.ms))).toBeLessThan(5000);

    // Every 201 exists, complete; a 503 left nothing or (committed before the answer was lost) a complete account.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{
        email: string;
        acceptances: number;
        tokens: number;
        mails: number;
      }>(
        `select u.email,
                (select count(*)::int from legal_acceptances a where a.user_id = u.id) as acceptances,
                (select count(*)::int from email_tokens t where t.user_id = u.id) as tokens,
                (select count(*)::int from outbox o where o.user_id = u.id) as mails
           from users u where u.email = any($1)`,
        [results.map((r) => r.email)],
      );
      const stored = new Map(rows.map((r) => [r.email, r]));
      for (const r of results.filter((x) => x.status === 201)) expect(stored.has(r.email)).toBe(true);
      for (const row of rows) expect(row).toMatchObject({ acceptances: 2, tokens: 1, mails: 1 });
      figure(
        'stop/restart',
        `${rows.length} accounts stored, all complete; ${
          results.filter((r) => r.status === 503 && stored.has(r.email)).length
        } of the 503s had committed`,
      );
    } finally {
      await client.end();
    }
  });
});
