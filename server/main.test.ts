import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../tests/support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const launch = (entry: string, env: Record<string, string>) =>
  spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }, entry);

describe('server process', () => {
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['PUBLIC_ORIGIN', 'not a url'],
  ])('stops with exit code 1 and one line naming %s when it is invalid', async (variable, value) => {
    const proc = launch('server/main.ts', { [variable]: value });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(proc.output().stdout).not.toContain('running at');
  });

  it('on SIGTERM lets a slow request finish, refuses new ones, and exits 0', async () => {
    const proc = launch('tests/support/slow-server.ts', { PORT: '0', NODE_ENV: 'test' });
    const url = await proc.url();
    expect(proc.output().stdout).toContain('agent@matchwerk.example');

    const slow = fetch(`${url}/api/test/slow?ms=1500`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 300));
    proc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    expect(await proc.exited).toBe(0);
    // A real process that migrates and seeds its database first: slow on a loaded machine.
  }, 120_000);
});
