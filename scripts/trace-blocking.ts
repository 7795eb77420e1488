// How much of a Lighthouse run's Total Blocking Time is the page's own work and how much is its main
// thread waiting for a CPU core (issue 22). Lighthouse's mobile simulation multiplies each task it
// observed by four and counts what a task lasts beyond 50 ms after the first contentful paint. A
// task's observed length is wall time: on a box of two cores where the browser's other processes,
// the compositor and the server run beside the page, the renderer's main thread is often descheduled
// in the middle of a task, and Lighthouse counts that wait four times. The trace also records each
// task's thread time (`tdur`, the CPU the thread itself used): the same sum over thread time is the
// blocking time of the page's own work, as on a device whose main thread has a core to itself.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time for the event, in µs (Chrome records it for complete events). */
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** Lighthouse's CPU slowdown for its mobile simulation. */
export const SLOWDOWN = 4;
/** A task blocks for what it lasts beyond this, simulated. */
const LONG_TASK_MS = 50;

export interface BlockingTimes {
  /** Σ max(0, 4 × wall − 50 ms) over the tasks after FCP: what Lighthouse's TBT follows. */
  wallMs: number;
  /** The same over each task's thread time: the page's own work. */
  ownMs: number;
  /** The share of the tasks' wall time the main thread did not run (waited for a core), 0–1. */
  waited: number;
}

/**
 * The page's main thread (its first navigation to an http(s) address), when that navigation started
 * and its first contentful paint (trace µs).
 */
export function pageMainThread(
  events: readonly TraceEvent[],
): { pid: number; tid: number; navigation: number; fcp: number } | null {
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) return null;
  const { pid } = navigation;
  const tid = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid,
  )?.tid;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  return tid === undefined || !fcp ? null : { pid, tid, navigation: navigation.ts, fcp: fcp.ts };
}

/**
 * The blocking times of a page load's trace; null when the trace has no page navigation or no FCP.
 * `slowdown`: the preset's CPU slowdown (4 for Lighthouse's mobile preset, 1 for its desktop one).
 */
export function blockingTimes(events: readonly TraceEvent[], slowdown = SLOWDOWN): BlockingTimes | null {
  const page = pageMainThread(events);
  if (!page) return null;
  let wallMs = 0;
  let ownMs = 0;
  let wall = 0;
  let own = 0;
  for (const e of events) {
    if (e.pid !== page.pid || e.tid !== page.tid || e.name !== 'RunTask' || e.ph !== 'X') continue;
    if (e.ts < page.fcp || e.dur === undefined) continue;
    const thread = Math.min(e.tdur ?? e.dur, e.dur);
    wallMs += Math.max(0, (slowdown * e.dur) / 1000 - LONG_TASK_MS);
    ownMs += Math.max(0, (slowdown * thread) / 1000 - LONG_TASK_MS);
    wall += e.dur;
    own += thread;
  }
  return { wallMs, ownMs, waited: wall === 0 ? 0 : 1 - own / wall };
}
