import type { MatchJob, MatchResult } from '../../contract/matching';
import { explain, type Kernel, kernelFor, resolveCriteria } from './engine';
import { type ProfileIndex, TYPE_CODE } from './profile-index';
import { TopK } from './top-k';

/**
 * Everything a run, the live what-if and the near misses need from one pass over the index
 * (PRODUCT.md §5): counts, how many profiles each must-have excludes, the 20-bin histogram of all
 * included scores, the best K included (explained, exactly as `matchIndex` ranks and explains them)
 * and the best profiles excluded by exactly one must-have with the score they would have had.
 *
 * The sums run over the same kernels in criterion order, adding w·s for every criterion: for an
 * included profile each must adds w·1 = w, which is what `matchIndex` adds, so scores agree to the bit.
 */

export const HISTOGRAM_BINS = 20;

export interface AnalysisOptions {
  /** How many included profiles to rank and explain. */
  topK: number;
  /** How many near misses to rank and explain (0: none). */
  nearMisses?: number;
  /** Explain the kept rows (breakdowns); without, results carry an empty breakdown. */
  explain?: boolean;
}

export interface NearMissResult extends MatchResult {
  /** The key of the one must-have the profile misses. */
  missed: string;
}

export interface Analysis {
  considered: number;
  included: number;
  /** Per must-have key: the profiles of the target types it excludes (on its own, overlaps counted). */
  excludedBy: Record<string, number>;
  /** Included scores per 5-point bin; the last bin holds 95–100. */
  histogram: number[];
  results: MatchResult[];
  nearMisses: NearMissResult[];
}

interface Scratch {
  sel: Int32Array;
  acc: Float64Array;
  fails: Uint8Array;
  missed: Int8Array;
}

const scratch = new WeakMap<ProfileIndex, Scratch>();
/** The what-if's own: it pauses between passes, and a run's analysis may use the other meanwhile. */
const previewScratch = new WeakMap<ProfileIndex, Scratch>();

function buffers(index: ProfileIndex, of = scratch): Scratch {
  let b = of.get(index);
  if (!b || b.sel.length < index.rowCount) {
    const size = index.capacity;
    b = {
      sel: new Int32Array(size),
      acc: new Float64Array(size),
      fails: new Uint8Array(size),
      missed: new Int8Array(size),
    };
    of.set(index, b);
  }
  return b;
}

/** Runs a computation's steps without pausing. */
function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The histogram bin of a score in tenths of a point. */
export function binOf(scoreTenths: number): number {
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(scoreTenths / 50));
}

type Compiled = ReturnType<typeof resolveCriteria>;

interface Selection {
  considered: number;
  excludedBy: Record<string, number>;
  /** Rows left at the front of the scratch `sel` (their must-have failures in `fails`, `missed`). */
  m: number;
}

/**
 * The rows of the target types, each must-have's exclusions counted on its own, and the rows missing
 * at most `maxFails` must-haves moved to the front of the scratch selection, in row order.
 */
function* selectRows(
  index: ProfileIndex,
  job: MatchJob,
  compiled: Compiled,
  kernels: Kernel[],
  maxFails: number,
  { sel, fails, missed }: Scratch,
): Generator<void, Selection> {
  let targetMask = 0;
  for (const type of job.targetTypes) targetMask |= 1 << (TYPE_CODE[type] ?? 0);
  targetMask &= ~1; // code 0 is a free row
  const types = index.types;
  let n = 0;
  for (let row = 0; row < index.rowCount; row++) if ((targetMask >>> types[row]!) & 1) sel[n++] = row;
  const considered = n;
  yield;

  // Each must-have on its own: which rows it fails, one pass each.
  fails.fill(0, 0, n);
  const excludedBy: Record<string, number> = {};
  for (const [i, c] of compiled.entries()) {
    if (!c.criterion.must) continue;
    excludedBy[c.criterion.key] = kernels[i]!.markFails(sel, n, fails, missed, i);
    yield;
  }

  let m = 0;
  for (let j = 0; j < n; j++) {
    if (fails[j]! > maxFails) continue;
    sel[m] = sel[j]!;
    fails[m] = fails[j]!;
    missed[m] = missed[j]!;
    m++;
  }
  return { considered, excludedBy, m };
}

export function analyseIndex(index: ProfileIndex, job: MatchJob, options: AnalysisOptions): Analysis {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  const kernels = compiled.map((c) => kernelFor(index, c.spec, c.criterion.value));
  const sumW = compiled.reduce((sum, c) => sum + c.criterion.weight, 0);
  const scratchOf = buffers(index);
  const { sel, acc, fails } = scratchOf;
  // Only rows missing at most one must-have are scored — and without near misses asked for (the
  // live what-if), only the rows that pass every must-have.
  const maxFails = (options.nearMisses ?? 0) > 0 ? 1 : 0;
  const { considered, excludedBy, m } = runSteps(
    selectRows(index, job, compiled, kernels, maxFails, scratchOf),
  );
  acc.fill(0, 0, m);
  compiled.forEach((c, i) => {
    if (c.criterion.weight !== 0) kernels[i]!.accumulate(sel, m, acc, c.criterion.weight);
  });

  const top = new TopK(options.topK, index.uuids);
  const near = new TopK(options.nearMisses ?? 0, index.uuids);
  const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  let included = 0;
  for (let j = 0; j < m; j++) {
    // scoreTenths() of contract/matching, inlined as in matchIndex.
    const score = sumW === 0 ? 1000 : Math.round(((100 * acc[j]!) / sumW) * 10);
    if (fails[j] === 0) {
      included++;
      histogram[binOf(score)]!++;
      top.offer(score, sel[j]!);
    } else {
      near.offer(score, sel[j]!);
    }
  }

  const withBreakdown = options.explain !== false;
  const describe = (row: number, score: number, excluded: boolean): MatchResult =>
    withBreakdown
      ? explain(index, compiled, sumW, row, score, excluded)
      : { uuid: index.uuidOf(row), score: score / 10, breakdown: [] };
  const results = top.sorted().map(({ score, row }) => describe(row, score, false));
  const nearMisses = near.sorted().map(({ score, row }): NearMissResult => {
    const result = explain(index, compiled, sumW, row, score, true);
    const failed = result.breakdown.find((b) => b.must && b.s < 1);
    return { ...result, missed: failed?.key ?? '' };
  });
  return { considered, included, excludedBy, histogram, results, nearMisses };
}

/** What the live what-if answers: no per-profile data, only counts, bins and the best scores. */
export interface Preview {
  considered: number;
  included: number;
  excludedBy: Record<string, number>;
  histogram: number[];
  /** The best included scores (points, best first). */
  best: number[];
}

/**
 * The rows of the target types that pass every must-have, with the counts that depend on the
 * target types and must-haves only. A weight slider moving does not change them, so the what-if
 * keeps the last few per index state and scores only these rows.
 */
interface Passing {
  key: string;
  /** The index state it was computed on (its `changes` counter). */
  changes: number;
  rows: Int32Array;
  considered: number;
  excludedBy: Record<string, number>;
}

const PASSING_KEPT = 4;
const passingCache = new WeakMap<ProfileIndex, Passing[]>();

/** The target types (as a set) and the must-haves (key and value, in criterion order). */
function passingKey(job: MatchJob): string {
  const types = [...new Set(job.targetTypes)].sort();
  const musts = job.criteria.filter((c) => c.must).map((c) => [c.key, c.value]);
  return JSON.stringify([types, musts]);
}

/**
 * POST /api/job/preview's numbers, equal to `analyseIndex(index, job, { topK })` (a test holds them
 * to it), computed faster for the way the what-if is asked: the passing rows of the last few
 * target-type and must-have combinations are kept (until the index changes), so a weight or a
 * non-must value changing costs one weighted pass over the passing rows, and scratch buffers are
 * reused — nothing is allocated per profile.
 */
export function previewIndex(
  index: ProfileIndex,
  job: MatchJob,
  topK: number,
  pause: () => Promise<void> = async () => {},
): Promise<Preview> {
  // One at a time per index: they share the what-if's scratch buffers.
  const answer = (previewQueue.get(index) ?? Promise.resolve()).then(() =>
    previewPaused(index, job, topK, pause),
  );
  previewQueue.set(
    index,
    answer.catch(() => {}),
  );
  return answer;
}

const previewQueue = new WeakMap<ProfileIndex, Promise<unknown>>();

async function previewPaused(
  index: ProfileIndex,
  job: MatchJob,
  topK: number,
  pause: () => Promise<void>,
): Promise<Preview> {
  // A pass over a million rows takes a few milliseconds: between passes the event loop serves
  // others. A refresh changing the index meanwhile makes the numbers mixed: computed again then.
  for (let attempt = 0; ; attempt++) {
    const changes = index.changes;
    const wait = attempt < 2 ? pause : async () => {};
    const steps = previewSteps(index, job, topK);
    let step = steps.next();
    while (!step.done) {
      await wait();
      step = steps.next();
    }
    if (index.changes === changes) return step.value;
  }
}

function* previewSteps(index: ProfileIndex, job: MatchJob, topK: number): Generator<void, Preview> {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  const kernels = compiled.map((c) => kernelFor(index, c.spec, c.criterion.value));
  const sumW = compiled.reduce((sum, c) => sum + c.criterion.weight, 0);
  const key = passingKey(job);
  const own = buffers(index, previewScratch);
  let passing = (passingCache.get(index) ?? []).find((p) => p.key === key && p.changes === index.changes);
  if (!passing) {
    const changes = index.changes;
    const { considered, excludedBy, m } = yield* selectRows(index, job, compiled, kernels, 0, own);
    passing = { key, changes, rows: own.sel.slice(0, m), considered, excludedBy };
  }
  const kept = (passingCache.get(index) ?? []).filter((p) => p !== passing && p.changes === index.changes);
  passingCache.set(index, [passing, ...kept].slice(0, PASSING_KEPT));

  const { rows } = passing;
  const m = rows.length;
  const { acc } = own;
  acc.fill(0, 0, m);
  for (const [i, c] of compiled.entries()) {
    if (c.criterion.weight === 0) continue;
    kernels[i]!.accumulate(rows, m, acc, c.criterion.weight);
    yield;
  }
  const top = new TopK(topK, index.uuids);
  const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (let j = 0; j < m; j++) {
    const score = sumW === 0 ? 1000 : Math.round(((100 * acc[j]!) / sumW) * 10);
    histogram[binOf(score)]!++;
    top.offer(score, rows[j]!);
  }
  return {
    considered: passing.considered,
    included: m,
    excludedBy: { ...passing.excludedBy },
    histogram,
    best: top.sorted().map(({ score }) => score / 10),
  };
}
