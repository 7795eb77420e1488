// Faults of one PGlite server process: a second process on its DATA_DIR, kill -9 during photo
// uploads (then restart and sweep), and an SMS gateway that hangs.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/server-process';
import { figure, login, ms, percentile, type Started, startServer, timed, waitFor } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-fault-pglite-'));
const photoDir = join(dataDir, 'photos');
const UPLOADERS = [
  'stella@matchwerk.example',
  'luna@matchwerk.example',
  'nova@matchwerk.example',
  'company@matchwerk.example',
  'agent@matchwerk.example',
];

let first: Started;
let restarted: Started | undefined;
let gateway: Server;
let gatewayUrl: string;
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  // An SMS gateway that takes every request and answers none for 30 s.
  gateway = createServer((_req, res) => {
    hanging.push(res);
    setTimeout(() => res.writeHead(200).end(), 30_000).unref();
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/sms`;
  first = await startServer({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await first?.proc.stop();
  await restarted?.proc.stop();
  for (const res of hanging) res.destroy();
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function tokenOf(url: string, email: string): Promise<string> {
  const answer = await login(url, email);
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

function upload(url: string, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('data', new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' }));
  return timed(`${url}/api/profile/photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** A photo worth processing: noise, so decoding and resizing take a while. */
const noisyPhoto = (seed: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1600,
      channels: 3,
      noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 },
      background: '#808080',
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

describe('a second process on the same DATA_DIR', () => {
  it('is refused: exit 1 with one line naming the holder PID', async () => {
    const started = performance.now();
    const second = spawnServer({ PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
    const code = await second.exited;
    const lines = second.output().stderr.trim().split('\n');
    figure('second process', `exit ${code} after ${ms(performance.now() - started)}: "${lines[0]}"`);
    expect(code).toBe(1);
    expect(lines).toEqual([`data directory ${dataDir} is in use by process ${first.proc.child.pid}`]);
    expect(second.output().stdout).not.toContain('running at');
    // The first one is unharmed.
    expect((await timed(`${first.url}/api/health`)).status).toBe(200);
  });
});

describe('kill -9 during 5 concurrent photo uploads, then restart', () => {
  it('leaves no orphan file after the sweep and every current photo readable', async () => {
    const tokens = await Promise.all(UPLOADERS.map((email) => tokenOf(first.url, email)));
    const photos = await Promise.all(UPLOADERS.map((_, i) => noisyPhoto(i)));
    // A first photo for each, so the uploads below replace current photos.
    for (const [i, token] of tokens.entries())
      expect((await upload(first.url, token, photos[i] as Buffer)).status).toBe(201);

    const before = readdirSync(photoDir).length;
    const inFlight = tokens.map((token, i) =>
      upload(first.url, token, photos[(i + 1) % photos.length] as Buffer),
    );
    // Kill as soon as new files appear: some uploads have written files but not committed their row.
    const killWait = await waitFor(
      () => readdirSync(photoDir).length > before,
      20_000,
      'uploads to write files',
      5,
    ).catch(() => Number.NaN);
    first.proc.child.kill('SIGKILL');
    const answered = await Promise.all(inFlight);
    await first.proc.exited;
    const filesAfterKill = readdirSync(photoDir);
    expect(filesAfterKill.length).toBeGreaterThan(before);

    // The sweep spares files younger than 10 minutes (an upload in flight): let them be old.
    const old = new Date(Date.now() - 20 * 60 * 1000);
    for (const name of filesAfterKill) utimesSync(join(photoDir, name), old, old);

    const restartedAt = performance.now();
    restarted = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SMS_WEBHOOK_URL: gatewayUrl });
    const swept = () => /"msg":"maintenance sweeps done"/.test(restarted?.proc.output().stdout ?? '');
    await waitFor(swept, 30_000, 'the first sweep');
    const sweepLine = restarted.proc
      .output()
      .stdout.split('\n')
      .find((l) => l.includes('maintenance sweeps done'));
    const removed = (JSON.parse(sweepLine ?? '{}') as { removed?: { photoFiles?: number } }).removed
      ?.photoFiles;

    const currentIds: string[] = [];
    for (const email of UPLOADERS) {
      const token = await tokenOf(restarted.url, email);
      const profile = await timed(`${restarted.url}/api/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const image = (profile.body as { image: string | null }).image;
      expect(image).toMatch(/^\/api\/profile\/photo\/[0-9a-f-]{36}$/);
      for (const suffix of ['', '/thumb']) {
        const res = await fetch(`${restarted.url}${image}${suffix}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width).toBe(suffix ? 128 : 512);
      }
      currentIds.push(image?.split('/').pop() ?? '');
    }
    const expected = currentIds.flatMap((id) => [`${id}.jpg`, `${id}-thumb.jpg`]).sort();
    const left = readdirSync(photoDir).sort();
    figure(
      'kill -9 during uploads',
      `killed ${ms(killWait)} after the uploads began; answers: ${answered.map((a) => a.status).join(', ')}; ${filesAfterKill.length} files after the kill, ` +
        `${removed} removed by the sweep, ${left.length} left for ${currentIds.length} current photos; ` +
        `restart to first sweep ${ms(performance.now() - restartedAt)}`,
    );
    expect(left).toEqual(expected);
  });
});

describe('an SMS gateway that hangs for 30 s', () => {
  it('does not slow down the login that sends the SMS code, nor other logins', async () => {
    const server = restarted;
    if (!server) throw new Error('needs the restarted server of the previous test');
    // Baseline: password logins without SMS on this server.
    const baseline: number[] = [];
    for (let i = 0; i < 5; i++) baseline.push((await login(server.url, 'luna@matchwerk.example')).ms);

    const sms = await login(server.url, 'mfa@matchwerk.example');
    expect(sms.status).toBe(200);
    const reached = await waitFor(() => hanging.length > 0, 15_000, 'the SMS to reach the gateway');

    // The outbox worker now waits on the gateway; logins must not.
    const during: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await login(server.url, i % 2 ? 'luna@matchwerk.example' : 'mfa@matchwerk.example');
      expect(answer.status).toBe(200);
      during.push(answer.ms);
    }
    figure(
      'hanging SMS gateway',
      `login that queued the SMS ${ms(sms.ms)}; SMS at the gateway ${ms(reached)} later, unanswered; ` +
        `logins while it hangs p50 ${ms(percentile(during, 50))} (max ${ms(Math.max(...during))}) ` +
        `against p50 ${ms(percentile(baseline, 50))} before`,
    );
    expect(hanging.length).toBeGreaterThan(0);
    const limit = percentile(baseline, 50) * 2 + 500;
    expect(sms.ms).toBeLessThan(limit);
    expect(percentile(during, 50)).toBeLessThan(limit);
  });
});
