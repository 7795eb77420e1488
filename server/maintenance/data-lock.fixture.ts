// Test fixture: one process trying to lock a data directory (data-lock.test.ts starts several).
// Prints "locked <pid>" and holds the lock until its stdin ends, or prints the refusal and exits 1.
import { once } from 'node:events';
import { acquireDataDirLock, DataDirInUseError } from './data-lock';

const [dir = ''] = process.argv.slice(2);
try {
  const lock = acquireDataDirLock(dir);
  process.stdout.write(`locked ${process.pid}\n`);
  process.stdin.resume();
  await once(process.stdin, 'end');
  lock.release();
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stdout.write(`${error.message}\n`);
  process.exitCode = 1;
}
