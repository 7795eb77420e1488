/**
 * A timestamp column as the API writes it (ISO 8601, UTC). PostgreSQL's driver hands `timestamptz`
 * over as a `Date`, PGlite's and a `to_json`'d row as a string: every row mapper reads its times
 * through this one function (issue 43: there were eight private copies).
 */
export function isoTime(value: string | Date): string;
export function isoTime(value: string | Date | null): string | null;
export function isoTime(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
