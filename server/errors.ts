import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode } from '../contract/errors';

/**
 * A failure a handler or domain module reports on purpose; becomes the JSON error body
 * (server/http/errors.ts writes it). Outside server/http so that the domain modules import no HTTP layer.
 */
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

export const notFound = () => new ApiError(404, ErrorCode.notFound, 'Not Found');
export const methodNotAllowed = (allow: string[]) =>
  new ApiError(405, ErrorCode.methodNotAllowed, 'Method Not Allowed', undefined, { Allow: allow.join(', ') });
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(413, ErrorCode.payloadTooLarge, `Request body larger than ${limitBytes} bytes`);
export const malformedJson = () =>
  new ApiError(400, ErrorCode.malformedJson, 'Malformed JSON in request body');
export const tooDeep = () => new ApiError(400, ErrorCode.tooDeep, 'Request body nested too deeply');
export const databaseUnavailable = () =>
  new ApiError(503, ErrorCode.databaseUnavailable, 'Database unavailable');
export const internalError = () => new ApiError(500, ErrorCode.internal, 'Internal Server Error');
