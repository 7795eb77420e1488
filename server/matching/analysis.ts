import type { MatchJob, MatchResult } from '../../contract/matching';
import { Explainer } from './explain';
import type { ProfileIndex } from './profile-index';
import { BLOCK, newBlock, type Plan, planJob, selectRows, Tally } from './scoring';
import type { TopK } from './top-k';

/**
 * What a run, the live what-if, the near misses and `match:file` ask of the index (PRODUCT.md §5),
 * each answered by one pass of the scoring core (./scoring.ts): counts, how many profiles each
 * must-have excludes, the 20-bin histogram of all included scores, the best K included (explained),
 * the best profiles excluded by exactly one must-have with the score they would have had, and on
 * request the best of all excluded profiles.
 */

export interface AnalysisOptions {
  /** How many included profiles to rank and explain. */
  topK: number;
  /** How many near misses to rank and explain (0: none). */
  nearMisses?: number;
  /** How many of the profiles any must-have excludes to rank and explain, marked `excluded` (0: none). */
  excluded?: number;
  /** Explain the kept included rows (breakdowns); without, they carry an empty breakdown. */
  explain?: boolean;
}

export interface NearMissResult extends MatchResult {
  /** The key of the one must-have the profile misses. */
  missed: string;
}

export interface Analysis {
  /** Active profiles of the target types. */
  considered: number;
  /** Of those, the ones no must-have excludes. */
  included: number;
  /** Per must-have key: the profiles of the target types it excludes (on its own, overlaps counted). */
  excludedBy: Record<string, number>;
  /** Included scores per 5-point bin; the last bin holds 95–100. */
  histogram: number[];
  /** The best included, best first. */
  results: MatchResult[];
  nearMisses: NearMissResult[];
  /** The best excluded, best first (only when asked for). */
  excluded: MatchResult[];
}

/** counts[i]: the rows must-have i excludes; the last entry: the rows of the target types. */
function newCounts(plan: Plan): number[] {
  return new Array<number>(plan.mustKeys.length + 1).fill(0);
}

function excludedByOf(plan: Plan, counts: number[]): Record<string, number> {
  return Object.fromEntries(plan.mustKeys.map((key, i) => [key, counts[i]!]));
}

export function analyseIndex(index: ProfileIndex, job: MatchJob, options: AnalysisOptions): Analysis {
  const plan = planJob(index, job);
  const nearK = options.nearMisses ?? 0;
  const excludedK = options.excluded ?? 0;
  // Rows missing more must-haves than anyone asked to see are not summed.
  const maxFails = excludedK > 0 ? 255 : nearK > 0 ? 1 : 0;
  const sumRows = maxFails === 0 ? plan.passingSums : plan.allSums;
  const tally = new Tally(index, plan.sumW, options.topK, nearK, excludedK);
  const block = newBlock();
  const counts = newCounts(plan);
  const rowCount = index.rowCount;
  // Without must-haves every row of the target types is included: one loop does it all.
  const scanned = maxFails === 0 && tally.scan(plan, index.types, 0, rowCount, counts);
  for (let start = 0; !scanned && start < rowCount; start += BLOCK) {
    const end = Math.min(rowCount, start + BLOCK);
    const m = selectRows(plan, index.types, start, end, block, counts, maxFails);
    sumRows(block.sel, m, block.acc);
    tally.add(block.sel, m, block.acc, block.fails);
  }

  const explainer = new Explainer(index, plan.compiled, plan.sumW);
  const describe = (kept: TopK, excluded: boolean, withBreakdown = true) =>
    kept
      .sorted()
      .map(
        ({ score, row }): MatchResult =>
          withBreakdown
            ? explainer.explain(row, score, excluded)
            : { uuid: index.uuidOf(row), score: score / 10, breakdown: [] },
      );
  const nearMisses = describe(tally.near, true).map((result): NearMissResult => {
    const failed = result.breakdown.find((b) => b.must && b.s < 1);
    return { ...result, missed: failed?.key ?? '' };
  });
  return {
    considered: counts[plan.mustKeys.length]!,
    included: tally.included,
    excludedBy: excludedByOf(plan, counts),
    histogram: [...tally.histogram],
    results: describe(tally.top, false, options.explain !== false),
    nearMisses,
    excluded: describe(tally.dropped, true),
  };
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
/** The what-if pauses after this many blocks (about a millisecond of work). */
const BLOCKS_PER_STEP = 16;

/** The target types (as a set) and the must-haves (key and value, in criterion order). */
function passingKey(job: MatchJob): string {
  const types = [...new Set(job.targetTypes)].sort();
  const musts = job.criteria.filter((c) => c.must).map((c) => [c.key, c.value]);
  return JSON.stringify([types, musts]);
}

/**
 * POST /api/job/preview's numbers, equal to `analyseIndex(index, job, { topK })` (a test holds them
 * to it) and computed by the same core, faster for the way the what-if is asked: the passing rows of
 * the last few target-type and must-have combinations are kept (until the index changes), so a
 * weight or a non-must value changing costs one weighted pass over the passing rows.
 */
export function previewIndex(
  index: ProfileIndex,
  job: MatchJob,
  topK: number,
  pause: () => Promise<void> = async () => {},
): Promise<Preview> {
  // One at a time per index: previews at once would only slow each other down, and a later one
  // finds the passing rows an earlier one kept.
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
  // A pass over a million rows takes a few milliseconds: between steps the event loop serves
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

/** The passing rows of a job's target types and must-haves, a few blocks per step. */
function* passingRows(index: ProfileIndex, plan: Plan, key: string): Generator<void, Passing> {
  const changes = index.changes;
  const rowCount = index.rowCount;
  const rows = new Int32Array(rowCount);
  const block = newBlock();
  const counts = newCounts(plan);
  let kept = 0;
  for (let start = 0, blocks = 1; start < rowCount; start += BLOCK, blocks++) {
    const end = Math.min(rowCount, start + BLOCK);
    const m = selectRows(plan, index.types, start, end, block, counts, 0);
    rows.set(block.sel.subarray(0, m), kept);
    kept += m;
    if (blocks % BLOCKS_PER_STEP === 0) yield;
  }
  yield;
  const considered = counts[plan.mustKeys.length]!;
  return { key, changes, rows: rows.slice(0, kept), considered, excludedBy: excludedByOf(plan, counts) };
}

function* previewSteps(index: ProfileIndex, job: MatchJob, topK: number): Generator<void, Preview> {
  const plan = planJob(index, job);
  const key = passingKey(job);
  const cached = passingCache.get(index) ?? [];
  const passing =
    cached.find((p) => p.key === key && p.changes === index.changes) ??
    (yield* passingRows(index, plan, key));
  const kept = cached.filter((p) => p !== passing && p.changes === index.changes);
  passingCache.set(index, [passing, ...kept].slice(0, PASSING_KEPT));

  const { rows } = passing;
  const tally = new Tally(index, plan.sumW, topK, 0, 0);
  const block = newBlock();
  block.fails.fill(0);
  for (let start = 0, blocks = 1; start < rows.length; start += BLOCK, blocks++) {
    const sel = rows.subarray(start, start + BLOCK);
    plan.passingSums(sel, sel.length, block.acc);
    tally.add(sel, sel.length, block.acc, block.fails);
    if (blocks % BLOCKS_PER_STEP === 0) yield;
  }
  yield;
  return {
    considered: passing.considered,
    included: rows.length,
    excludedBy: { ...passing.excludedBy },
    histogram: [...tally.histogram],
    best: tally.top.sorted().map(({ score }) => score / 10),
  };
}
