// `npm start`: builds the SPA when dist/ is missing or older than its sources, then runs the
// server in this same process (one process: signals reach it directly, nothing is orphaned).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SPA_SOURCES = [
  'src',
  'contract',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'public',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SPA_SOURCES.some((p) => newestMtime(join(root, p)) > builtAt);
}

if (buildIsStale()) {
  process.stdout.write('Building the web app (sources changed since the last build)…\n');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write('the web app did not build; see the messages above\n');
    process.exit(1);
  }
}

const { main } = await import('./main');
await main();
