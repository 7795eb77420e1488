// `npm run bench:lighthouse`: Lighthouse (simulated throttling) on `/`, `/login` and the signed-in
// pages — `/dashboard` as agent, as candidate and as company, `/stellas` and
// `/matchingJobResult/{uuid}` of the demo job with a run (agent) — of the built app, served by the
// real server (NODE_ENV=production) on a temporary DATA_DIR with the demo accounts. Each page is
// measured with the preset of where it is used (issue 43 point 7): the agents' work pages with
// Lighthouse's desktop preset (agents work at desks; performance ≥ 95, LCP ≤ 1.2 s), the candidate,
// company and public pages with the mobile preset (performance ≥ 90, LCP ≤ 2.5 s). The results page
// is measured with the mobile preset too (issue 43 point 6: performance ≥ 90, its own work ≤ 100 ms).
// Prints the four category scores and FCP, LCP, CLS, TBT, and whether each page meets its target.
//
// Debian's Chromium runs headless with the flags of STACK.md trap 9 and a remote-debugging port;
// Playwright signs in on that same browser (credentials into localStorage, as the app keeps them),
// and Lighthouse then audits the dashboard without resetting storage (./bench-lighthouse-browser.ts).
// The pages and their targets are in ./bench-lighthouse-pages.ts, the table in
// ./bench-lighthouse-report.ts; `npm run bench:lighthouse -- --help` lists the pages and settings.
//
// Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (runs per page, the median by
// performance score is printed; default 1), BENCH_PAGES (a comma-separated subset of the page labels
// below, e.g. `/,agent /dashboard`), BENCH_REPORT_DIR (where to write each run's Lighthouse report
// as JSON, to see what a page waits for), BENCH_TRACE (with BENCH_REPORT_DIR: each run's trace too,
// `<report>.trace`, to read the main thread's tasks), BENCH_NICE (the server and Lighthouse at the
// lowest CPU priority, so that on a box of two cores the page's main thread does not wait for them).
//
// Each run also prints the page's own blocking time (scripts/trace-blocking.ts): TBT's sum over each
// task's thread time instead of its wall time, and the share of the tasks' time the main thread waited
// for a core. On this box of two cores that wait, which Lighthouse counts four times, is most of TBT.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildSpaIfStale } from '../server/build';
import { spawnServer } from '../tests/support/server-process';
import { signIn, signOut, startChromium } from './bench-lighthouse-browser';
import { BENCH_PAGE_SPECS, type PageSpec } from './bench-lighthouse-pages';
import { CATEGORIES, METRICS, ownWork, type PageFigures, print } from './bench-lighthouse-report';
import { blockingTimes, SLOWDOWN, type TraceEvent } from './trace-blocking';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

/** The 1-, 5- and 15-minute load averages: the machine is shared, and Lighthouse's TBT follows its load. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

async function audit(
  origin: string,
  { label, path, preset, target }: PageSpec,
  port: number,
  clearCache?: () => Promise<void>,
): Promise<PageFigures> {
  const signedIn = clearCache !== undefined;
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await clearCache?.();
    const load = loadAverage();
    const run = () =>
      lighthouse(
        `${origin}${path}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Lighthouse clears the origin's storage before loading; the signed-in page must keep it.
          disableStorageReset: signedIn,
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
    let result = await run();
    // Lighthouse itself asks for another try when its trace missed the navigation (NO_NAVSTART).
    if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') {
      await clearCache?.();
      result = await run();
    }
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { lhr } = result;
    const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    if (process.env.BENCH_REPORT_DIR) {
      mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
      const file = `${label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}-${i + 1}.json`;
      writeFileSync(join(process.env.BENCH_REPORT_DIR, file), JSON.stringify(lhr));
      if (process.env.BENCH_TRACE) {
        writeFileSync(
          join(process.env.BENCH_REPORT_DIR, `${file}.trace`),
          JSON.stringify(trace?.traceEvents ?? []),
        );
      }
    }
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    runs.push({
      label,
      path,
      preset,
      target,
      signedIn,
      load,
      finalUrl: lhr.finalDisplayedUrl,
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as PageFigures['scores'],
      failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id}`),
      ),
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
      ) as PageFigures['metrics'],
      own: trace ? blockingTimes(trace.traceEvents, preset === 'desktop' ? 1 : SLOWDOWN) : null,
    });
  }
  for (const [i, r] of runs.entries()) {
    process.stdout.write(
      `${label} (${preset}) run ${i + 1}: perf ${r.scores.performance}, LCP ${(r.metrics.LCP / 1000).toFixed(2)} s, ` +
        `TBT ${Math.round(r.metrics.TBT)} ms${ownWork(r)}, loadavg ${r.load}\n`,
    );
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return runs[Math.floor(runs.length / 2)] as PageFigures;
}

async function main(): Promise<void> {
  buildSpaIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-lighthouse-'));
  // The demo accounts, then the server as in production (no dev routes, production headers).
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'seed:demo'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:demo failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const server = spawnServer({ PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const chrome = await startChromium();
  if (process.env.BENCH_NICE) {
    // The server and Lighthouse at the lowest CPU priority: on this box they share two cores with the
    // browser, and every millisecond the page's main thread waits for them Lighthouse counts four
    // times. (A real user's server runs elsewhere.)
    if (server.child.pid) setPriority(server.child.pid, 19);
    setPriority(19);
  }
  try {
    const origin = (await server.url()).replace('localhost', '127.0.0.1');
    const wanted = process.env.BENCH_PAGES?.split(',').map((label) => label.trim());
    const rows: PageFigures[] = [];
    for (const spec of BENCH_PAGE_SPECS) {
      if (wanted && !wanted.includes(spec.label)) continue;
      // Each page starts from a browser without a session, then signs in as its user.
      await signOut(origin, chrome.port);
      const clearCache = spec.user ? await signIn(origin, chrome.port, spec.user) : undefined;
      rows.push(await audit(origin, spec, chrome.port, clearCache));
    }
    print(rows, RUNS);
  } finally {
    chrome.child.kill('SIGTERM');
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(chrome.profile, { recursive: true, force: true });
  }
}

/** `npm run bench:lighthouse -- --help`: the settings and the pages, without measuring anything. */
function usage(): string {
  const pages = BENCH_PAGE_SPECS.map(
    (spec) => `  ${spec.label} (${spec.preset}${spec.user ? `, ${spec.user}` : ''})`,
  );
  return [
    'usage: [BENCH_RUNS=n] [BENCH_PAGES=label,…] [BENCH_REPORT_DIR=dir [BENCH_TRACE=1]] [BENCH_NICE=1]',
    '       [CHROME_PATH=/usr/bin/chromium] npm run bench:lighthouse',
    'pages (labels for BENCH_PAGES):',
    ...pages,
    '',
  ].join('\n');
}

if (process.argv.includes('--help')) process.stdout.write(usage());
else await main();
process.exit(0);
