import type { Kernel } from './kernels';

/**
 * A job's kernels fused into one loop over a block of rows, so that a row is loaded once and its sum
 * kept in a register: measured at 1 M profiles, a pass per criterion cost 1.6 times as much. The
 * loop's text is assembled from the kernels' fixed statements (see Kernel) and compiled once per
 * distinct text: jobs with the same kinds of criteria in the same order share one loop, which V8
 * then optimises like any other function. Only kernel kinds and argument positions reach
 * the text; every value of a job is an argument.
 */

/** acc[j] = Σ w·s of row sel[j], in criterion order (the order the plain sum adds in), j < n. */
export type SumLoop = (sel: Int32Array, n: number, acc: Float64Array) => void;

type Compiled = (...params: unknown[]) => unknown;

const loops = new Map<string, Compiled>();
/** Distinct loop texts kept; past it the cache starts afresh (a text is cheap to compile again). */
const LOOPS_KEPT = 256;

function compile(source: string): Compiled {
  let loop = loops.get(source);
  if (!loop) {
    if (loops.size >= LOOPS_KEPT) loops.clear();
    loop = new Function(source)() as Compiled;
    loops.set(source, loop);
  }
  return loop;
}

/** What a loop reads besides its own parameters: every kernel's arguments and the shared tables. */
interface Bound {
  args: (readonly unknown[])[];
  ints: (readonly number[])[];
  offsets: number[];
  W: Float64Array;
  F: Uint8Array;
}

/** The kernels' tables concatenated into one W and one F (see Kernel), with each kernel's offset. */
function bound(kernels: Kernel[]): Bound {
  let length = 0;
  const offsets = kernels.map((k) => {
    if (k.fails.length !== k.weighted.length) throw new Error(`${k.kind}: tables of different lengths`);
    const offset = length;
    length += k.weighted.length;
    return offset;
  });
  const W = new Float64Array(length);
  const F = new Uint8Array(length);
  kernels.forEach((k, i) => {
    W.set(k.weighted, offsets[i]);
    F.set(k.fails, offsets[i]);
  });
  return { args: kernels.map((k) => k.args), ints: kernels.map((k) => k.ints), offsets, W, F };
}

/** The statements binding what the kernels read: `p<i>_<a>`, `p<i>_i<n>` (int32), `p<i>_w`, W and F. */
function bindings(kernels: Kernel[]): string {
  const each = kernels.map((k, i) =>
    [
      ...k.args.map((_, a) => `const p${i}_${a} = b.args[${i}][${a}];`),
      ...k.ints.map((_, n) => `const p${i}_i${n} = b.ints[${i}][${n}] | 0;`),
      `const p${i}_w = b.offsets[${i}] | 0;`,
    ].join(' '),
  );
  return ['const W = b.W; const F = b.F;', ...each].join('\n  ');
}

export function sumLoop(kernels: Kernel[]): SumLoop {
  const loop = compile(`'use strict';
return function sums(sel, n, acc, b) {
  ${bindings(kernels)}
  for (let j = 0; j < n; j++) {
    const row = sel[j];
    let a = 0;
    ${kernels.map((k, i) => k.sum(`p${i}`)).join('\n    ')}
    acc[j] = a;
  }
};`);
  const b = bound(kernels);
  return (sel, n, acc) => loop(sel, n, acc, b);
}

/**
 * Keeps at the front of `sel`, in row order, the rows in [start, end) of the target types that
 * miss at most `maxFails` must-haves, with the count they miss in `fails`; answers how many.
 * counts[i] += the rows of the target types must-have i excludes (each on its own), and the last
 * entry counts the rows of the target types. Branch-free: every row is scored, the type decides
 * only what is counted and kept.
 */
export type SelectLoop = (
  types: Uint8Array,
  typeMask: number,
  start: number,
  end: number,
  sel: Int32Array,
  fails: Uint8Array,
  counts: number[],
  maxFails: number,
) => number;

export function selectLoop(musts: Kernel[]): SelectLoop {
  const loop = compile(`'use strict';
return function select(types, typeMask, start, end, sel, fails, counts, maxFails, b) {
  ${bindings(musts)}
  ${musts.map((_, i) => `let c${i} = 0;`).join(' ')}
  let considered = 0;
  let m = 0;
  for (let row = start; row < end; row++) {
    const ok = (typeMask >>> types[row]) & 1;
    considered += ok;
    let t = 0;
    let f = 0;
    ${musts.map((k, i) => `${k.fail(`p${i}`)} c${i} += f & ok; t += f;`).join('\n    ')}
    sel[m] = row;
    fails[m] = t;
    m += ok & (((maxFails - t) >>> 31) ^ 1); // t <= maxFails, without a branch to mispredict
  }
  ${musts.map((_, i) => `counts[${i}] += c${i};`).join(' ')}
  counts[${musts.length}] += considered;
  return m;
};`) as (...params: unknown[]) => number;
  const b = bound(musts);
  return (types, typeMask, start, end, sel, fails, counts, maxFails) =>
    loop(types, typeMask, start, end, sel, fails, counts, maxFails, b);
}

/**
 * A job without must-haves, when only included rows are wanted (a run): the selection, the sums and
 * the tally of ./scoring.ts in one loop over [start, end) — every row of the target types is
 * included, so nothing is stored per row. A row is summed in criterion order (the same double as
 * sumLoop), binned into `histogram` (`bounds[k]`: the least sum of bin k, bounds[bins] = +∞;
 * `perBin`: bins / Σw) and offered when its sum reaches `cut`; `offer` answers the new cut.
 * Answers how many rows were of the target types.
 */
export type ScanLoop = (
  types: Uint8Array,
  typeMask: number,
  start: number,
  end: number,
  histogram: Int32Array,
  bounds: Float64Array,
  perBin: number,
  cut: number,
  offer: (sum: number, row: number) => number,
) => number;

export function scanLoop(kernels: Kernel[], bins: number): ScanLoop {
  if (!Number.isInteger(bins) || bins < 1) throw new Error('bins must be a positive integer');
  const loop = compile(`'use strict';
return function scan(types, typeMask, start, end, histogram, bounds, perBin, cut, offer, b) {
  ${bindings(kernels)}
  let included = 0;
  for (let row = start; row < end; row++) {
    if (((typeMask >>> types[row]) & 1) === 0) continue;
    included++;
    let a = 0;
    ${kernels.map((k, i) => k.sum(`p${i}`)).join('\n    ')}
    // The bin of a sum, to within one: floor(bins · sum / Σw); one comparison corrects it.
    let bin = (a * perBin) | 0;
    if (bin > ${bins - 1}) bin = ${bins - 1};
    if (a >= bounds[bin + 1]) bin++;
    else if (a < bounds[bin]) bin--;
    histogram[bin]++;
    if (a >= cut) cut = offer(a, row);
  }
  return included;
};`) as (...params: unknown[]) => number;
  const b = bound(kernels);
  return (types, typeMask, start, end, histogram, bounds, perBin, cut, offer) =>
    loop(types, typeMask, start, end, histogram, bounds, perBin, cut, offer, b);
}
