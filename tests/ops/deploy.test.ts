// The deployment of deploy/ as it ships (docs/operations.md#deploy): Debian's Caddy on the shipped
// Caddyfile with `tls internal`, on loopback, in front of two production nodes on one PostgreSQL,
// configured from deploy/matchwerk.env.example. Through Caddy: TLS and HSTS, the per-IP login limit
// with TRUST_PROXY=true, and a matching run whose node is killed while it works, followed to its end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_RUN_STATES, type Run } from '../../contract/job';
import { ConfigSchema, loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { HSTS } from '../../server/http/security-headers';
import { freePort, PostgresInstance } from '../support/postgres-instance';
import { type ServerProcess, spawnServer } from '../support/server-process';
import { Caddy, caddyVersion } from './caddy';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The shortest lease RUN_LEASE_SECONDS allows: a killed node's run is taken over within seconds. */
const RUN_LEASE_SECONDS = 5;
/** How long the client waits before it opens a broken progress stream again (an EventSource waits ~3 s). */
const RECONNECT_MS = 500;

const figure = (text: string) => process.stdout.write(`[ops] deploy: ${text}\n`);
const ms = (value: number) => `${Math.round(value)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
  return performance.now() - started;
}

/**
 * An environment file as systemd reads it: `KEY=VALUE` lines, quotes around a value removed.
 * `mentioned` also holds the keys of commented-out lines (`#KEY=…`).
 */
function readEnvFile(path: string): { set: Record<string, string>; mentioned: Set<string> } {
  const set: Record<string, string> = {};
  const mentioned = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match?.[2]) continue;
    mentioned.add(match[2]);
    if (match[1] === '#') continue;
    const value = match[3] ?? '';
    set[match[2]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return { set, mentioned };
}

const template = readEnvFile(join(root, 'deploy', 'matchwerk.env.example'));

/** `npm run cli -- …` with `env`; rejects with its output when it fails. */
function cli(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cli ${args[0]} exited ${code}:\n${output}`)),
    ),
  );
}

let db: PostgresInstance;
let dataDir: string;
let nodes: ServerProcess[] = [];
let caddy: Caddy;
/** The test's own connection to the database (the run test). */
let sql: pg.Client | undefined;

beforeAll(async () => {
  const started = performance.now();
  db = await PostgresInstance.create();
  const pgReady = performance.now();
  dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-ops-data-'));
  const httpsPort = await freePort();
  const nodePorts = [await freePort(), await freePort()];
  // Production as the template sets it, but this machine's database, ports and origin; no mail or
  // SMS gateway (messages stay queued). DATA_DIR is shared, as by two nodes on one machine.
  const env = {
    ...template.set,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: `https://localhost:${httpsPort}`,
    SMTP_URL: '',
    SMS_WEBHOOK_URL: '',
    LOG_LEVEL: 'warn',
    RUN_LEASE_SECONDS: String(RUN_LEASE_SECONDS),
  };
  // Production never seeds: the demo data goes in once, by the CLI, before any node starts (two
  // nodes seeding one empty database at once would race).
  await cli(['seed:demo'], env);
  const seeded = performance.now();
  nodes = nodePorts.map((port) => spawnServer({ ...env, PORT: String(port) }));
  await Promise.all(nodes.map((node) => node.url()));
  const nodesUp = performance.now();
  // After the nodes: Caddy's first health checks then find both up.
  caddy = await Caddy.start(
    nodePorts.map((port) => `127.0.0.1:${port}`),
    httpsPort,
  );
  figure(
    `${caddyVersion()}; PostgreSQL ${ms(pgReady - started)}, migrate + seed ${ms(seeded - pgReady)}, ` +
      `two nodes ${ms(nodesUp - seeded)}, Caddy ${ms(performance.now() - nodesUp)}`,
  );
});

afterAll(async () => {
  await sql?.end().catch(() => {});
  await caddy?.stop();
  await Promise.all(nodes.map((node) => node.stop()));
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The values of one header as sent, in order: a header sent twice appears twice. */
function sent(raw: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) values.push(raw[i + 1] ?? '');
  return values;
}

async function agentToken(localAddress?: string): Promise<string> {
  const answer = await caddy.request('/api/login', {
    method: 'POST',
    json: { email: 'agent@matchwerk.example', password: DEMO_PASSWORD, locale: 'en' },
    localAddress,
  });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { token: string }).token;
}

describe('the shipped configuration', () => {
  it('the environment template names every setting and starts a production node as it stands', () => {
    const settings = Object.keys(ConfigSchema.entries);
    expect(settings.filter((key) => !template.mentioned.has(key))).toEqual([]);
    expect([...template.mentioned].filter((key) => !settings.includes(key))).toEqual([]);
    const config = loadConfig(template.set);
    expect(config.nodeEnv).toBe('production');
    expect(config.trustProxy).toBe(true);
    expect(config.publicOrigin).toMatch(/^https:\/\//);
  });
});

describe('Caddy in front of two nodes', () => {
  it('serves over TLS with one HSTS header, compresses once, and redirects plain HTTP', async () => {
    const page = await caddy.request('/login', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(sent(page.rawHeaders, 'strict-transport-security')).toEqual([HSTS]);
    // The node compressed it; Caddy passed it on as it was.
    expect(sent(page.rawHeaders, 'content-encoding')).toHaveLength(1);
    expect(['br', 'gzip']).toContain(page.headers['content-encoding']);

    const health = await caddy.request('/api/health');
    expect(health.status).toBe(200);
    expect(sent(health.rawHeaders, 'strict-transport-security')).toEqual([HSTS]);

    // A client that does not trust Caddy's authority refuses the certificate: TLS is real.
    await expect(caddy.request('/api/health', { trusted: false })).rejects.toThrow(
      /certificate|self.signed/i,
    );

    const plain = await caddy.plainRequest('/login');
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toMatch(/^https:\/\/localhost[:/]/);
    figure(
      `/login ${page.headers['content-encoding']} ${page.body.length} bytes, HSTS once, HTTP → ${plain.status}`,
    );
  });

  it('limits logins per client address (TRUST_PROXY=true), whatever X-Forwarded-For the client sends', async () => {
    // 127.0.0.2 tries passwords, each time claiming another address in X-Forwarded-For: Caddy
    // replaces the header with the address it sees, so the nodes count every try against 127.0.0.2.
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let n = 1; n <= 40 && retryAfter === undefined; n++) {
      const answer = await caddy.request('/api/login', {
        method: 'POST',
        json: { email: `nobody-${n}@ops.example`, password: 'Not-The-Password-2026', locale: 'en' },
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
        localAddress: '127.0.0.2',
      });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = String(answer.headers['retry-after']);
    }
    expect(statuses.at(-1)).toBe(429);
    expect([...new Set(statuses.slice(0, -1))]).toEqual([401]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The right password does not help from there …
    const blocked = await caddy.request('/api/login', {
      method: 'POST',
      json: { email: 'agent@matchwerk.example', password: DEMO_PASSWORD, locale: 'en' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
      localAddress: '127.0.0.2',
    });
    expect(blocked.status).toBe(429);
    // … while another client logs in at once: the limit is per address, not Caddy's.
    await agentToken('127.0.0.3');
    figure(
      `per-IP login limit through Caddy: ${statuses.length - 1} failed logins from 127.0.0.2 (spread over ` +
        `both nodes, spoofed X-Forwarded-For), then 429 (Retry-After ${retryAfter} s); 127.0.0.3 logs in`,
    );
  });
});

interface Followed {
  events: Run[];
  /** How often the stream broke (or ended before the run did) and was opened again. */
  reconnects: number;
  endedAt: number;
}

/**
 * Follows a run's progress stream through Caddy to the run's end. A stream that breaks is opened
 * again after a pause, with the last event's id, as an EventSource does by itself. (The SPA polls
 * GET /api/job/{uuid}/run instead, src/machines/jobs/job-actors.ts: its next request, too, goes
 * through Caddy to a node that lives.)
 */
function follow(jobUuid: string, token: string): { first: Promise<unknown>; done: Promise<Followed> } {
  const events: Run[] = [];
  let reconnects = 0;
  let lastId: string | undefined;
  let firstEvent: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    firstEvent = resolve;
  });
  const done = (async () => {
    const deadline = performance.now() + 60_000;
    for (;;) {
      try {
        const res = await caddy.open(`/api/job/${jobUuid}/run/events`, {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'text/event-stream',
            ...(lastId ? { 'last-event-id': lastId } : {}),
          },
        });
        if (res.statusCode !== 200) {
          res.resume();
          throw new Error(`the stream answered ${res.statusCode}`);
        }
        const parser = createParser({
          onEvent(message) {
            if (message.event !== 'run') return;
            lastId = message.id;
            events.push(JSON.parse(message.data) as Run);
            firstEvent();
          },
        });
        res.setEncoding('utf8');
        for await (const chunk of res) parser.feed(chunk as string);
      } catch {
        // Broken (its node was killed): opened again below.
      }
      const last = events.at(-1);
      if (last && (FINAL_RUN_STATES as readonly string[]).includes(last.state)) {
        return { events, reconnects, endedAt: performance.now() };
      }
      if (performance.now() > deadline) {
        throw new Error(`the run never ended: ${JSON.stringify(last)}; Caddy's log:\n${caddy.output()}`);
      }
      reconnects += 1;
      await sleep(RECONNECT_MS);
    }
  })();
  return { first: Promise.race([first, done]), done };
}

describe('a node killed while it runs a matching run', () => {
  it('another node finishes the run, and both progress streams through Caddy reach its end', async () => {
    const token = await agentToken();
    const auth = { authorization: `Bearer ${token}` };
    const list = await caddy.request('/api/jobs/list?limit=1', { headers: auth });
    expect(list.status).toBe(200);
    const job = (JSON.parse(list.body) as { items: { uuid: string }[] }).items[0];
    if (!job) throw new Error('the demo data has no active job');

    const client = new pg.Client({ connectionString: db.url });
    sql = client;
    await client.connect();
    let a: ReturnType<typeof follow> | undefined;
    let b: ReturnType<typeof follow> | undefined;
    let run: Run;
    let queuedAt = 0;
    let killedAt = 0;
    try {
      // The test's hold on the run: a lock that keeps every node from writing results, so the run
      // is still under way when its node is killed, however fast this machine is. Reading is not
      // blocked. A node gives up waiting after lock_timeout (2 s), but cannot mark the run failed
      // while the lock holds either; the kill comes a few hundred ms after the claim (the figure).
      await client.query('begin');
      await client.query('lock table job_results in share mode');
      const queued = await caddy.request(`/api/job/${job.uuid}/run`, { method: 'POST', headers: auth });
      expect(queued.status, queued.body).toBe(202);
      run = (JSON.parse(queued.body) as { run: Run }).run;
      queuedAt = performance.now();
      // Round robin: two streams opened one after the other go to different nodes.
      a = follow(job.uuid, token);
      await a.first;
      b = follow(job.uuid, token);
      await b.first;

      let owner = '';
      await waitFor(
        async () => {
          const rows = await client.query<{ lease_owner: string | null }>(
            `select lease_owner from job_runs where id = $1 and state = 'running'`,
            [run.uuid],
          );
          owner = rows.rows[0]?.lease_owner ?? '';
          return owner !== '';
        },
        20_000,
        'a node to claim the run',
      );
      // A worker's lease owner starts with its process id.
      const victim = nodes.find((node) => owner.startsWith(`${node.child.pid}-`));
      if (!victim) throw new Error(`no node owns the run (${owner})`);
      // SIGKILL, as a crash or the OOM killer: no graceful end. (SIGTERM would let the node finish
      // the run itself: systemctl stop or restart never needs another node to take it over.)
      victim.child.kill('SIGKILL');
      killedAt = performance.now();
      await victim.exited;
    } finally {
      await client.query('commit');
    }
    if (!a || !b) throw new Error('the streams did not open');
    const [followedA, followedB] = await Promise.all([a.done, b.done]);
    const attempts = await client.query<{ attempts: number; state: string }>(
      'select attempts, state from job_runs where id = $1',
      [run.uuid],
    );

    // Both streams showed the run under way while it could not end (Caddy buffered nothing), and
    // both saw it done.
    for (const followed of [followedA, followedB]) {
      expect(['queued', 'running']).toContain(followed.events[0]?.state);
      expect(followed.events.at(-1)).toMatchObject({ uuid: run.uuid, state: 'done', progress: 100 });
    }
    // The stream on the killed node broke and was opened again, through Caddy to the other node.
    expect(Math.max(followedA.reconnects, followedB.reconnects)).toBeGreaterThan(0);
    // Claimed twice: by the killed node, then by the other after the lease lapsed.
    expect(attempts.rows[0]).toEqual({ attempts: 2, state: 'done' });

    const results = await caddy.request(`/api/job/showresults/${job.uuid}?limit=5`, { headers: auth });
    expect(results.status).toBe(200);
    const page = JSON.parse(results.body) as { items: unknown[]; total: number; run: Run | null };
    expect(page.run?.uuid).toBe(run.uuid);
    expect(page.items.length).toBeGreaterThan(0);
    // Caddy routes around the dead node: every request answers.
    const health = await Promise.all([1, 2, 3, 4].map(() => caddy.request('/api/health')));
    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const endedAt = Math.max(followedA.endedAt, followedB.endedAt);
    figure(
      `node killed (SIGKILL) ${ms(killedAt - queuedAt)} after the run was queued; the other node ` +
        `finished it ${ms(endedAt - killedAt)} later (lease ${RUN_LEASE_SECONDS} s, claimed ` +
        `${attempts.rows[0]?.attempts} times); streams opened again ${followedA.reconnects} + ` +
        `${followedB.reconnects} times, ${followedA.events.length} and ${followedB.events.length} ` +
        `events; ${page.total} results`,
    );
  });
});
