// `npm start`: builds the SPA when dist/ is missing or older than its sources, then runs the
// server in this same process (one process: signals reach it directly, nothing is orphaned).
import { buildSpaIfStale } from './build';

try {
  buildSpaIfStale();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
const { main } = await import('./main');
await main();
