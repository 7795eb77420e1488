import * as v from 'valibot';
import { BATCH_ANSWER_MAX_BYTES, BATCH_MAX_CALLS, BatchAnswerSchema, BatchRequestSchema } from '../batch';
import { BATCHABLE_PATHS } from '../batch-paths';
import { ErrorCode } from '../errors';
import { route } from '../route-table';

/** Health, the API reference itself, the batch of a signed-in page's first calls. */
export const SYSTEM = {
  health: route({
    method: 'GET',
    path: '/api/health',
    answer: { status: 200, media: 'application/json' },
    who: 'public',
    tag: 'system',
    summary: 'Health: 200 while the database answers, 503 otherwise',
  }),
  openapi: route({
    method: 'GET',
    path: '/api/openapi.json',
    answer: { status: 200, media: 'application/json' },
    cache: 'no-cache',
    who: 'public',
    tag: 'system',
    summary: 'This API description (OpenAPI 3.1)',
  }),
  docs: route({
    method: 'GET',
    path: '/api/docs',
    answer: { status: 200, media: 'text/html' },
    cache: 'no-cache',
    who: 'public',
    tag: 'system',
    summary: 'The interactive API reference (Swagger UI)',
  }),
  docsFile: route({
    method: 'GET',
    path: '/api/docs/{file}',
    params: { file: v.pipe(v.string(), v.minLength(1)) },
    answer: { status: 200, media: 'application/octet-stream' },
    errors: { 404: [ErrorCode.notFound] },
    cache: 'public, max-age=86400',
    who: 'public',
    tag: 'system',
    summary: "A file of the API reference page (Swagger UI's script and style, our init script)",
  }),
  batch: route({
    method: 'POST',
    path: '/api/batch',
    body: BatchRequestSchema,
    answer: { status: 200, json: BatchAnswerSchema },
    who: 'public',
    tag: 'session',
    summary:
      "Several GET calls in one request, each answered as alone with the batch's credentials (a signed-in page's first data)",
    description: `No token of its own: each call is answered with the batch's Authorization header, 401 or 403 inside the batch as it would alone. A batch holds only the calls a signed-in page makes first, each at most once and at most ${BATCH_MAX_CALLS}: paths (with any query) matching ${BATCHABLE_PATHS.map((p) => `\`${p.source}\``).join(', ')}. Anything else is 400 \`request.invalid\` with \`fields.paths\`, and nothing is asked. An answer larger than ${BATCH_ANSWER_MAX_BYTES} bytes comes back as \`{ path, status: 413 }\`.`,
  }),
} as const;

/** Helpers of development and test servers (mounted outside production only). */
export const DEV = {
  outbox: route({
    method: 'GET',
    path: '/api/dev/outbox',
    answer: { status: 200, media: 'application/json' },
    errors: { 404: [ErrorCode.notFound] },
    who: 'public',
    tag: 'development',
    summary: 'Mails and SMS queued (not in production); only to a loopback peer, anyone else gets 404',
  }),
} as const;
