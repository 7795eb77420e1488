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

/** True when dist/ is missing or older than any source of the SPA. */
export function buildIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SPA_SOURCES.some((p) => newestMtime(join(root, p)) > builtAt);
}

/** Builds the SPA with Vite when it is stale; throws when the build fails. */
export function buildSpaIfStale(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): void {
  if (!buildIsStale()) return;
  log('Building the web app (sources changed since the last build)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always the production build: a caller's NODE_ENV (vitest sets `test`) would otherwise give
  // React's development build, and libraries that skip work under `test` (react-aria's styles).
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('the web app did not build; see the messages above');
}
