// `node --import tsx scripts/lighthouse-tasks.ts <report>.trace [min-ms]`: the main thread's tasks of
// a page load that Lighthouse's mobile simulation counts as blocking, from a trace that
// `BENCH_TRACE=1 BENCH_REPORT_DIR=… npm run bench:lighthouse` kept. Lighthouse multiplies every task
// it observed by four (its CPU slowdown) and counts what a task lasts beyond 50 ms after the first
// contentful paint, so every task over 12.5 ms observed counts. Each line: when it started (ms after
// navigation), how long it took observed and simulated, the part none of its events covers (the
// thread waiting for the CPU, or work the trace does not name) and its largest events.
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const SLOWDOWN = 4;

function main(): void {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: lighthouse-tasks.ts <report>.trace [min-ms]');
  const minObserved = Number(min ?? 50 / SLOWDOWN);
  const events = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[];
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) throw new Error('no navigation in this trace');
  const { pid } = navigation;
  const tid = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid,
  )?.tid;
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const ms = (us: number) => us / 1000;
  let blocking = 0;
  for (const task of main.filter((e) => e.name === 'RunTask')) {
    const observed = ms(task.dur ?? 0);
    if (observed < minObserved) continue;
    if (fcp && task.ts >= fcp.ts) blocking += Math.max(0, observed * SLOWDOWN - 50);
    const end = task.ts + (task.dur ?? 0);
    // The task's outermost events: what it was doing.
    const outer: TraceEvent[] = [];
    let reached = 0;
    for (const e of main) {
      if (e === task || e.name === 'RunTask' || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      if (e.ts >= reached) {
        outer.push(e);
        reached = e.ts + (e.dur ?? 0);
      }
    }
    const covered = outer.reduce((sum, e) => sum + ms(e.dur ?? 0), 0);
    const what = outer
      .filter((e) => ms(e.dur ?? 0) >= 0.5)
      .map((e) => {
        const url = String(e.args?.data?.url ?? '')
          .split('/')
          .pop();
        return `${e.name}${url ? `(${url})` : ''} ${ms(e.dur ?? 0).toFixed(1)}`;
      })
      .join(', ');
    process.stdout.write(
      `${Math.round(ms(task.ts - navigation.ts))} ms: ${observed.toFixed(1)} ms (×${SLOWDOWN} ${Math.round(observed * SLOWDOWN)}), ` +
        `uncovered ${(observed - covered).toFixed(1)}: ${what}\n`,
    );
  }
  process.stdout.write(
    `first contentful paint ${fcp ? Math.round(ms(fcp.ts - navigation.ts)) : '?'} ms observed; ` +
      `blocking time of the tasks above, simulated ≈ ${Math.round(blocking)} ms (Lighthouse's own TBT ` +
      'comes from its simulated timeline and differs)\n',
  );
}

main();
