import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in DATA_DIR that names the process owning the embedded database. */
export const LOCK_FILE = 'matchwerk.lock';

/** Another live process holds the data directory: the message is the one line the server prints. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`data directory ${dataDir} is in use by process ${pid}`);
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
}

/** True when a process with this id runs (also one of another user: EPERM). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Lock files this process holds: its own PID in any other lock file is a leftover (a container restarted with the same PID). */
const held = new Set<string>();

/** A takeover guard older than this was left by a process killed in the middle of one. */
const GUARD_STALE_MS = 5000;

/**
 * Makes this process the one owner of `dataDir` (one embedded database per directory). The lock
 * file holding the PID appears complete or not at all (written aside, then hard-linked: the link
 * fails if the file exists, like O_EXCL). A lock whose process is dead (kill -9, a crash) is taken
 * over; the takeover itself is serialised by a second exclusive file, so two starting processes
 * cannot both remove the stale lock and both win. A live holder: DataDirInUseError.
 */
export function acquireDataDirLock(dataDir: string, shownAs: string = dataDir): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const guard = `${path}.takeover`;
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 200; attempt++) {
    const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(aside, `${mine}\n`, { flag: 'wx' });
    try {
      linkSync(aside, path);
      return ownLock(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkQuietly(aside);
    }
    const holder = readPid(path);
    const live = holder === process.pid ? held.has(path) : holder !== null && processAlive(holder);
    if (live && holder !== null) throw new DataDirInUseError(shownAs, holder);
    // Dead holder (or an unreadable file): take it over under the guard.
    try {
      writeFileSync(guard, `${mine}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) unlinkQuietly(guard);
      } catch {
        // the guard went away meanwhile
      }
      sleep(25);
      continue;
    }
    try {
      if (readPid(path) === holder) unlinkQuietly(path);
    } finally {
      unlinkQuietly(guard);
    }
  }
  throw new Error(`could not lock the data directory ${shownAs}`);
}

function ownLock(path: string): DataDirLock {
  held.add(path);
  const release = () => {
    if (!held.delete(path)) return;
    process.removeListener('exit', release);
    if (readPid(path) === process.pid) unlinkQuietly(path);
  };
  // Also on an exit that skips the graceful shutdown (an uncaught error, process.exit()).
  process.on('exit', release);
  return { path, release };
}
