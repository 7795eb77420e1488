import * as v from 'valibot';
import { isoTime } from './dates';

/**
 * Column readers for raw rows (issue 43: rows are typed and checked, dates normalised in one place).
 * A raw statement's row is `v.object({ … })` of these, passed to `queryRows(db, query, Row)`; what
 * the drivers disagree on is settled here: PostgreSQL hands `timestamptz` over as a Date and PGlite
 * or a `to_json`'d row as text (both become ISO 8601, UTC); `count(*)` and `bigint` arrive as text
 * from PostgreSQL and as numbers from PGlite (both become numbers).
 */

const Timestamp = v.union([v.string(), v.date()]);

/** A timestamp column as the API writes it: ISO 8601, UTC. */
export const time = v.pipe(
  Timestamp,
  v.transform((value) => isoTime(value)),
);
/** A nullable timestamp column. */
export const timeOrNull = v.nullable(time);
/** An integer column, `count(*)` or `bigint` included. */
export const int = v.pipe(
  v.union([v.number(), v.string(), v.bigint()]),
  v.transform((value) => Number(value)),
  v.integer(),
);
/** A nullable integer column. */
export const intOrNull = v.nullable(int);
/** A `real`, `double precision` or `numeric` column (numeric arrives as text). */
export const num = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform((value) => Number(value)),
  v.finite(),
);
export const numOrNull = v.nullable(num);
export const text = v.string();
export const textOrNull = v.nullable(v.string());
export const bool = v.boolean();
export const boolOrNull = v.nullable(v.boolean());
/** A uuid column (lower case, as PostgreSQL writes it). */
export const uuid = v.string();
export const uuidOrNull = v.nullable(v.string());
/** A `date` column as `YYYY-MM-DD` (PostgreSQL's driver hands a Date at local midnight). */
export const day = v.pipe(
  v.union([v.string(), v.date()]),
  v.transform((value) =>
    typeof value === 'string'
      ? value.slice(0, 10)
      : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`,
  ),
);
export const dayOrNull = v.nullable(day);
/** A `jsonb` column or a `json_agg`: its shape is the caller's to parse further. */
export const json = v.unknown();
/** A `text[]` column. */
export const texts = v.array(v.string());
const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A `jsonb` object column (a profile's or a job's values): its keys the catalogue's, taken as stored. */
export const record = v.custom<Record<string, unknown>>(isJsonObject, 'not a JSON object');
export const recordOrNull = v.nullable(record);
/** A `jsonb` array of numbers (a run's histogram). */
export const numbers = v.array(v.number());
export const numbersOrNull = v.nullable(numbers);
/** The row of a `select id` or `returning id`. */
export const IdRow = v.object({ id: uuid });
/** The row of a `select count(*) as n`. */
export const CountRow = v.object({ n: int });
/** A line of EXPLAIN's answer (the benchmarks read plans). */
export const PlanRow = v.object({ 'QUERY PLAN': text });
