import * as v from 'valibot';

/** The digits `from`..`to` (one character each) as a regex character class. */
const digits = (from: number, to: number) => (from === to ? String(from) : `[${from}-${to}]`);

/** Patterns for the numbers `lo`..`hi`, both written with the same count of digits. */
function sameLength(lo: string, hi: string): string[] {
  if (lo === hi) return [lo];
  const first = Number(lo[0]);
  const last = Number(hi[0]);
  const rest = lo.length - 1;
  if (rest === 0) return [digits(first, last)];
  if (first === last) return sameLength(lo.slice(1), hi.slice(1)).map((p) => `${first}${p}`);
  const parts: string[] = [];
  let from = first;
  if (lo.slice(1) !== '0'.repeat(rest)) {
    parts.push(...sameLength(lo.slice(1), '9'.repeat(rest)).map((p) => `${first}${p}`));
    from = first + 1;
  }
  let to = last;
  const tail: string[] = [];
  if (hi.slice(1) !== '9'.repeat(rest)) {
    tail.push(...sameLength('0'.repeat(rest), hi.slice(1)).map((p) => `${last}${p}`));
    to = last - 1;
  }
  if (from <= to) parts.push(`${digits(from, to)}[0-9]${rest > 1 ? `{${rest}}` : ''}`);
  return [...parts, ...tail];
}

/**
 * The whole numbers `min`..`max` (min ≥ 0) as a JSON Schema pattern, written without leading zeros:
 * the API reference's exact range of a query number (a query parameter is text, so `minimum` and
 * `maximum` cannot say it). `integerRangePattern(1, 100)` is `^(?:[1-9]|[1-9][0-9]|100)$`.
 */
export function integerRangePattern(min: number, max: number): string {
  const parts: string[] = [];
  for (let length = String(min).length; length <= String(max).length; length++) {
    const lo = length === String(min).length ? String(min) : `1${'0'.repeat(length - 1)}`;
    const hi = length === String(max).length ? String(max) : '9'.repeat(length);
    parts.push(...sameLength(lo, hi));
  }
  return `^(?:${parts.join('|')})$`;
}

/** A whole number from a query string, within bounds; absent means `fallback`, anything else `query.invalid`. */
export const queryInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,9}$/, 'query.invalid'),
      // The reference's pattern: exactly the numbers the bounds below let through.
      v.metadata({ pattern: integerRangePattern(min, max) }),
      v.transform(Number),
      v.minValue(min, 'query.invalid'),
      v.maxValue(max, 'query.invalid'),
    ),
    String(fallback),
  );
