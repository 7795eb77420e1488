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

/**
 * The paths whose next segment is a secret token (PRODUCT.md §8): the API's validation and reset
 * checks and the SPA pages the mailed links open.
 */
const TOKEN_PATH = /^((?:\/api\/public)?\/user\/(?:validate(?:\/user)?|reset-password(?:\/check)?))\/[^/]+/;
/** A run of text that is personal: an e-mail address (also percent-encoded in a path) or a phone number. */
const EMAIL = /[^\s/<>"'(),;:]+(?:@|%40)[^\s/<>"'(),;:]+/gi;
/** International (+49…, 0049…) or national (0151…) with seven digits or more; dates and counts stay. */
const PHONE = /(?:\+|\b0)\d[\d ()/-]{4,}\d/g;
/** A secret's shape: 32 URL-safe characters or more (the e-mail tokens), or a JWT (the reset link). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}|eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_.-]*/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** E-mail addresses and phone numbers in free text (an error's message) replaced. */
function redactText(text: string): string {
  return text
    .replace(EMAIL, '[redacted]')
    .replace(PHONE, (run) => (run.replace(/\D/g, '').length >= 7 ? '[redacted]' : run));
}

/**
 * A request path as the log may hold it (PRODUCT.md §8): the token of a validation or reset link
 * replaced, and any other segment that looks like a token, an e-mail address or a phone number too
 * (ids, which are UUIDs, stay). The query string is never logged.
 */
export function loggedPath(path: string): string {
  return path
    .replace(TOKEN_PATH, '$1/[redacted]')
    .split('/')
    .map((segment) => {
      if (UUID.test(segment)) return segment;
      let text = segment;
      try {
        text = decodeURIComponent(segment);
      } catch {
        // A malformed escape is checked as it stands.
      }
      const secret = redactText(text) !== text || text.replace(TOKEN_LIKE, '') !== text;
      return secret ? '[redacted]' : segment;
    })
    .join('/');
}

/** PostgreSQL error fields that name schema objects, never values. */
const SAFE_DB_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType'];

/** Quoted spans in an error message: PostgreSQL, JSON.parse and others quote the offending input. */
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/**
 * An error as the log may hold it: type, message with every quoted span (where drivers and parsers
 * echo input), e-mail address and phone number (a mail server's refusal names the recipient)
 * replaced and Drizzle's parameters cut off, the SQL text (placeholders only), PostgreSQL's
 * code and object names, stack frames and cause. Never the query parameters, `detail` or `where`,
 * which hold the submitted values.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const record = error as Error & Record<string, unknown>;
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the SQL goes to `query` below.
  const message = error.message.startsWith('Failed query: ')
    ? 'Failed query'
    : redactText(error.message.replace(QUOTED, '"[redacted]"'));
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
