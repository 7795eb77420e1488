import type { MatchJob, MatchResult } from '../../contract/matching';
import { explain, kernelFor, resolveCriteria } from './engine';
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
  copy: Int32Array;
  acc: Float64Array;
  fails: Uint8Array;
  missed: Int8Array;
}

const scratch = new WeakMap<ProfileIndex, Scratch>();

function buffers(index: ProfileIndex): Scratch {
  let b = scratch.get(index);
  if (!b || b.sel.length < index.rowCount) {
    const size = index.capacity;
    b = {
      sel: new Int32Array(size),
      copy: new Int32Array(size),
      acc: new Float64Array(size),
      fails: new Uint8Array(size),
      missed: new Int8Array(size),
    };
    scratch.set(index, b);
  }
  return b;
}

/** The histogram bin of a score in tenths of a point. */
export function binOf(scoreTenths: number): number {
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(scoreTenths / 50));
}

export function analyseIndex(index: ProfileIndex, job: MatchJob, options: AnalysisOptions): Analysis {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  const kernels = compiled.map((c) => kernelFor(index, c.spec, c.criterion.value));
  const sumW = compiled.reduce((sum, c) => sum + c.criterion.weight, 0);
  const { sel, copy, acc, fails, missed } = buffers(index);

  let targetMask = 0;
  for (const type of job.targetTypes) targetMask |= 1 << (TYPE_CODE[type] ?? 0);
  targetMask &= ~1; // code 0 is a free row
  const types = index.types;
  let n = 0;
  for (let row = 0; row < index.rowCount; row++) if ((targetMask >>> types[row]!) & 1) sel[n++] = row;
  const considered = n;

  // Each must-have on its own: which rows it fails (filter keeps the passing rows, in order).
  fails.fill(0, 0, n);
  const excludedBy: Record<string, number> = {};
  compiled.forEach((c, i) => {
    if (!c.criterion.must) return;
    copy.set(sel.subarray(0, n));
    const kept = kernels[i]!.filter(copy, n);
    excludedBy[c.criterion.key] = n - kept;
    for (let j = 0, k = 0; j < n; j++) {
      if (k < kept && copy[k] === sel[j]) k++;
      else if (fails[j]! < 2) {
        fails[j]!++;
        missed[j] = i;
      }
    }
  });

  // Only rows missing at most one must-have are scored — and without near misses asked for (the
  // live what-if), only the rows that pass every must-have.
  const maxFails = (options.nearMisses ?? 0) > 0 ? 1 : 0;
  let m = 0;
  for (let j = 0; j < n; j++) {
    if (fails[j]! > maxFails) continue;
    sel[m] = sel[j]!;
    fails[m] = fails[j]!;
    missed[m] = missed[j]!;
    m++;
  }
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
