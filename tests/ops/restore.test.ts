// The restore drill (issue 41), as docs/operations.md "Backups" tells an operator to do it: while
// instance A runs, pg_dump (custom format) and then a copy of DATA_DIR/photos; A and its database
// are then destroyed, the dump is restored with pg_restore into a new PostgreSQL instance, the photos
// are put into a new DATA_DIR, and instance B starts on them. Through B the same profile answers
// with the same values and photo bytes, and the access and refresh tokens A issued still work.
// Then the same dump is restored again in place (same database URL, same DATA_DIR, whose matching
// index file was written after the dump): B must rebuild the index from the restored rows.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Started, startServer, type Timed, timed, waitFor } from '../fault/helpers';
import { PG_BIN, PostgresInstance } from '../support/postgres-instance';

const run = promisify(execFile);

const CANDIDATE = 'stella@matchwerk.example';
const AGENT = 'agent@matchwerk.example';
/** Tables the restore must bring back row for row (B's start must add nothing, e.g. no demo seed). */
const COUNTED = [
  'users',
  'profiles',
  'photos',
  'jobs',
  'job_runs',
  'signing_keys',
  'app_secrets',
  'refresh_tokens',
];

const work = mkdtempSync(join(tmpdir(), 'matchwerk-ops-restore-'));
const dataA = join(work, 'data-a');
const dataB = join(work, 'data-b');
const backup = join(work, 'backup');
const dumpFile = join(backup, 'matchwerk.dump');

let source: PostgresInstance | undefined;
let target: PostgresInstance | undefined;
let a: Started | undefined;
let b: Started | undefined;

function figure(text: string): void {
  process.stdout.write(`[ops] restore: ${text}\n`);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok(answer: Promise<Timed>, what: string): Promise<unknown> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

async function photoBytes(
  url: string,
  path: string,
  token: string,
): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${url}${path}`, { headers: bearer(token), signal: AbortSignal.timeout(20_000) });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const { rows } = await client.query(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The ranked candidates of a demo job's near misses (read from the process's matching index). */
async function nearMisses(url: string, token: string, job: string): Promise<unknown> {
  const body = (await ok(
    timed(`${url}/api/job/${job}/near-misses`, { headers: bearer(token) }),
    'near misses',
  )) as { items: { uuid: string; score: number }[] };
  return body.items.map((item) => [item.uuid, item.score]);
}

interface Seen {
  profile: unknown;
  image: string;
  photoHash: string;
  thumbHash: string;
  token: string;
  refreshToken: string;
  agentToken: string;
  job: string;
  nearMisses: unknown;
  activeStellas: number;
  counts: Record<string, number>;
}
let seen: Seen;
let restoredUrl = '';
let candidateToken = '';

/** A statement on the restore target's maintenance database. */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: target?.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The documented restore command: as the server's role, into its empty database `matchwerk`. */
async function pgRestore(): Promise<void> {
  await run(join(PG_BIN, 'pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    restoredUrl,
    dumpFile,
  ]);
}

/** Instance B, as development runs it: it keeps its matching index in DATA_DIR (tests keep none). */
const startB = () => startServer({ DATABASE_URL: restoredUrl, DATA_DIR: dataB, NODE_ENV: 'development' });

/** How many stellas a preview considers: the active ones in the process's matching index. */
async function activeStellas(url: string, token: string): Promise<number> {
  const body = (await ok(
    timed(`${url}/api/job/preview`, {
      method: 'POST',
      headers: bearer(token),
      json: { targetTypes: ['stella'], criteria: [] },
    }),
    'preview',
  )) as { considered: number };
  return body.considered;
}

beforeAll(async () => {
  source = await PostgresInstance.create();
  a = await startServer({ DATABASE_URL: source.url, DATA_DIR: dataA });
});

afterAll(async () => {
  await a?.proc.stop();
  await b?.proc.stop();
  await source?.destroy();
  await target?.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe('restore drill: pg_dump and the photos of a running instance, restored into a new one', () => {
  it('A: a candidate signs in and uploads a photo; an agent reads a job', async () => {
    const url = a?.url ?? '';
    const signedIn = (await ok(login(url, CANDIDATE), 'login')) as { token: string; refresh_token: string };
    expect(signedIn.refresh_token).toBeTruthy();

    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('data', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const { image } = (await ok(
      timed(`${url}/api/profile/photo`, { method: 'POST', body: form, headers: bearer(signedIn.token) }),
      'photo upload',
    )) as { image: string };

    const profile = (await ok(
      timed(`${url}/api/profile`, { headers: bearer(signedIn.token) }),
      'profile',
    )) as {
      image: string;
    };
    expect(profile.image).toBe(image);
    const photo = await photoBytes(url, image, signedIn.token);
    const thumb = await photoBytes(url, `${image}/thumb`, signedIn.token);
    expect([photo.status, thumb.status]).toEqual([200, 200]);
    // The photo is a file in DATA_DIR/photos, named by the id in the profile's URL.
    const id = image.split('/').pop() ?? '';
    expect(sha256(readFileSync(join(dataA, 'photos', `${id}.jpg`)))).toBe(sha256(photo.bytes));

    const agent = (await ok(login(url, AGENT), 'agent login')) as { token: string };
    const jobs = (await ok(timed(`${url}/api/jobs/list`, { headers: bearer(agent.token) }), 'jobs')) as {
      items: { uuid: string }[];
    };
    const job = jobs.items[0]?.uuid ?? '';
    expect(job).not.toBe('');

    seen = {
      profile,
      image,
      photoHash: sha256(photo.bytes),
      thumbHash: sha256(thumb.bytes),
      token: signedIn.token,
      refreshToken: signedIn.refresh_token,
      agentToken: agent.token,
      job,
      nearMisses: await nearMisses(url, agent.token, job),
      activeStellas: await activeStellas(url, agent.token),
      counts: {},
    };
  });

  it('backs up while A runs, restores into a new instance and DATA_DIR, and B serves the same', async () => {
    if (!source || !a) throw new Error('instance A did not start');

    // Backup, A still running: the dump first, then the photos (docs/operations.md says why).
    mkdirSync(backup);
    const dumpStarted = performance.now();
    await run(join(PG_BIN, 'pg_dump'), ['--format=custom', '--file', dumpFile, '--dbname', source.url]);
    cpSync(join(dataA, 'photos'), join(backup, 'photos'), { recursive: true, preserveTimestamps: true });
    const dumpMs = performance.now() - dumpStarted;
    // Nothing writes to A meanwhile: these are the counts the dump holds.
    seen.counts = await rowCounts(source.url);

    // A and everything of it are gone.
    await a.proc.stop();
    a = undefined;
    await source.destroy();
    source = undefined;
    rmSync(dataA, { recursive: true, force: true });

    // Restore: a new PostgreSQL instance with an empty database, a new DATA_DIR with the photos.
    const restoreStarted = performance.now();
    target = await PostgresInstance.create();
    // As in production, the server's role owns its database and is no superuser; it restores too.
    await admin('create role matchwerk login');
    await admin('create database matchwerk owner matchwerk');
    restoredUrl = `postgres://matchwerk@127.0.0.1:${target.port}/matchwerk`;
    await pgRestore();
    cpSync(join(backup, 'photos'), join(dataB, 'photos'), { recursive: true, preserveTimestamps: true });
    const restoreMs = performance.now() - restoreStarted;

    const bootStarted = performance.now();
    b = await startB();
    const bootMs = performance.now() - bootStarted;
    const url = b.url;

    // Starting on a restored database seeds nothing: every table holds what the dump held.
    expect(await rowCounts(restoredUrl)).toEqual(seen.counts);

    // The access token A issued verifies on B: the same profile, the same values.
    const profile = await timed(`${url}/api/profile`, { headers: bearer(seen.token) });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(seen.profile);
    const photo = await photoBytes(url, seen.image, seen.token);
    const thumb = await photoBytes(url, `${seen.image}/thumb`, seen.token);
    expect([photo.status, thumb.status]).toEqual([200, 200]);
    expect(sha256(photo.bytes)).toBe(seen.photoHash);
    expect(sha256(thumb.bytes)).toBe(seen.thumbHash);

    // The refresh token A issued refreshes on B, and the new access token works there.
    const refreshed = (await ok(
      timed(`${url}/api/login/refresh`, { method: 'POST', json: { refresh_token: seen.refreshToken } }),
      'refresh',
    )) as { token: string; refresh_token: string };
    expect(refreshed.refresh_token).not.toBe(seen.refreshToken);
    const session = await timed(`${url}/api/session`, { headers: bearer(refreshed.token) });
    expect(session.status).toBe(200);
    expect((session.body as { email: string; image: string }).email).toBe(CANDIDATE);
    expect((session.body as { image: string }).image).toBe(seen.image);
    candidateToken = refreshed.token;

    // The matching index is not in the backup: B builds it from the restored rows and ranks the same.
    expect(await nearMisses(url, seen.agentToken, seen.job)).toEqual(seen.nearMisses);

    const photoFiles = readdirSync(join(dataB, 'photos')).length;
    expect(await activeStellas(url, seen.agentToken)).toBe(seen.activeStellas);
    figure(
      `dump ${Math.round(statSync(dumpFile).size / 1024)} KiB (${seen.counts.profiles} profiles, ${photoFiles} photo files) in ${Math.round(dumpMs)} ms; ` +
        `restore (initdb, pg_restore, photo copy) ${Math.round(restoreMs)} ms; B up in ${Math.round(bootMs)} ms`,
    );
  });

  it('restored again in place (same URL, same DATA_DIR), B rebuilds the index written after the dump', async () => {
    if (!b || !target) throw new Error('instance B did not start');
    const before = b.url;
    // After the backup the candidate leaves matching, and B's index file records it (a server writes
    // it after a rebuild and hourly; removing it forces the rebuild here).
    await ok(
      timed(`${before}/api/profile/status`, {
        method: 'POST',
        headers: bearer(candidateToken),
        json: { status: 'inactive' },
      }),
      'status',
    );
    const indexFile = join(dataB, 'matching-index.v8');
    await waitFor(
      async () => (await activeStellas(before, seen.agentToken)) === seen.activeStellas - 1,
      20_000,
      'the candidate out of the index',
    );
    await b.proc.stop();
    rmSync(indexFile, { force: true });
    b = await startB();
    await waitFor(() => existsSync(indexFile), 20_000, 'the matching index file');
    expect(await activeStellas(b.url, seen.agentToken)).toBe(seen.activeStellas - 1);
    await b.proc.stop();

    // The same backup restored into the same database name, DATA_DIR kept with its index file.
    const restoreStarted = performance.now();
    await admin('drop database matchwerk with (force)');
    await admin('create database matchwerk owner matchwerk');
    await pgRestore();
    cpSync(join(backup, 'photos'), join(dataB, 'photos'), { recursive: true, preserveTimestamps: true });
    const restoreMs = performance.now() - restoreStarted;
    b = await startB();

    // The index is the restored database's: the candidate is in matching again, as in the dump.
    expect(await activeStellas(b.url, seen.agentToken)).toBe(seen.activeStellas);
    expect(await nearMisses(b.url, seen.agentToken, seen.job)).toEqual(seen.nearMisses);
    figure(`restore in place (drop, create, pg_restore, photo copy) ${Math.round(restoreMs)} ms`);
  });
});
