// A run worker in its own process, for runs.pg.test.ts: it works slowly (a pause after every small
// batch) so that the test can kill it with SIGKILL in the middle of a run.
import { openDatabase } from '../db/client';
import { RunWorker } from './run-worker';
import { JobServices } from './services';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const handle = await openDatabase({ url });
new RunWorker(new JobServices(handle.db), {
  owner: 'child-process',
  leaseMs: 2000,
  batchSize: 10,
  pollMs: 50,
  onStep: () => new Promise((resolve) => setTimeout(resolve, 150)),
}).start();
process.stdout.write('ready\n');
