import { dateToDays } from '../../contract/catalog-schema';
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
      this.weighted = s.map((x) => w * x);
      this.fail = Uint8Array.from(s, (x) => (x === 1 ? 0 : 1));
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
  constructor(
    private readonly words: CodeArray[],
    private readonly masks: Int32Array,
    private readonly shares: Float64Array,
    w: number,
  ) {
    this.weighted = shares.map((x) => w * x);
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
    const shares = this.shares;
    let failed = 0;
    for (let j = 0; j < n; j++) {
      const f = shares[this.count(sel[j]!)] === 1 ? 0 : 1;
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

/** notAfter over days since 1970. */
class DateKernel implements Kernel {
  constructor(
    private readonly days: Int32Array,
    private readonly start: number,
    private readonly w: number,
  ) {}
  accumulate(sel: Int32Array, n: number, acc: Float64Array): void {
    const { days, start, w } = this;
    for (let j = 0; j < n; j++) {
      const d = days[sel[j]!]!;
      if (d !== MISSING_DAY) acc[j]! += w * lateScore(d, start);
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
/** Multiselect words of up to this many bits are scored by a table over every word value. */
const TABLE_BITS = 16;

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
    return new NumberKernel(column, spec.rule === 'atLeast', value as number, w);
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
    const byWord = Float64Array.from(
      { length: 1 << column.bitsPerWord },
      (_, x) => shares[popcount(x & mask)]!,
    );
    return tableOver(word, byWord, w);
  }
  return new BitsKernel(
    used.map((u) => u.word),
    Int32Array.from(used, (u) => u.mask | 0),
    shares,
    w,
  );
}
