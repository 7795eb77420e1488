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
 * One criterion of one job over the index's columns: the fastest form that gives evaluate()'s very
 * numbers. A kernel works on a block of selected rows (`sel[0..n)`) and never allocates; the weight
 * is fixed when it is built, so a table holds w·s — the same double the plain sum multiplies out.
 */
export interface Kernel {
  /** Adds w·s of row sel[j] to acc[j], for j < n. */
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void;
  /** Adds one to fails[j] for every j < n whose s < 1 (a missed must-have); answers how many. */
  markFails(sel: Int32Array, n: number, fails: Uint8Array): number;
}

/**
 * The same s for every row: a must-have that every scored row passes (s = 1 adds exactly w), or a
 * criterion none of whose values the index knows.
 */
export class UniformKernel implements Kernel {
  private readonly ws: number;
  constructor(
    private readonly s: number,
    w: number,
  ) {
    this.ws = w * s;
  }
  accumulate(_sel: Int32Array, n: number, acc: Float64Array): void {
    const ws = this.ws;
    for (let j = 0; j < n; j++) acc[j]! += ws;
  }
  markFails(_sel: Int32Array, n: number, fails: Uint8Array): number {
    if (this.s === 1) return 0;
    for (let j = 0; j < n; j++) fails[j]!++;
    return n;
  }
}

/**
 * s looked up by a row's code: selects, dictionaries, small-range numbers, narrow multiselects.
 * One class per code array type, so that each loop reads one kind of typed array (a loop that saw
 * two kinds checks which one on every row).
 */
function tableKernel<C extends CodeArray>() {
  return class TableKernel implements Kernel {
    private readonly weighted: Float64Array;
    private readonly fail: Uint8Array;
    constructor(
      private readonly codes: C,
      s: Float64Array,
      w: number,
    ) {
      this.weighted = new Float64Array(s.length);
      this.fail = new Uint8Array(s.length);
      for (let c = 0; c < s.length; c++) {
        this.weighted[c] = w * s[c]!;
        this.fail[c] = s[c] === 1 ? 0 : 1;
      }
    }
    accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
      const { codes, weighted } = this;
      for (let j = 0; j < n; j++) acc[j]! += weighted[codes[sel[j]!]!]!;
    }
    markFails(sel: Int32Array, n: number, fails: Uint8Array): number {
      const { codes, fail } = this;
      let failed = 0;
      for (let j = 0; j < n; j++) {
        const f = fail[codes[sel[j]!]!]!;
        fails[j]! += f;
        failed += f;
      }
      return failed;
    }
  };
}
const Table8Kernel = tableKernel<Uint8Array>();
const Table16Kernel = tableKernel<Uint16Array>();
const Table32Kernel = tableKernel<Uint32Array>();

function tableOver(codes: CodeArray, s: Float64Array, w: number): Kernel {
  if (codes instanceof Uint8Array) return new Table8Kernel(codes, s, w);
  if (codes instanceof Uint16Array) return new Table16Kernel(codes, s, w);
  return new Table32Kernel(codes, s, w);
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/**
 * A multiselect over 32-bit words (too wide for a table): overlap counts the job's bits a row has
 * (s = shares[count]), anyOf asks for one (shares = [0, 1, 1, …]).
 */
class BitsKernel implements Kernel {
  private readonly weighted: Float64Array;
  private readonly fail: Uint8Array;
  constructor(
    private readonly words: CodeArray[],
    private readonly masks: Int32Array,
    shares: Float64Array,
    w: number,
  ) {
    this.weighted = new Float64Array(shares.length);
    this.fail = new Uint8Array(shares.length);
    for (let c = 0; c < shares.length; c++) {
      this.weighted[c] = w * shares[c]!;
      this.fail[c] = shares[c] === 1 ? 0 : 1;
    }
  }
  private count(row: number): number {
    const { words, masks } = this;
    let c = 0;
    for (let m = 0; m < words.length; m++) c += popcount(words[m]![row]! & masks[m]!);
    return c;
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
    const weighted = this.weighted;
    if (this.words.length === 1) {
      const word = this.words[0]!;
      const mask = this.masks[0]!;
      for (let j = 0; j < n; j++) acc[j]! += weighted[popcount(word[sel[j]!]! & mask)]!;
      return;
    }
    for (let j = 0; j < n; j++) acc[j]! += weighted[this.count(sel[j]!)]!;
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array): number {
    const fail = this.fail;
    let failed = 0;
    if (this.words.length === 1) {
      const word = this.words[0]!;
      const mask = this.masks[0]!;
      for (let j = 0; j < n; j++) {
        const f = fail[popcount(word[sel[j]!]! & mask)]!;
        fails[j]! += f;
        failed += f;
      }
      return failed;
    }
    for (let j = 0; j < n; j++) {
      const f = fail[this.count(sel[j]!)]!;
      fails[j]! += f;
      failed += f;
    }
    return failed;
  }
}

/** atLeast / atMost over a number column too wide for a table. */
class NumberKernel implements Kernel {
  constructor(
    private readonly column: NumberColumn,
    private readonly atLeast: boolean,
    private readonly bound: number,
    private readonly w: number,
  ) {}
  private score(row: number): number {
    const x = this.column.get(row);
    if (x === undefined) return 0;
    return this.atLeast ? atLeastScore(x, this.bound) : salaryScore(x, this.bound);
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
    const { column, bound, w } = this;
    const { data, sentinel, quantised, step, inverse, qmin } = column;
    if (!quantised || !(data instanceof Uint32Array)) {
      for (let j = 0; j < n; j++) acc[j]! += w * this.score(sel[j]!);
      return;
    }
    // decodeQuantum() and the rule inlined: a million rows call no function.
    if (this.atLeast) {
      for (let j = 0; j < n; j++) {
        const stored = data[sel[j]!]!;
        if (stored === sentinel) continue;
        const q = stored + qmin;
        const x = step >= 1 ? q * step : q / inverse;
        acc[j]! += w * (x >= bound ? 1 : x / bound);
      }
      return;
    }
    const tolerance = 0.3 * bound;
    for (let j = 0; j < n; j++) {
      const stored = data[sel[j]!]!;
      if (stored === sentinel) continue;
      const q = stored + qmin;
      const x = step >= 1 ? q * step : q / inverse;
      acc[j]! += w * (x <= bound ? 1 : Math.max(0, 1 - (x - bound) / tolerance));
    }
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array): number {
    let failed = 0;
    for (let j = 0; j < n; j++) {
      const f = this.score(sel[j]!) === 1 ? 0 : 1;
      fails[j]! += f;
      failed += f;
    }
    return failed;
  }
}

/**
 * atLeast / atMost over a wide quantised number column, by a table of w·s over the window of stored
 * values where s changes; below and above it s is that of the window's first and last entry (both
 * rules are monotone, and windowKernel() checks the ends are 0 or 1).
 */
class WindowKernel implements Kernel {
  private readonly fail: Uint8Array;
  constructor(
    private readonly data: Uint32Array,
    private readonly sentinel: number,
    private readonly lo: number,
    s: Float64Array,
    private readonly weighted: Float64Array,
  ) {
    this.fail = Uint8Array.from(s, (x) => (x === 1 ? 0 : 1));
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
    const { data, sentinel, lo, weighted } = this;
    const last = weighted.length - 1;
    for (let j = 0; j < n; j++) {
      const stored = data[sel[j]!]!;
      if (stored === sentinel) continue;
      const k = stored - lo;
      acc[j]! += weighted[k <= 0 ? 0 : k >= last ? last : k]!;
    }
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array): number {
    const { data, sentinel, lo, fail } = this;
    const last = fail.length - 1;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      const stored = data[sel[j]!]!;
      const k = stored - lo;
      const f = stored === sentinel ? 1 : fail[k <= 0 ? 0 : k >= last ? last : k]!;
      fails[j]! += f;
      failed += f;
    }
    return failed;
  }
}

/** The WindowKernel of a criterion, or null when the window would be too wide. */
function windowKernel(column: NumberColumn, atLeast: boolean, bound: number, w: number): Kernel | null {
  const { data, sentinel, step, inverse, qmin } = column;
  if (!column.quantised || !(data instanceof Uint32Array)) return null;
  const storedOf = (x: number) => {
    const q = step >= 1 ? Math.round(x / step) : Math.round(x * inverse);
    return Math.max(0, Math.min(sentinel - 1, q - qmin));
  };
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
  if (!ends) return null;
  return new WindowKernel(
    data,
    sentinel,
    lo,
    s,
    s.map((x) => w * x),
  );
}

/**
 * notAfter over days since 1970, by a table of w·s per day late: 0 (on time) up to the day s
 * reaches 0 (lateScore depends on the difference only, so the table holds its very numbers).
 */
class DateKernel implements Kernel {
  private readonly weighted: Float64Array;
  constructor(
    private readonly days: Int32Array,
    private readonly start: number,
    w: number,
  ) {
    const last = Math.ceil(LATE_DAYS_TO_ZERO);
    this.weighted = new Float64Array(last + 1);
    for (let late = 0; late <= last; late++) this.weighted[late] = w * lateScore(start + late, start);
  }
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
    const { days, start, weighted } = this;
    const last = weighted.length - 1;
    for (let j = 0; j < n; j++) {
      const d = days[sel[j]!]!;
      if (d === MISSING_DAY) continue;
      const late = d - start;
      acc[j]! += weighted[late <= 0 ? 0 : late >= last ? last : late]!;
    }
  }
  markFails(sel: Int32Array, n: number, fails: Uint8Array): number {
    const { days, start } = this;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      const d = days[sel[j]!]!;
      const f = d !== MISSING_DAY && d <= start ? 0 : 1;
      fails[j]! += f;
      failed += f;
    }
    return failed;
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
    return tableOver(column.codes, scores([undefined, ...column.options]), w);
  if (column instanceof LanguagesColumn || column instanceof LocationColumn) {
    return tableOver(column.codes, scores(column.entries), w);
  }
  if (column instanceof MultiColumn) return multiKernel(column, spec, value as string[], w);
  if (column instanceof NumberColumn) {
    if (column.quantised && column.sentinel < TABLE_LIMIT) {
      const entries = Array.from({ length: column.sentinel + 1 }, (_, stored) =>
        stored === column.sentinel ? undefined : column.decodeQuantum(stored),
      );
      return tableOver(column.data as CodeArray, scores(entries), w);
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
    return tableOver(word, byWord, w);
  }
  return new BitsKernel(
    used.map((u) => u.word),
    Int32Array.from(used, (u) => u.mask | 0),
    shares,
    w,
  );
}
