import type { MatchJob } from '../../contract/matching';
import { type CompiledCriterion, resolveCriteria } from './explain';
import { type Kernel, kernelFor, UniformKernel } from './kernels';
import { type ProfileIndex, TYPE_CODE } from './profile-index';
import { TopK } from './top-k';

/**
 * The scoring core of PRODUCT.md §5, shared by a run, the live what-if, the near misses and
 * `match:file`. The rows are taken a block at a time — the block's selection, must-have failures
 * and sums stay in the CPU's nearest cache while every criterion's kernel passes over them:
 *
 * 1. select: the rows of the target types;
 * 2. must-haves: each one counts the rows it excludes on its own, then the rows missing more
 *    must-haves than the caller wants to see are dropped;
 * 3. sums: Σ w·s per row in criterion order — the order the plain definition adds in, so the
 *    floating point result is the same to the last bit;
 * 4. tally: the score in tenths, the histogram of the included rows, the best K included and the
 *    best K of the rows some must-have excludes.
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
  /** The must-haves: their keys, and kernels that mark the rows missing them. */
  mustKeys: string[];
  mustKernels: Kernel[];
  /** The weighted kernels, criterion order, for rows that pass every must-have (a must adds w). */
  passingSums: Kernel[];
  /** The same for rows that may miss must-haves (near misses, excluded rows). */
  allSums: Kernel[];
}

export function planJob(index: ProfileIndex, job: MatchJob): Plan {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  let typeMask = 0;
  for (const type of job.targetTypes) typeMask |= 1 << (TYPE_CODE[type] ?? 0);
  typeMask &= ~1; // code 0 is a free row
  const plan: Plan = {
    compiled,
    sumW: 0,
    typeMask,
    mustKeys: [],
    mustKernels: [],
    passingSums: [],
    allSums: [],
  };
  for (const { criterion, spec } of compiled) {
    const { weight, must, value } = criterion;
    plan.sumW += weight;
    const kernel = kernelFor(index, spec, value, weight);
    if (must) {
      plan.mustKeys.push(criterion.key);
      plan.mustKernels.push(kernel);
    }
    // Weight 0 adds +0 to a sum that is never -0: skipped.
    if (weight === 0) continue;
    plan.allSums.push(kernel);
    plan.passingSums.push(must ? new UniformKernel(1, weight) : kernel);
  }
  // A job has one criterion per catalogue field; failures are counted in bytes.
  if (plan.mustKernels.length > 255) throw new Error('more than 255 must-haves');
  return plan;
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

/** Puts the rows in [start, end) of the target types into sel; answers how many. */
export function selectRows(types: Uint8Array, typeMask: number, start: number, end: number, sel: Int32Array) {
  let n = 0;
  for (let row = start; row < end; row++) {
    sel[n] = row;
    n += (typeMask >>> types[row]!) & 1;
  }
  return n;
}

/**
 * Marks each row's missed must-haves (`excludedBy[i]` counts must-have i's on its own) and keeps at
 * the front of the block, in row order, the rows missing at most `maxFails`; answers how many.
 */
export function applyMusts(plan: Plan, block: Block, n: number, excludedBy: number[], maxFails: number) {
  const { sel, fails } = block;
  fails.fill(0, 0, n);
  const kernels = plan.mustKernels;
  if (kernels.length === 0) return n;
  for (let i = 0; i < kernels.length; i++) excludedBy[i]! += kernels[i]!.markFails(sel, n, fails);
  let m = 0;
  for (let j = 0; j < n; j++) {
    const f = fails[j]!;
    sel[m] = sel[j]!;
    fails[m] = f;
    if (f <= maxFails) m++;
  }
  return m;
}

/** acc[j] = Σ w·s of row sel[j], in criterion order, for j < m. */
export function sumRows(kernels: Kernel[], sel: Int32Array, m: number, acc: Float64Array): void {
  acc.fill(0, 0, m);
  for (let i = 0; i < kernels.length; i++) kernels[i]!.accumulate(sel, m, acc);
}

/** What the scored rows add up to: counts, bins and the best rows kept. */
export class Tally {
  included = 0;
  readonly histogram = new Int32Array(HISTOGRAM_BINS);
  /** The best included rows. */
  readonly top: TopK;
  /** The best rows exactly one must-have excludes. */
  readonly near: TopK;
  /** The best rows any must-have excludes. */
  readonly dropped: TopK;

  constructor(index: ProfileIndex, topK: number, nearMisses: number, excluded: number) {
    this.top = new TopK(topK, index.uuids);
    this.near = new TopK(nearMisses, index.uuids);
    this.dropped = new TopK(excluded, index.uuids);
  }

  /** Scores the rows sel[0..m) from their sums; fails[j] > 0 marks a row a must-have excludes. */
  add(sumW: number, sel: Int32Array, m: number, acc: Float64Array, fails: Uint8Array): void {
    const { histogram, top } = this;
    let included = 0;
    for (let j = 0; j < m; j++) {
      // scoreTenths() of contract/matching, inlined.
      const score = sumW === 0 ? 1000 : Math.round(((100 * acc[j]!) / sumW) * 10);
      const f = fails[j]!;
      if (f === 0) {
        included++;
        histogram[binOf(score)]!++;
        top.offer(score, sel[j]!);
      } else {
        if (f === 1) this.near.offer(score, sel[j]!);
        this.dropped.offer(score, sel[j]!);
      }
    }
    this.included += included;
  }
}
