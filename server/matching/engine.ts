import type { FieldDefinition } from '../../contract/catalog';
import { dateToDays } from '../../contract/catalog-schema';
import type { BreakdownItem, Criterion, MatchJob, MatchResult } from '../../contract/matching';
import {
  type CodeArray,
  DateColumn,
  LanguagesColumn,
  LocationColumn,
  MISSING_DAY,
  MultiColumn,
  NumberColumn,
  SelectColumn,
} from './columns';
import { type ProfileIndex, TYPE_CODE } from './profile-index';
import { atLeastScore, type CriterionSpec, evaluate, lateScore, salaryScore } from './rules';
import { TopK } from './top-k';

/**
 * Scores the indexed profiles against a job (PRODUCT.md §5) and keeps the best K. Work goes column by
 * column over a selection vector: the rows of the target types, narrowed by each must criterion (a
 * must passes only with s = 1, so it then adds exactly its weight), then one pass per weighted
 * criterion adding w·s in criterion order — the order the plain definition sums in, so the floating
 * point result is the same to the last bit. Breakdowns are computed for the kept results only.
 */

export interface MatchOptions {
  /** How many results to keep (of the included ones, and again of the excluded ones). */
  topK: number;
  /** Also rank the profiles a must criterion excludes, after the included ones, marked `excluded`. */
  withExcluded?: boolean | undefined;
}

export interface MatchOutcome {
  results: MatchResult[];
  /** Active profiles of the target types. */
  considered: number;
  /** Of those, the ones no must criterion excludes. */
  included: number;
}

/** Scores the rows in `sel[0..n)`: adds w·s to acc, or keeps only the rows with s = 1. */
export interface Kernel {
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void;
  filter(sel: Int32Array, n: number): number;
  /**
   * For the rows `filter` would drop, in place: adds one to `fails[j]` (up to 2) and sets `missed[j]`
   * to `criterion`. Answers how many it would drop — one pass instead of filtering a copy.
   */
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number;
}

/** Counts a failed must-have for the row at j (two are as many as the analysis needs to know). */
function noteFail(fails: Uint8Array, missed: Int8Array, j: number, criterion: number): void {
  if (fails[j]! < 2) {
    fails[j]!++;
    missed[j] = criterion;
  }
}

/** s looked up by a row's code: selects, dictionaries, small-range numbers. */
class TableKernel implements Kernel {
  constructor(
    private readonly codes: CodeArray,
    private readonly table: Float64Array,
  ) {}
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void {
    const { codes, table } = this;
    for (let j = 0; j < n; j++) acc[j]! += w * table[codes[sel[j]!]!]!;
  }
  filter(sel: Int32Array, n: number): number {
    const { codes, table } = this;
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const row = sel[j]!;
      if (table[codes[row]!] === 1) sel[kept++] = row;
    }
    return kept;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number {
    const { codes, table } = this;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      if (table[codes[sel[j]!]!] === 1) continue;
      failed++;
      noteFail(fails, missed, j, criterion);
    }
    return failed;
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/** overlap: share of the job's values the profile has, counted per word of the bitset. */
class OverlapKernel implements Kernel {
  constructor(
    private readonly words: CodeArray[],
    private readonly masks: number[],
    private readonly shares: Float64Array,
  ) {}
  private count(row: number): number {
    let c = 0;
    for (let m = 0; m < this.words.length; m++) c += popcount(this.words[m]![row]! & this.masks[m]!);
    return c;
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void {
    const shares = this.shares;
    for (let j = 0; j < n; j++) acc[j]! += w * shares[this.count(sel[j]!)]!;
  }
  filter(sel: Int32Array, n: number): number {
    const all = this.shares.length - 1;
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const row = sel[j]!;
      if (this.count(row) === all) sel[kept++] = row;
    }
    return kept;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number {
    const all = this.shares.length - 1;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      if (this.count(sel[j]!) === all) continue;
      failed++;
      noteFail(fails, missed, j, criterion);
    }
    return failed;
  }
}

/** anyOf over a multiselect: 1 when any of the job's bits is set. */
class AnyBitKernel implements Kernel {
  constructor(
    private readonly words: CodeArray[],
    private readonly masks: number[],
  ) {}
  private hit(row: number): boolean {
    for (let m = 0; m < this.words.length; m++)
      if ((this.words[m]![row]! & this.masks[m]!) !== 0) return true;
    return false;
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void {
    for (let j = 0; j < n; j++) if (this.hit(sel[j]!)) acc[j]! += w;
  }
  filter(sel: Int32Array, n: number): number {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const row = sel[j]!;
      if (this.hit(row)) sel[kept++] = row;
    }
    return kept;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number {
    let failed = 0;
    for (let j = 0; j < n; j++) {
      if (this.hit(sel[j]!)) continue;
      failed++;
      noteFail(fails, missed, j, criterion);
    }
    return failed;
  }
}

/** atLeast / atMost over a number column too wide for a table. */
class NumberKernel implements Kernel {
  constructor(
    private readonly column: NumberColumn,
    private readonly rule: 'atLeast' | 'atMost',
    private readonly bound: number,
  ) {}
  private score(row: number): number {
    const x = this.column.get(row);
    if (x === undefined) return 0;
    return this.rule === 'atLeast' ? atLeastScore(x, this.bound) : salaryScore(x, this.bound);
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void {
    const { data, sentinel, quantised } = this.column;
    const bound = this.bound;
    const atLeast = this.rule === 'atLeast';
    if (!quantised) {
      for (let j = 0; j < n; j++) acc[j]! += w * this.score(sel[j]!);
      return;
    }
    const { step, inverse, qmin } = this.column;
    for (let j = 0; j < n; j++) {
      const stored = data[sel[j]!]!;
      if (stored === sentinel) continue;
      const q = stored + qmin;
      const x = step >= 1 ? q * step : q / inverse;
      acc[j]! += w * (atLeast ? atLeastScore(x, bound) : salaryScore(x, bound));
    }
  }
  filter(sel: Int32Array, n: number): number {
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const row = sel[j]!;
      if (this.score(row) === 1) sel[kept++] = row;
    }
    return kept;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number {
    let failed = 0;
    for (let j = 0; j < n; j++) {
      if (this.score(sel[j]!) === 1) continue;
      failed++;
      noteFail(fails, missed, j, criterion);
    }
    return failed;
  }
}

/** notAfter over days since 1970. */
class DateKernel implements Kernel {
  constructor(
    private readonly days: Int32Array,
    private readonly start: number,
  ) {}
  accumulate(sel: Int32Array, n: number, acc: Float64Array, w: number): void {
    const { days, start } = this;
    for (let j = 0; j < n; j++) {
      const d = days[sel[j]!]!;
      if (d !== MISSING_DAY) acc[j]! += w * lateScore(d, start);
    }
  }
  filter(sel: Int32Array, n: number): number {
    const { days, start } = this;
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const row = sel[j]!;
      const d = days[row]!;
      if (d !== MISSING_DAY && d <= start) sel[kept++] = row;
    }
    return kept;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array, missed: Int8Array, criterion: number): number {
    const { days, start } = this;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      const d = days[sel[j]!]!;
      if (d !== MISSING_DAY && d <= start) continue;
      failed++;
      noteFail(fails, missed, j, criterion);
    }
    return failed;
  }
}

/** Numbers whose stored range is at most this many values are scored by table. */
const TABLE_LIMIT = 1 << 16;

/** Chooses the kernel of one criterion: the fastest form that gives evaluate()'s very numbers. */
export function kernelFor(index: ProfileIndex, spec: CriterionSpec, value: unknown): Kernel {
  const column = index.columns.get(spec.profileField.key);
  if (!column) throw new Error(`profile field ${spec.profileField.key} is not indexed`);
  const tableOver = (codes: CodeArray, entries: readonly unknown[]) =>
    new TableKernel(
      codes,
      Float64Array.from(entries, (entry) => evaluate(spec, value, entry).s),
    );
  if (column instanceof SelectColumn) return tableOver(column.codes, [undefined, ...column.options]);
  if (column instanceof LanguagesColumn || column instanceof LocationColumn) {
    return tableOver(column.codes, column.entries);
  }
  if (column instanceof MultiColumn) {
    const masks = column.words.map(() => 0);
    const wanted = value as string[];
    for (const option of wanted) {
      const at = column.bitOf(option);
      if (at) masks[at.word] = (masks[at.word]! | (1 << at.bit)) >>> 0;
    }
    const used = masks.map((mask, i) => ({ mask, i })).filter((m) => m.mask !== 0);
    const words = used.map((m) => column.words[m.i]!);
    if (spec.rule === 'anyOf')
      return new AnyBitKernel(
        words,
        used.map((m) => m.mask),
      );
    // shares[c] = c / |job values|, exactly as evaluate() divides.
    const shares = Float64Array.from({ length: wanted.length + 1 }, (_, c) => c / wanted.length);
    return new OverlapKernel(
      words,
      used.map((m) => m.mask),
      shares,
    );
  }
  if (column instanceof NumberColumn) {
    if (column.quantised && column.sentinel < TABLE_LIMIT) {
      const entries = Array.from({ length: column.sentinel + 1 }, (_, stored) =>
        stored === column.sentinel ? undefined : column.decodeQuantum(stored),
      );
      return tableOver(column.data as CodeArray, entries);
    }
    return new NumberKernel(column, spec.rule as 'atLeast' | 'atMost', value as number);
  }
  if (column instanceof DateColumn) return new DateKernel(column.days, dateToDays(value as string)!);
  throw new Error(`no kernel for ${spec.key}`);
}

export interface CompiledCriterion {
  criterion: Criterion;
  spec: CriterionSpec;
}

/** Resolves a job's criteria against the catalogue; throws on a key that is no criterion. */
export function resolveCriteria(
  jobFields: FieldDefinition[],
  profileFields: FieldDefinition[],
  job: MatchJob,
) {
  const byKey = new Map(jobFields.map((f) => [f.key, f]));
  const profileByKey = new Map(profileFields.map((f) => [f.key, f]));
  return job.criteria.map((criterion): CompiledCriterion => {
    const jobField = byKey.get(criterion.key);
    if (!jobField?.criterion) throw new Error(`${criterion.key} is not a criterion of the job catalogue`);
    const profileField = profileByKey.get(jobField.criterion.profileKey);
    if (!profileField) throw new Error(`${criterion.key} compares with a field the profile catalogue lacks`);
    return { criterion, spec: { key: criterion.key, rule: jobField.criterion.rule, jobField, profileField } };
  });
}

const scratch = new WeakMap<ProfileIndex, { sel: Int32Array; acc: Float64Array; copy: Int32Array }>();

function buffers(index: ProfileIndex) {
  let b = scratch.get(index);
  if (!b || b.sel.length < index.rowCount) {
    const size = index.capacity;
    b = { sel: new Int32Array(size), acc: new Float64Array(size), copy: new Int32Array(size) };
    scratch.set(index, b);
  }
  return b;
}

/** Scores every active profile of the job's target types and answers the best `topK`, explained. */
export function matchIndex(index: ProfileIndex, job: MatchJob, options: MatchOptions): MatchOutcome {
  const compiled = resolveCriteria(index.catalog.job, index.catalog.profile, job);
  const kernels = compiled.map((c) => kernelFor(index, c.spec, c.criterion.value));
  const sumW = compiled.reduce((sum, c) => sum + c.criterion.weight, 0);
  const { sel, acc, copy } = buffers(index);

  let targetMask = 0;
  for (const type of job.targetTypes) targetMask |= 1 << (TYPE_CODE[type] ?? 0);
  targetMask &= ~1; // code 0 is a free row
  const types = index.types;
  let n = 0;
  for (let row = 0; row < index.rowCount; row++) if ((targetMask >>> types[row]!) & 1) sel[n++] = row;
  const considered = n;

  const musts = compiled.map((c, i) => (c.criterion.must ? i : -1)).filter((i) => i >= 0);
  let excluded: Uint8Array | null = null;
  if (options.withExcluded) {
    copy.set(sel.subarray(0, n));
    let kept = n;
    for (const i of musts) kept = kernels[i]!.filter(copy, kept);
    excluded = new Uint8Array(n);
    for (let j = 0, k = 0; j < n; j++) {
      if (k < kept && copy[k] === sel[j]) k++;
      else excluded[j] = 1;
    }
  } else {
    for (const i of musts) n = kernels[i]!.filter(sel, n);
  }

  // A leading run of must criteria adds whole weights: exact, so it can start the sums.
  let first = 0;
  let start = 0;
  if (!excluded) {
    while (first < compiled.length && compiled[first]!.criterion.must)
      start += compiled[first++]!.criterion.weight;
  }
  acc.fill(start, 0, n);
  for (let i = first; i < compiled.length; i++) {
    const { weight, must } = compiled[i]!.criterion;
    if (weight === 0) continue;
    if (must && !excluded) {
      for (let j = 0; j < n; j++) acc[j]! += weight;
    } else {
      kernels[i]!.accumulate(sel, n, acc, weight);
    }
  }

  const top = new TopK(options.topK, index.uuids);
  const dropped = excluded ? new TopK(options.topK, index.uuids) : null;
  let included = 0;
  for (let j = 0; j < n; j++) {
    // scoreTenths() of contract/matching, inlined.
    const score = sumW === 0 ? 1000 : Math.round(((100 * acc[j]!) / sumW) * 10);
    if (excluded && excluded[j] === 1) {
      dropped!.offer(score, sel[j]!);
    } else {
      included++;
      top.offer(score, sel[j]!);
    }
  }

  const results = top.sorted().map(({ score, row }) => explain(index, compiled, sumW, row, score, false));
  if (dropped) {
    for (const { score, row } of dropped.sorted())
      results.push(explain(index, compiled, sumW, row, score, true));
  }
  return { results, considered, included };
}

/** The breakdown of one row, by the rule functions: it adds up to the score. */
export function explain(
  index: ProfileIndex,
  compiled: CompiledCriterion[],
  sumW: number,
  row: number,
  scoreTenths: number,
  excluded: boolean,
): MatchResult {
  const breakdown = compiled.map(({ criterion, spec }): BreakdownItem => {
    const { s, reason } = evaluate(spec, criterion.value, index.valueOf(row, spec.profileField.key));
    const contribution = sumW === 0 ? 0 : (100 * criterion.weight * s) / sumW;
    return { key: criterion.key, weight: criterion.weight, must: criterion.must, s, contribution, ...reason };
  });
  const result: MatchResult = { uuid: index.uuidOf(row), score: scoreTenths / 10, breakdown };
  if (excluded) result.excluded = true;
  return result;
}
