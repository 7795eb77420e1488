import type { MatchJob } from '../../contract/matching';
import { type CompiledCriterion, resolveCriteria } from './explain';
import { type ScanLoop, type SelectLoop, type SumLoop, scanLoop, selectLoop, sumLoop } from './fused-loops';
import { type Kernel, kernelFor, UniformKernel } from './kernels';
import { type ProfileIndex, TYPE_CODE } from './profile-index';
import { TopK } from './top-k';

/**
 * The scoring core of PRODUCT.md §5, shared by a run, the live what-if, the near misses and
 * `match:file`. The rows are taken a block at a time (a block's selection, failures and sums stay
 * in the CPU's nearest caches), each block by loops fused from the job's kernels (./fused-loops.ts):
 *
 * 1. select: the rows of the target types; each must-have counts the rows it excludes on its own,
 *    and the rows missing more must-haves than the caller wants to see are dropped;
 * 2. sums: Σ w·s per row in criterion order — the order the plain definition adds in, so the
 *    floating point result is the same to the last bit;
 * 3. tally: the histogram of the included rows, the best K included and the best K of the rows
 *    some must-have excludes, with their scores in tenths.
 */

export const HISTOGRAM_BINS = 20;
/** Rows per block: 4096 rows' selection (16 kB), sums (32 kB) and failures fit the L1/L2 caches. */
export const BLOCK = 4096;

/** The histogram bin of a score in tenths of a point. */
export function binOf(scoreTenths: number): number {
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(scoreTenths / 50));
}

/** A job compiled against one index. */
export interface Plan {
  compiled: CompiledCriterion[];
  sumW: number;
  /** Bit t set: type code t takes part. */
  typeMask: number;
  /** The must-haves' keys. */
  mustKeys: string[];
  /** Selects a block's rows of the target types, marking and counting the must-haves they miss. */
  select: SelectLoop;
  /** Σ w·s for rows that pass every must-have (a must-have adds its w). */
  passingSums: SumLoop;
  /** Σ w·s for rows that may miss must-haves (near misses, excluded rows). */
  allSums: SumLoop;
  /** Without must-haves: selection, sums and tally in one loop (Tally.scan); null with must-haves. */
  scan: ScanLoop | null;
}

export function planJob(index: ProfileIndex, job: MatchJob): Plan {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  let typeMask = 0;
  for (const type of job.targetTypes) typeMask |= 1 << (TYPE_CODE[type] ?? 0);
  typeMask &= ~1; // code 0 is a free row
  let sumW = 0;
  const mustKeys: string[] = [];
  const musts: Kernel[] = [];
  const passing: Kernel[] = [];
  const all: Kernel[] = [];
  for (const { criterion, spec } of compiled) {
    const { weight, must, value } = criterion;
    sumW += weight;
    const kernel = kernelFor(index, spec, value, weight);
    if (must) {
      mustKeys.push(criterion.key);
      musts.push(kernel);
    }
    // Weight 0 adds +0 to a sum that is never -0: skipped.
    if (weight === 0) continue;
    all.push(kernel);
    passing.push(must ? new UniformKernel(1, weight) : kernel);
  }
  // A job has one criterion per catalogue field; failures are counted in bytes.
  if (musts.length > 255) throw new Error('more than 255 must-haves');
  return {
    compiled,
    sumW,
    typeMask,
    mustKeys,
    select: selectLoop(musts),
    passingSums: sumLoop(passing),
    allSums: sumLoop(all),
    scan: musts.length === 0 ? scanLoop(passing, HISTOGRAM_BINS) : null,
  };
}

/** Block-sized scratch arrays. */
export interface Block {
  sel: Int32Array;
  fails: Uint8Array;
  acc: Float64Array;
}

export function newBlock(): Block {
  return { sel: new Int32Array(BLOCK), fails: new Uint8Array(BLOCK), acc: new Float64Array(BLOCK) };
}

/**
 * Puts the rows in [start, end) of the target types that miss at most `maxFails` must-haves at the
 * front of the block, in row order, their misses in `fails`; answers how many. counts[i] adds the
 * rows must-have i excludes on its own, counts[musts] the rows of the target types.
 */
export function selectRows(
  plan: Plan,
  types: Uint8Array,
  start: number,
  end: number,
  block: Block,
  counts: number[],
  maxFails: number,
): number {
  return plan.select(types, plan.typeMask, start, end, block.sel, block.fails, counts, maxFails);
}

/** A score in tenths of a point from Σ w·s: scoreTenths() of contract/matching, inlined. */
function tenths(sum: number, sumW: number): number {
  return sumW === 0 ? 1000 : Math.round(((100 * sum) / sumW) * 10);
}

/**
 * The least Σ w·s that scores at least `score` tenths (a score is monotone in the sum: each
 * operation rounds monotonically), by bisection over doubles.
 */
export function sumFor(score: number, sumW: number): number {
  if (score <= tenths(0, sumW)) return Number.NEGATIVE_INFINITY;
  if (score > tenths(sumW, sumW)) return Number.POSITIVE_INFINITY;
  let lo = 0;
  let hi = sumW;
  for (;;) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) return hi;
    if (tenths(mid, sumW) >= score) hi = mid;
    else lo = mid;
  }
}

/**
 * What the scored rows add up to: counts, bins and the best rows kept. Most rows only need their
 * bin, found by comparing the sum with the bins' least sums; the score itself is computed for the
 * rows whose sum can enter the top K (and for the excluded rows asked for).
 */
export class Tally {
  included = 0;
  readonly histogram = new Int32Array(HISTOGRAM_BINS);
  /** The best included rows. */
  readonly top: TopK;
  /** The best rows exactly one must-have excludes. */
  readonly near: TopK;
  /** The best rows any must-have excludes. */
  readonly dropped: TopK;
  /** bounds[b]: the least sum of bin b (bounds[0] = -∞, bounds[20] = +∞). */
  private readonly bounds = new Float64Array(HISTOGRAM_BINS + 1);
  /** The least sum that can enter the top K, and the top K's floor it was computed for. */
  private cut = Number.NEGATIVE_INFINITY;
  private cutFloor = Number.NEGATIVE_INFINITY;

  constructor(
    index: ProfileIndex,
    private readonly sumW: number,
    topK: number,
    nearMisses: number,
    excluded: number,
  ) {
    this.top = new TopK(topK, index.uuids);
    this.near = new TopK(nearMisses, index.uuids);
    this.dropped = new TopK(excluded, index.uuids);
    this.bounds[0] = Number.NEGATIVE_INFINITY;
    for (let b = 1; b < HISTOGRAM_BINS; b++) this.bounds[b] = sumFor(b * 50, sumW);
    this.bounds[HISTOGRAM_BINS] = Number.POSITIVE_INFINITY;
    this.updateCut();
  }

  private updateCut(): void {
    const floor = this.top.floor();
    if (floor === this.cutFloor) return;
    this.cutFloor = floor;
    this.cut = Number.isFinite(floor) ? sumFor(floor, this.sumW) : floor;
  }

  /** Tallies the rows sel[0..m) from their sums; fails[j] > 0 marks a row a must-have excludes. */
  add(sel: Int32Array, m: number, acc: Float64Array, fails: Uint8Array): void {
    const { histogram, bounds, top, sumW } = this;
    if (sumW === 0) {
      this.addFlat(sel, m, fails);
      return;
    }
    // The bin of a sum, to within one: floor(20 · sum / Σw); one comparison corrects it.
    const perBin = HISTOGRAM_BINS / sumW;
    let included = 0;
    let cut = this.cut;
    for (let j = 0; j < m; j++) {
      const sum = acc[j]!;
      if (fails[j] !== 0) {
        this.addExcluded(sel[j]!, tenths(sum, sumW), fails[j]!);
        continue;
      }
      included++;
      let b = Math.min(HISTOGRAM_BINS - 1, (sum * perBin) | 0);
      if (sum >= bounds[b + 1]!) b++;
      else if (sum < bounds[b]!) b--;
      histogram[b]!++;
      if (sum >= cut) {
        top.offer(tenths(sum, sumW), sel[j]!);
        this.updateCut();
        cut = this.cut;
      }
    }
    this.included += included;
  }

  /**
   * A job without must-haves (plan.scan): the rows of the target types in [start, end) summed and
   * tallied in one loop, the same counts, bins and top K as selectRows, passingSums and add(); false
   * (nothing done) where that loop does not apply (must-haves, or Σ w = 0).
   */
  scan(plan: Plan, types: Uint8Array, start: number, end: number, counts: number[]): boolean {
    const { sumW } = this;
    if (plan.scan === null || sumW === 0) return false;
    const included = plan.scan(
      types,
      plan.typeMask,
      start,
      end,
      this.histogram,
      this.bounds,
      HISTOGRAM_BINS / sumW,
      this.cut,
      this.offerSum,
    );
    this.included += included;
    counts[0]! += included;
    return true;
  }

  /** Offers an included row by its sum; answers the least sum that can enter the top K now. */
  private readonly offerSum = (sum: number, row: number): number => {
    this.top.offer(tenths(sum, this.sumW), row);
    this.updateCut();
    return this.cut;
  };

  /** Σ w = 0: every row scores 100. */
  private addFlat(sel: Int32Array, m: number, fails: Uint8Array): void {
    for (let j = 0; j < m; j++) {
      if (fails[j] !== 0) {
        this.addExcluded(sel[j]!, 1000, fails[j]!);
        continue;
      }
      this.included++;
      this.histogram[binOf(1000)]!++;
      this.top.offer(1000, sel[j]!);
    }
  }

  private addExcluded(row: number, score: number, fails: number): void {
    if (fails === 1) this.near.offer(score, row);
    this.dropped.offer(score, row);
  }
}
