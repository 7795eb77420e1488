import * as v from 'valibot';

/**
 * Every error the API answers has this body (PRODUCT.md §3). `code` is the stable key the client
 * translates; `message` is English, for logs; `fields` maps a field name to its error codes.
 */
export const ErrorBodySchema = v.object({
  status: v.number(),
  code: v.string(),
  message: v.string(),
  fields: v.optional(v.record(v.string(), v.array(v.string()))),
  requestId: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/**
 * The 409 body of a stale version (`<domain>.version_conflict`): the error, and the record as it is
 * now, so the client can offer a choice. server/http/conflict.ts answers it.
 */
export function versionConflictSchema<C extends `${string}.version_conflict`, S extends v.GenericSchema>(
  code: C,
  current: S,
) {
  return v.object({ status: v.literal(409), code: v.literal(code), message: v.string(), current });
}

/** Error codes that are not tied to one domain. Domain modules add their own `domain.reason` codes. */
export const ErrorCode = {
  notFound: 'route.not_found',
  methodNotAllowed: 'route.method_not_allowed',
  payloadTooLarge: 'request.too_large',
  malformedJson: 'request.malformed_json',
  /** A JSON body nested deeper than 32 levels (PRODUCT.md §8). */
  tooDeep: 'request.too_deep',
  validation: 'request.invalid',
  rateLimited: 'request.rate_limited',
  unauthorized: 'auth.required',
  forbidden: 'auth.forbidden',
  jwtExpired: 'jwt.expired',
  jwtInvalid: 'jwt.invalid',
  /** The token's session was ended (logout, password change or reset) or its account deleted or deactivated. */
  jwtRevoked: 'jwt.revoked',
  databaseUnavailable: 'server.database_unavailable',
  /** Too much at once (the login queue is full): try again after Retry-After. */
  busy: 'server.busy',
  internal: 'server.internal',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The client's code for a call that got no answer from the server (offline, DNS, CORS, timeout). */
export const NETWORK_UNREACHABLE = 'network.unreachable';

/** The stable code of any thrown error: an API error's `code`, else `network.unreachable`. */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : NETWORK_UNREACHABLE;
}

/**
 * Whether asking again cannot change the answer: a record that does not exist (any `….not_found`,
 * `pipeline.entry_not_found`) or that the user may not see. A load that failed so offers no retry (a
 * button that only repeats the answer, issue 22); the page's own links lead on.
 */
export function retryCannotHelp(code: string): boolean {
  return /[._]not_found$/.test(code) || code === ErrorCode.forbidden;
}

/** The per-field codes of an API error (`fields` of a 400 answer); empty for any other error. */
export function fieldCodesOf(error: unknown): Record<string, string[]> {
  const fields = (error as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {};
}

/** How long the server asked to wait (Retry-After of a 429), in ms; null when it did not say. */
export function retryAfterMsOf(error: unknown): number | null {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds * 1000 : null;
}
