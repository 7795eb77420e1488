// `node --import tsx scripts/lighthouse-tasks.ts <report>.trace [min-ms]`: the main thread's tasks of
// a page load that Lighthouse's mobile simulation counts as blocking, from a trace that
// `BENCH_TRACE=1 BENCH_REPORT_DIR=… npm run bench:lighthouse` kept. Lighthouse multiplies every task
// it observed by four (its CPU slowdown) and counts what a task lasts beyond 50 ms after the first
// contentful paint, so every task over 12.5 ms observed counts. Each line: when it started (ms after
// navigation), how long it took observed and simulated, the part none of its events covers (the
// thread waiting for the CPU, or work the trace does not name) and its largest events.
import { readFileSync } from 'node:fs';
import { blockingTimes, pageMainThread, SLOWDOWN, type TraceEvent } from './trace-blocking';

function main(): void {
  const [file, min] = process.argv.slice(2);
  if (!file) throw new Error('usage: lighthouse-tasks.ts <report>.trace [min-ms]');
  const minObserved = Number(min ?? 50 / SLOWDOWN);
  const events = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[];
  const page = pageMainThread(events);
  if (!page) throw new Error('no navigation with a first contentful paint in this trace');
  const { pid, tid, navigation, fcp } = page;
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const ms = (us: number) => us / 1000;
  let blocking = 0;
  for (const task of main.filter((e) => e.name === 'RunTask')) {
    const observed = ms(task.dur ?? 0);
    if (observed < minObserved) continue;
    if (task.ts >= fcp) blocking += Math.max(0, observed * SLOWDOWN - 50);
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
      `${Math.round(ms(task.ts - navigation))} ms: ${observed.toFixed(1)} ms (×${SLOWDOWN} ${Math.round(observed * SLOWDOWN)}), ` +
        `uncovered ${(observed - covered).toFixed(1)}: ${what}\n`,
    );
  }
  process.stdout.write(
    `first contentful paint ${Math.round(ms(fcp - navigation))} ms observed; ` +
      `blocking time of the tasks above, simulated ≈ ${Math.round(blocking)} ms (Lighthouse's own TBT ` +
      'comes from its simulated timeline and differs)\n',
  );
  const times = blockingTimes(events);
  if (times) {
    process.stdout.write(
      `all tasks after FCP: ${Math.round(times.wallMs)} ms by wall time, ${Math.round(times.ownMs)} ms by the ` +
        `thread's own time; the main thread waited for a core ${Math.round(times.waited * 100)} % of its tasks' time\n`,
    );
  }
}

main();
