import { Hono } from 'hono';
import { BATCH_ANSWER_MAX_BYTES, batchedPath } from '../../contract/batch';
import { SYSTEM } from '../../contract/endpoints/system';
import { type RouteEnv, routeAdapter } from './route-adapter';

/** The request headers a batched call carries over from the batch: who asks, in which language, from where. */
const CARRIED_HEADERS = ['authorization', 'accept-language', 'x-forwarded-for', 'forwarded'] as const;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * `POST /api/batch` (contract/batch.ts, contract/endpoints/system.ts): each path is asked of the whole app (`dispatch`: its own
 * fetch) as a GET with the batch's credentials, so it passes every middleware and check an ordinary
 * call passes and is logged as one; the answers come back together. No token, no extra rights: a
 * path the caller may not read answers 401 or 403 inside the batch as it would alone.
 *
 * It costs no more than its parts (issue 41, finding 2): each answer's JSON text goes into the
 * batch's as it came, not parsed and written out again, and one larger than BATCH_ANSWER_MAX_BYTES
 * is not carried (its status 413 alone; the client asks for it on its own).
 */
export function batchRoutes(
  dispatch: (request: Request, env: unknown) => Response | Promise<Response>,
  maxAnswerBytes = BATCH_ANSWER_MAX_BYTES,
) {
  const app = new Hono<RouteEnv>();
  routeAdapter(app)(SYSTEM.batch, async (c, { body }) => {
    const headers = new Headers({ accept: 'application/json' });
    for (const name of CARRIED_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const answers = await Promise.all(
      body.paths.map(async (path) => {
        // The schema accepted only paths batchedPath resolves.
        const resolved = batchedPath(path) ?? path;
        const answer = await dispatch(new Request(new URL(resolved, c.req.url), { headers }), c.env);
        const head = `{"path":${JSON.stringify(path)},"status":`;
        if (answer.status !== 204 && JSON_TYPE.test(answer.headers.get('content-type') ?? '')) {
          const body = await boundedText(answer, maxAnswerBytes);
          if (body === null) return `${head}413}`;
          // Our own answer's JSON, whole: it goes in as it is.
          return `${head}${answer.status},"body":${body}}`;
        }
        // Not JSON (a page, a stream): its status alone; a stream is not waited for.
        await answer.body?.cancel().catch(() => {});
        return `${head}${answer.status}}`;
      }),
    );
    return c.body(`{"answers":[${answers.join(',')}]}`, 200, {
      'Content-Type': 'application/json; charset=utf-8',
    });
  });
  return app;
}

/** A body's text, or null (and the rest not read) once it passes `limit` bytes. */
async function boundedText(answer: Response, limit: number): Promise<string | null> {
  const declared = Number(answer.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await answer.body?.cancel().catch(() => {});
    return null;
  }
  if (!answer.body) return '';
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
