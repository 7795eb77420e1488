import { Hono } from 'hono';
import { type BatchAnswer, BatchRequestSchema, batchedPath } from '../../contract/batch';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

/** The request headers a batched call carries over from the batch: who asks, in which language, from where. */
const CARRIED_HEADERS = ['authorization', 'accept-language', 'x-forwarded-for', 'forwarded'] as const;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * `POST /api/batch` (contract/batch.ts): each path is asked of the whole app (`dispatch`: its own
 * fetch) as a GET with the batch's credentials, so it passes every middleware and check an ordinary
 * call passes and is logged as one; the answers come back together. No token, no extra rights: a
 * path the caller may not read answers 401 or 403 inside the batch as it would alone.
 */
export function batchRoutes(dispatch: (request: Request, env: unknown) => Response | Promise<Response>) {
  return new Hono<AppEnv>().post('/batch', jsonBody(BatchRequestSchema), async (c) => {
    const headers = new Headers({ accept: 'application/json' });
    for (const name of CARRIED_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const answers: BatchAnswer['answers'] = await Promise.all(
      c.req.valid('json').paths.map(async (path) => {
        // The schema accepted only paths batchedPath resolves.
        const resolved = batchedPath(path) ?? path;
        const answer = await dispatch(new Request(new URL(resolved, c.req.url), { headers }), c.env);
        if (answer.status !== 204 && JSON_TYPE.test(answer.headers.get('content-type') ?? '')) {
          return { path, status: answer.status, body: await answer.json() };
        }
        // Not JSON (a page, a stream): its status alone; a stream is not waited for.
        await answer.body?.cancel().catch(() => {});
        return { path, status: answer.status };
      }),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ answers });
  });
}
