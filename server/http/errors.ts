import type { Context } from 'hono';
import type { ErrorBody } from '../../contract/errors';
import type { ApiError } from '../errors';

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
