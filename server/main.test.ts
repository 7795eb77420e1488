import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function launch(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForUrl(proc: { output: () => { stdout: string }; child: ChildProcess }): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const match = /running at (http:\/\/\S+)/.exec(proc.output().stdout);
    if (match?.[1]) return match[1];
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${JSON.stringify(proc.output())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

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
    const url = await waitForUrl(proc);
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
  });
});
