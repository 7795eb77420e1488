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

/** Error codes that are not tied to one domain. Domain modules add their own `domain.reason` codes. */
export const ErrorCode = {
  notFound: 'route.not_found',
  methodNotAllowed: 'route.method_not_allowed',
  payloadTooLarge: 'request.too_large',
  malformedJson: 'request.malformed_json',
  validation: 'request.invalid',
  rateLimited: 'request.rate_limited',
  unauthorized: 'auth.required',
  forbidden: 'auth.forbidden',
  jwtExpired: 'jwt.expired',
  jwtInvalid: 'jwt.invalid',
  /** The token's session was ended (logout, password change or reset) or its account deleted or deactivated. */
  jwtRevoked: 'jwt.revoked',
  databaseUnavailable: 'server.database_unavailable',
  internal: 'server.internal',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
