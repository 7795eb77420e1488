import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from './data-lock';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = 'server/maintenance/data-lock.fixture.ts';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'matchwerk-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The PID of a process that has ended (so kill(pid, 0) gives ESRCH). */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(ended.stdout.toString());
}

interface Contender {
  /** Resolves once the process holds the lock (true) or was refused and ended (false). */
  settled: Promise<boolean>;
  exited: Promise<number | null>;
  stdout(): string;
  /** Ends a holder: it releases the lock and exits. */
  finish(): void;
}

function contend(): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { cwd: root });
  let stdout = '';
  let onLocked: (locked: boolean) => void = () => {};
  const settled = new Promise<boolean>((resolve) => {
    onLocked = resolve;
  });
  child.stdout.on('data', (d) => {
    stdout += d;
    if (stdout.startsWith('locked')) onLocked(true);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      onLocked(false);
      resolve(code);
    }),
  );
  return { settled, exited, stdout: () => stdout, finish: () => child.stdin.end() };
}

describe('the data directory lock', () => {
  it('holds the PID in DATA_DIR/matchwerk.lock and removes it on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lock.release();
  });

  it('refuses a second owner in this process, naming the holder', () => {
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir, './data')).toThrow(
        `data directory ./data is in use by process ${process.pid}`,
      );
    } finally {
      lock.release();
    }
  });

  it('refuses while a live process holds it', () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${sleeper.pid}\n`);
      let refusal: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as DataDirInUseError).pid).toBe(sleeper.pid);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(sleeper.pid));
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('takes over the lock of a dead process, and one left with its own PID (a restarted container)', () => {
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();

    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    acquireDataDirLock(dir).release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('of several processes taking over one stale lock at once, exactly one wins', async () => {
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const contenders = Array.from({ length: 4 }, contend);
    const locked = await Promise.all(contenders.map((c) => c.settled));
    const winners = contenders.filter((_, i) => locked[i]);
    expect(winners).toHaveLength(1);
    const winnerPid = /locked (\d+)/.exec(winners[0]?.stdout() ?? '')?.[1];
    for (const loser of contenders.filter((_, i) => !locked[i])) {
      expect(await loser.exited).toBe(1);
      expect(loser.stdout()).toBe(`data directory ${dir} is in use by process ${winnerPid}\n`);
    }
    winners[0]?.finish();
    expect(await winners[0]?.exited).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
