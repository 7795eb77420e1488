// What `npm run bench:lighthouse` reports (scripts/bench-lighthouse.ts): a page's figures, the
// table of all pages, and whether each meets its target.
import type { Preset, Target } from './bench-lighthouse-pages';
import type { BlockingTimes } from './trace-blocking';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  CLS: 'cumulative-layout-shift',
  TBT: 'total-blocking-time',
} as const;

export interface PageFigures {
  label: string;
  path: string;
  preset: Preset;
  target: Target;
  signedIn: boolean;
  /** /proc/loadavg when the run started. */
  load: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  finalUrl: string;
  /** Audits below full marks in accessibility, best practices and SEO: what to fix. */
  failing: string[];
  /** TBT of the page's own work and how long its main thread waited for a core (null: no trace). */
  own: BlockingTimes | null;
}

function meetsTarget(r: PageFigures): string {
  const { target } = r;
  const misses = [
    r.scores.performance < target.performance && `perf ${r.scores.performance} < ${target.performance}`,
    r.metrics.LCP > target.LCP && `LCP ${seconds(r.metrics.LCP)} > ${seconds(target.LCP)}`,
    target.ownTBT !== undefined &&
      (r.own?.ownMs ?? Number.POSITIVE_INFINITY) > target.ownTBT &&
      `own TBT ${r.own ? Math.round(r.own.ownMs) : 'n/a'} ms > ${target.ownTBT} ms`,
  ].filter(Boolean);
  return misses.length === 0 ? 'meets its target' : `misses: ${misses.join(', ')}`;
}

/** `perf ≥ 90, LCP ≤ 2.5 s`: a target as the table prints it. */
function targetText(target: Target): string {
  const own = target.ownTBT === undefined ? '' : `, own TBT ≤ ${target.ownTBT} ms`;
  return `perf ≥ ${target.performance}, LCP ≤ ${seconds(target.LCP)}${own}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** ` (own work 120 ms, waited 62 %)`: the page's own blocking time beside Lighthouse's TBT. */
export function ownWork(r: PageFigures): string {
  if (!r.own) return '';
  return ` (own work ${Math.round(r.own.ownMs)} ms, main thread waited ${Math.round(r.own.waited * 100)} %)`;
}

/** The table of all pages (the median of `runs` runs each), what each misses, and its target. */
export function print(rows: PageFigures[], runs: number): void {
  const head = [
    'page',
    'preset',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP',
    'LCP',
    'CLS',
    'TBT',
    'own TBT',
    'loadavg',
  ];
  const lines = rows.map((r) => [
    r.label + (new URL(r.finalUrl).pathname !== r.path ? ` → ${new URL(r.finalUrl).pathname}` : ''),
    r.preset,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    String(r.scores.seo),
    `${(r.metrics.FCP / 1000).toFixed(2)} s`,
    `${(r.metrics.LCP / 1000).toFixed(2)} s`,
    r.metrics.CLS.toFixed(3),
    `${Math.round(r.metrics.TBT)} ms`,
    r.own ? `${Math.round(r.own.ownMs)} ms` : 'n/a',
    r.load,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  process.stdout.write(
    `\nLighthouse (simulated throttling, each page with its preset), ${runs} run(s) a page, median by ` +
      `performance; own TBT: TBT over each task's thread time, without the main thread's waits for a core\n`,
  );
  process.stdout.write(`${row(head)}\n${lines.map(row).join('\n')}\n`);
  for (const r of rows) {
    if (r.failing.length > 0) process.stdout.write(`${r.label} below full marks: ${r.failing.join(', ')}\n`);
  }
  for (const r of rows) {
    process.stdout.write(`${r.label} (${r.preset}; ${targetText(r.target)}): ${meetsTarget(r)}\n`);
  }
}
