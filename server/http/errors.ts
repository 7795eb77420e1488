import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ErrorBody, ErrorCode } from '../../contract/errors';

/** A failure a handler or domain module reports on purpose; becomes the JSON error body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Writes the error body of PRODUCT.md §3 with the request id, so a user's report can be traced. */
export function errorResponse(c: Context, error: ApiError): Response {
  const body: ErrorBody = { status: error.status, code: error.code, message: error.message };
  if (error.fields) body.fields = error.fields;
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) body.requestId = requestId;
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  return c.json(body, error.status);
}

export const notFound = () => new ApiError(404, ErrorCode.notFound, 'Not Found');
export const methodNotAllowed = (allow: string[]) =>
  new ApiError(405, ErrorCode.methodNotAllowed, 'Method Not Allowed', undefined, { Allow: allow.join(', ') });
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(413, ErrorCode.payloadTooLarge, `Request body larger than ${limitBytes} bytes`);
export const malformedJson = () =>
  new ApiError(400, ErrorCode.malformedJson, 'Malformed JSON in request body');
export const databaseUnavailable = () =>
  new ApiError(503, ErrorCode.databaseUnavailable, 'Database unavailable');
export const internalError = () => new ApiError(500, ErrorCode.internal, 'Internal Server Error');
