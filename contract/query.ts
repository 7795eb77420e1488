import * as v from 'valibot';

/** A whole number from a query string, within bounds; absent means `fallback`, anything else `query.invalid`. */
export const queryInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'query.invalid'),
      v.transform(Number),
      v.minValue(min, 'query.invalid'),
      v.maxValue(max, 'query.invalid'),
    ),
    String(fallback),
  );
