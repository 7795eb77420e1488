import { describe, expect, it } from 'vitest';
import { blockingTimes, type TraceEvent } from './trace-blocking';

const PID = 7;
const MAIN = 1;
const base: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: PID, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PID, tid: 2, ts: 0, args: { name: 'Compositor' } },
  {
    name: 'navigationStart',
    ph: 'R',
    pid: PID,
    tid: MAIN,
    ts: 1_000,
    args: { data: { documentLoaderURL: 'http://127.0.0.1/dashboard' } },
  },
  { name: 'firstContentfulPaint', ph: 'R', pid: PID, tid: MAIN, ts: 100_000 },
];
const task = (ts: number, dur: number, tdur?: number, tid = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid: PID,
  tid,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});

describe('blocking times of a Lighthouse trace', () => {
  it('counts each main-thread task after FCP four times beyond 50 ms, by wall and by thread time', () => {
    const times = blockingTimes([
      ...base,
      task(50_000, 40_000, 40_000), // before FCP: not counted
      task(200_000, 30_000, 10_000), // 120 ms wall → 70; 40 ms own → 0
      task(300_000, 20_000, 20_000), // 80 → 30 both
      task(400_000, 10_000, 10_000), // 40: not long
      task(500_000, 60_000, 60_000, 2), // another thread: not counted
    ]);
    expect(times?.wallMs).toBeCloseTo(100);
    expect(times?.ownMs).toBeCloseTo(30);
    // 60 ms of wall time, 40 ms of it run by the thread itself.
    expect(times?.waited).toBeCloseTo(1 / 3);
  });

  it('takes the wall time where a task has no thread time, and never more than its wall time', () => {
    const times = blockingTimes([...base, task(200_000, 30_000), task(300_000, 20_000, 25_000)]);
    expect(times?.wallMs).toBeCloseTo(70 + 30);
    expect(times?.ownMs).toBeCloseTo(70 + 30);
    expect(times?.waited).toBe(0);
  });

  it('has no figures for a trace without a page navigation or a first paint', () => {
    expect(blockingTimes([task(200_000, 30_000)])).toBeNull();
    expect(blockingTimes(base.filter((e) => e.name !== 'firstContentfulPaint'))).toBeNull();
  });
});
