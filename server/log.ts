import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; one line per event. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'matchwerk' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors are logged by shape, never with the values of the request that caused them.
      serializers: { err: safeError },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'refresh_token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** PostgreSQL error fields that name schema objects, never values. */
const SAFE_DB_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType'];

/** Quoted spans in an error message: PostgreSQL, JSON.parse and others quote the offending input. */
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/**
 * An error as the log may hold it: type, message with every quoted span (where drivers and parsers
 * echo input) replaced and Drizzle's parameters cut off, the SQL text (placeholders only), PostgreSQL's
 * code and object names, stack frames and cause. Never the query parameters, `detail` or `where`,
 * which hold the submitted values.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const record = error as Error & Record<string, unknown>;
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the SQL goes to `query` below.
  const message = error.message.startsWith('Failed query: ')
    ? 'Failed query'
    : error.message.replace(QUOTED, '"[redacted]"');
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message };
  for (const field of SAFE_DB_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (typeof record.query === 'string') out.query = record.query;
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) out.stack = frames.join('\n');
  if (error.cause !== undefined && depth < 5) out.cause = safeError(error.cause, depth + 1);
  return out;
}
