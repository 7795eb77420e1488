import * as v from 'valibot';
import { isBatchable } from './batch-paths';
import { FieldError, strictObject } from './field-errors';

/**
 * Several GET calls in one request (issue 22): the boot script asks for a signed-in page's first
 * data in two of these instead of 5–12 calls, each of which cost a phone's main thread 5–10 ms to
 * start. The server answers each path as if it had been asked on its own, with the batch's own
 * Authorization header, through every check an ordinary call passes.
 *
 * POST /api/batch  { paths: ["/api/session", "/api/agent/dashboard?…", …] }
 *   → 200 { answers: [{ path, status, body? }, …] } in the order asked (`body` when the answer was
 *     JSON). A path must be one of the early calls a batch exists for (./batch-paths.ts), each at
 *     most once (`field.option_unknown`, `field.duplicate`), 1–16 of them: else 400 `request.invalid`
 *     with `fields.paths`, and nothing is asked. An answer larger than BATCH_ANSWER_MAX_BYTES comes
 *     back as its status 413 alone (the client then asks for it on its own).
 */

/** At most this many calls in one batch: a page's first data is 15 at most. */
export const BATCH_MAX_CALLS = 16;
/** A path with its query, as long as a list's first page with its filters may be. */
export const BATCH_PATH_MAX_LENGTH = 512;
/** The largest answer a batch carries (a results page with its 20 rows is ~60 kB, a field catalogue ~200 kB). */
export const BATCH_ANSWER_MAX_BYTES = 1024 * 1024;

/** The path as the server resolves it; null when it leaves /api or is the batch itself. */
export function batchedPath(path: string): string | null {
  if (!path.startsWith('/api/')) return null;
  let url: URL;
  try {
    url = new URL(path, 'http://batch.invalid');
  } catch {
    return null;
  }
  // `..` and the like are resolved first: the path that is answered must itself be an /api path.
  if (url.origin !== 'http://batch.invalid' || !url.pathname.startsWith('/api/')) return null;
  if (url.pathname === BATCH_PATH || url.pathname.startsWith(`${BATCH_PATH}/`)) return null;
  if (!isBatchable(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

export const BATCH_PATH = '/api/batch';

const BatchedPathSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.maxLength(BATCH_PATH_MAX_LENGTH, FieldError.tooLong),
  v.check((path) => batchedPath(path) !== null, FieldError.optionUnknown),
);

export const BatchRequestSchema = strictObject({
  paths: v.pipe(
    v.array(BatchedPathSchema, FieldError.invalidType),
    v.minLength(1, FieldError.required),
    v.maxLength(BATCH_MAX_CALLS, FieldError.tooMany),
    // Each call once: as resolved, so `/api/session` and `/api/x/../session` are the same call.
    v.check((paths) => new Set(paths.map(batchedPath)).size === paths.length, FieldError.duplicate),
  ),
});
export type BatchRequest = v.InferOutput<typeof BatchRequestSchema>;

export const BatchAnswerSchema = v.object({
  answers: v.array(
    v.object({
      path: v.string(),
      status: v.pipe(v.number(), v.integer()),
      /** The answer's body when it was JSON. */
      body: v.optional(v.unknown()),
    }),
  ),
});
export type BatchAnswer = v.InferOutput<typeof BatchAnswerSchema>;
