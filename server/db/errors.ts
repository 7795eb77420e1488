// SQLSTATE classes 08 (connection exception) and 57P (operator intervention), the timeouts
// (57014 statement, 55P03 lock, 25P03 idle in transaction), socket errors, and PGlite's timeout.
const UNAVAILABLE_CODES = new Set([
  'MATCHWERK_DB_TIMEOUT',
  '57014',
  '55P03',
  '25P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when an error (or one of its causes, as Drizzle wraps driver errors) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      e.message === 'PGlite is closed' ||
      // node-postgres' own messages; "not queryable" is the rollback of a transaction whose
      // connection died, which replaces the error that broke it.
      /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|is not queryable/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
