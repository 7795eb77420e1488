// What the load benchmarks share (bench:auth, bench:nesting, bench:batch): the server as its own
// process in a temporary data directory (PGlite, or PostgreSQL when DATABASE_URL is set), a probe
// that times GET /api/health one request at a time, and the figures' formats.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../tests/support/server-process';

export interface BenchServer {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/** The server with demo data, logging warnings only; `env` adds to (or overrides) the environment. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-bench-'));
  const server = spawnServer({
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = (await server.url()).replace('localhost', '127.0.0.1');
  return {
    url,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of latencies sorted ascending. */
export const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The load average, 1 / 5 / 15 minutes. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export interface Probe {
  /** Latencies, ms, sorted ascending. */
  times: number[];
  failed: number;
}

/** Times GET /api/health one request after another for `seconds`. */
export async function timeHealth(url: string, seconds: number): Promise<Probe> {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) failed++;
    // A sample every ~10 ms: the probe itself should not be a load.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { times: times.sort((a, b) => a - b), failed };
}

/** One row of the probe's table (see `probeTable`). */
export const probeRow = (name: string, r: Probe) =>
  `| ${name.padEnd(40)} | ${String(r.times.length).padStart(7)} | ${ms(pct(r.times, 50)).padStart(9)} | ${ms(pct(r.times, 99)).padStart(9)} | ${ms(r.times.at(-1) ?? Number.NaN).padStart(9)} | ${String(r.failed).padStart(6)} |\n`;

/** The probe's table: GET /api/health latencies per phase. */
export const probeTable = (rows: [string, Probe][]) =>
  `\n| ${'GET /api/health'.padEnd(40)} | samples | ${'p50'.padStart(9)} | ${'p99'.padStart(9)} | ${'max'.padStart(9)} | failed |\n` +
  `| ${'-'.repeat(40)} | ------: | --------: | --------: | --------: | -----: |\n` +
  rows.map(([name, r]) => probeRow(name, r)).join('');
