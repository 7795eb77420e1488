import { dateToDays } from '../../contract/catalog-schema';
import { LATE_DAYS_TO_ZERO, SALARY_TOLERANCE } from '../../contract/matching';
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
import type { ProfileIndex } from './profile-index';
import { atLeastScore, type CriterionSpec, evaluate, lateScore, salaryScore } from './rules';

/**
 * One criterion of one job over the index's columns, in the fastest form that gives evaluate()'s
 * very numbers: mostly a table of w·s by a row's code (the weight is fixed when the kernel is
 * built, so the table holds the same double the plain sum multiplies out).
 *
 * A kernel does not loop by itself: it gives the statements that score one `row`, and
 * ./fused-loops.ts puts a job's kernels into one loop over a block of rows (a pass per criterion
 * costs about twice as much: every pass loads the row and stores the sum again). The statements
 * are fixed text per kind of kernel; what they read comes in as arguments — no value of a job ever
 * becomes source text:
 *
 * - `${p}_0`, `${p}_1`, …: `args` (the columns' arrays);
 * - `${p}_i0`, `${p}_i1`, …: `ints`, bound as int32 so the loop computes with them in registers;
 * - `W[${p}_w + k]` and `F[${p}_w + k]`: entry k of `weighted` (w·s) and `fails` (1 where s < 1).
 *   The loop concatenates every kernel's tables into one W and one F: V8 checks an array's map,
 *   buffer and length on each access to it, once per row for a shared array but once per criterion
 *   for an array per kernel (measured: a third of the weighted sums' time at 1 M profiles).
 */
export interface Kernel {
  /** The arrays (or functions) the statements read, in order. */
  readonly args: readonly unknown[];
  /** The int32 numbers the statements read, in order. */
  readonly ints: readonly number[];
  /** w·s by entry; `fails` of the same length: 1 where s < 1. */
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  /** Statements adding w·s of `row` to `a`; `kind` names the text (equal kinds, equal text). */
  sum(p: string): string;
  /** Statements setting `f` to 1 when `row` misses the criterion (s < 1), else to 0. */
  fail(p: string): string;
  readonly kind: string;
}

const NONE: readonly unknown[] = [];
const NO_INTS: readonly number[] = [];

/** The w·s and fails tables of s by entry. */
function tables(s: ArrayLike<number>, w: number): { weighted: Float64Array; fails: Uint8Array } {
  const weighted = new Float64Array(s.length);
  const fails = new Uint8Array(s.length);
  for (let c = 0; c < s.length; c++) {
    weighted[c] = w * s[c]!;
    fails[c] = s[c] === 1 ? 0 : 1;
  }
  return { weighted, fails };
}

/**
 * The same s for every row: a must-have that every scored row passes (s = 1 adds exactly w), or a
 * criterion none of whose values the index knows.
 */
export class UniformKernel implements Kernel {
  readonly kind = 'uniform';
  readonly args = NONE;
  readonly ints = NO_INTS;
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  constructor(s: number, w: number) {
    ({ weighted: this.weighted, fails: this.fails } = tables([s], w));
  }
  sum(p: string): string {
    return `a += W[${p}_w];`;
  }
  fail(p: string): string {
    return `f = F[${p}_w];`;
  }
}

/** s looked up by a row's code: selects, dictionaries, small-range numbers, narrow multiselects. */
class TableKernel implements Kernel {
  readonly kind: string;
  readonly args: readonly unknown[];
  readonly ints = NO_INTS;
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  constructor(codes: CodeArray, s: Float64Array, w: number) {
    ({ weighted: this.weighted, fails: this.fails } = tables(s, w));
    this.args = [codes];
    // One loop text per code array type: a loop that read two kinds would check which on every row.
    this.kind = `table${codes.BYTES_PER_ELEMENT}`;
  }
  sum(p: string): string {
    return `/* ${this.kind} */ a += W[${p}_w + ${p}_0[row]];`;
  }
  fail(p: string): string {
    return `/* ${this.kind} */ f = F[${p}_w + ${p}_0[row]];`;
  }
}

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/**
 * A multiselect over words too wide for a table: overlap counts the job's bits a row has
 * (s = shares[count]), anyOf asks for one (shares = [0, 1, 1, …]).
 */
class BitsKernel implements Kernel {
  readonly kind: string;
  readonly args: readonly unknown[];
  readonly ints: readonly number[];
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  constructor(words: CodeArray[], masks: number[], shares: Float64Array, w: number) {
    ({ weighted: this.weighted, fails: this.fails } = tables(shares, w));
    // The count over the words the job uses, each word with its mask.
    this.args = words;
    this.ints = masks.map((mask) => mask | 0);
    this.kind = `bits${words.map((word) => word.BYTES_PER_ELEMENT).join('.')}`;
  }
  /** `c` = the job's bits the row has: popcount() written out per word (a call costs a check per row). */
  private count(p: string): string {
    const words = this.args.map(
      (_, i) => `x = ${p}_${i}[row] & ${p}_i${i};
      x = (x - ((x >>> 1) & 0x55555555)) | 0;
      x = ((x & 0x33333333) + ((x >>> 2) & 0x33333333)) | 0;
      c += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;`,
    );
    return `/* ${this.kind} */ let c = 0; let x = 0; ${words.join(' ')}`;
  }
  sum(p: string): string {
    return `{ ${this.count(p)} a += W[${p}_w + c]; }`;
  }
  fail(p: string): string {
    return `{ ${this.count(p)} f = F[${p}_w + c]; }`;
  }
}

/** atLeast / atMost over a number column the other forms cannot take: the rule per row. */
class NumberKernel implements Kernel {
  readonly kind = 'number';
  readonly args: readonly unknown[];
  readonly ints = NO_INTS;
  readonly weighted = new Float64Array(0);
  readonly fails = new Uint8Array(0);
  constructor(column: NumberColumn, atLeast: boolean, bound: number, w: number) {
    const s = (row: number) => {
      const x = column.get(row);
      if (x === undefined) return 0;
      return atLeast ? atLeastScore(x, bound) : salaryScore(x, bound);
    };
    this.args = [(row: number) => w * s(row), (row: number) => (s(row) === 1 ? 0 : 1)];
  }
  sum(p: string): string {
    return `a += ${p}_0(row);`;
  }
  fail(p: string): string {
    return `f = ${p}_1(row);`;
  }
}

/**
 * atLeast / atMost over a wide quantised number column, by a table of w·s over the window of stored
 * values where s changes; below and above it s is that of the window's first and last entry (both
 * rules are monotone, and windowKernel() checks the ends are 0 or 1). Stored values are below 2³¹
 * (windowKernel() checks), so they and the sentinel compare as int32.
 */
class WindowKernel implements Kernel {
  readonly kind = 'window';
  readonly args: readonly unknown[];
  readonly ints: readonly number[];
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  constructor(data: Uint32Array, sentinel: number, lo: number, s: Float64Array, w: number) {
    ({ weighted: this.weighted, fails: this.fails } = tables(s, w));
    this.args = [data];
    this.ints = [sentinel | 0, lo, s.length - 1];
  }
  private at(p: string): string {
    return `const v = ${p}_0[row] | 0; const k = (v - ${p}_i1) | 0; const at = k <= 0 ? 0 : k >= ${p}_i2 ? ${p}_i2 : k;`;
  }
  sum(p: string): string {
    return `{ ${this.at(p)} if (v !== ${p}_i0) a += W[${p}_w + at]; }`;
  }
  fail(p: string): string {
    return `{ ${this.at(p)} f = v === ${p}_i0 ? 1 : F[${p}_w + at]; }`;
  }
}

/** The WindowKernel of a criterion, or null when the window would be too wide. */
function windowKernel(column: NumberColumn, atLeast: boolean, bound: number, w: number): Kernel | null {
  const { data, sentinel, step, inverse, qmin } = column;
  if (!column.quantised || !(data instanceof Uint32Array)) return null;
  const quantum = (x: number) => (step >= 1 ? Math.round(x / step) : Math.round(x * inverse));
  // The kernel compares stored values as int32: every value the column can store must be below 2³¹.
  const max = column.field.max;
  if (max === undefined || !(quantum(max) - qmin < 0x7fffffff)) return null;
  const storedOf = (x: number) => Math.max(0, Math.min(sentinel - 1, quantum(x) - qmin));
  const lo = atLeast ? 0 : Math.max(0, storedOf(bound) - 1);
  const hi = Math.min(sentinel - 1, storedOf(atLeast ? bound : bound * (1 + SALARY_TOLERANCE)) + 1);
  if (hi - lo + 1 > TABLE_LIMIT) return null;
  const s = new Float64Array(hi - lo + 1);
  for (let k = 0; k < s.length; k++) {
    const x = column.decodeQuantum(lo + k);
    s[k] = atLeast ? atLeastScore(x, bound) : salaryScore(x, bound);
  }
  // atLeast's window starts at the column's first value and must end at 1; atMost's goes from 1 to 0.
  const ends = atLeast ? s[s.length - 1] === 1 : s[0] === 1 && s[s.length - 1] === 0;
  return ends ? new WindowKernel(data, sentinel, lo, s, w) : null;
}

/**
 * notAfter over days since 1970, by a table of w·s per day late: 0 (on time) up to the day s
 * reaches 0 (lateScore depends on the difference only, so the table holds its very numbers).
 */
class DateKernel implements Kernel {
  readonly kind = 'date';
  readonly args: readonly unknown[];
  readonly ints: readonly number[];
  readonly weighted: Float64Array;
  readonly fails: Uint8Array;
  constructor(days: Int32Array, start: number, w: number) {
    const last = Math.ceil(LATE_DAYS_TO_ZERO);
    const s = new Float64Array(last + 1);
    for (let late = 0; late <= last; late++) s[late] = lateScore(start + late, start);
    ({ weighted: this.weighted, fails: this.fails } = tables(s, w));
    this.args = [days];
    this.ints = [start, last];
  }
  // Days lie within ±2³¹ of each other (years 0–9999), so d - start needs no more than int32.
  sum(p: string): string {
    return `{ const d = ${p}_0[row]; const late = (d - ${p}_i0) | 0;
      if (d !== ${MISSING_DAY}) a += W[${p}_w + (late <= 0 ? 0 : late >= ${p}_i1 ? ${p}_i1 : late)]; }`;
  }
  fail(p: string): string {
    return `{ const d = ${p}_0[row]; f = d !== ${MISSING_DAY} && d <= ${p}_i0 ? 0 : 1; }`;
  }
}

/** Numbers whose stored range is at most this many values are scored by table. */
const TABLE_LIMIT = 1 << 16;
/** Multiselect words of 8 bits are scored by a table over every word value (wider ones count bits). */
const TABLE_BITS = 8;

/** Chooses the kernel of one criterion with weight `w`. */
export function kernelFor(index: ProfileIndex, spec: CriterionSpec, value: unknown, w: number): Kernel {
  const column = index.columns.get(spec.profileField.key);
  if (!column) throw new Error(`profile field ${spec.profileField.key} is not indexed`);
  const scores = (entries: ArrayLike<unknown>) =>
    Float64Array.from(entries as unknown[], (entry) => evaluate(spec, value, entry).s);
  if (column instanceof SelectColumn)
    return new TableKernel(column.codes, scores([undefined, ...column.options]), w);
  if (column instanceof LanguagesColumn || column instanceof LocationColumn) {
    return new TableKernel(column.codes, scores(column.entries), w);
  }
  if (column instanceof MultiColumn) return multiKernel(column, spec, value as string[], w);
  if (column instanceof NumberColumn) {
    if (column.quantised && column.sentinel < TABLE_LIMIT) {
      const entries = Array.from({ length: column.sentinel + 1 }, (_, stored) =>
        stored === column.sentinel ? undefined : column.decodeQuantum(stored),
      );
      return new TableKernel(column.data as CodeArray, scores(entries), w);
    }
    const atLeast = spec.rule === 'atLeast';
    return (
      windowKernel(column, atLeast, value as number, w) ??
      new NumberKernel(column, atLeast, value as number, w)
    );
  }
  if (column instanceof DateColumn) return new DateKernel(column.days, dateToDays(value as string)!, w);
  throw new Error(`no kernel for ${spec.key}`);
}

function multiKernel(column: MultiColumn, spec: CriterionSpec, wanted: string[], w: number): Kernel {
  const masks = column.words.map(() => 0);
  for (const option of wanted) {
    const at = column.bitOf(option);
    if (at) masks[at.word] = (masks[at.word]! | (1 << at.bit)) >>> 0;
  }
  const used = masks.flatMap((mask, i) => (mask === 0 ? [] : [{ mask, word: column.words[i]! }]));
  // s by the count of the job's bits a row has: c / |job values| exactly as evaluate() divides, or
  // for anyOf 1 from one bit on.
  const shares = Float64Array.from({ length: wanted.length + 1 }, (_, c) =>
    spec.rule === 'anyOf' ? (c > 0 ? 1 : 0) : c / wanted.length,
  );
  if (used.length === 0) return new UniformKernel(0, w);
  if (used.length === 1 && column.bitsPerWord <= TABLE_BITS) {
    const { mask, word } = used[0]!;
    const byWord = new Float64Array(1 << column.bitsPerWord);
    for (let x = 0; x < byWord.length; x++) byWord[x] = shares[popcount(x & mask)]!;
    return new TableKernel(word, byWord, w);
  }
  return new BitsKernel(
    used.map((u) => u.word),
    used.map((u) => u.mask),
    shares,
    w,
  );
}
