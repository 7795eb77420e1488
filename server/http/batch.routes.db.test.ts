import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_CALLS, type BatchAnswer } from '../../contract/batch';
import { type AgentFixture, createAgentFixture } from './agent-test-kit';
import { batchRoutes } from './batch.routes';

/**
 * POST /api/batch (contract/batch.ts, issue 22): a signed-in page's first data in one request. Each
 * answer must be the one the path gives alone — body, status, refusals — and a bad batch asks nothing.
 */

let f: AgentFixture;
beforeAll(async () => {
  f = await createAgentFixture();
});
afterAll(() => f.close());

const batch = (paths: unknown, token?: string) => f.request('POST', '/api/batch', token, { paths });

async function answersOf(paths: string[], token?: string): Promise<BatchAnswer['answers']> {
  const response = await batch(paths, token);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as BatchAnswer).answers;
}

describe('POST /api/batch', () => {
  it('answers each path with the status and body it gives alone, in the order asked', async () => {
    const paths = ['/api/session', '/api/agent', '/api/job/data', '/api/agent/attention?today=2026-11-27'];
    const answers = await answersOf(paths, f.tokens.agent);
    expect(answers.map((a) => a.path)).toEqual(paths);
    for (const [i, path] of paths.entries()) {
      const alone = await f.request('GET', path, f.tokens.agent);
      expect(answers[i]?.status).toBe(alone.status);
      expect(answers[i]?.body).toEqual(await alone.json());
    }
    expect(answers[0]?.body).toMatchObject({ user_type: 'agent' });
  });

  it('gives no one more than alone: refusals and missing tokens answer inside the batch', async () => {
    // A candidate may not read the agent's dashboard; without a token nothing but the public keys.
    const candidate = await answersOf(['/api/profile', '/api/agent/dashboard'], f.tokens.stella);
    expect(candidate.map((a) => a.status)).toEqual([200, 403]);
    const anonymous = await answersOf(['/api/public/jwk', '/api/session', '/api/agent']);
    expect(anonymous.map((a) => a.status)).toEqual([200, 401, 401]);
    expect(anonymous[0]?.body).toMatchObject({
      keys: expect.arrayContaining([expect.objectContaining({ kty: 'RSA' })]),
    });
    // A job that does not exist answers as it would alone: 404 with the error body.
    const [unknown] = await answersOf([`/api/job/${crypto.randomUUID()}`], f.tokens.agent);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'job.not_found' } });
  });

  it('holds only the early calls it exists for, each once: anything else is refused and nothing asked (issue 41)', async () => {
    const refused = [
      // 16 times the API description cost the server 0.3 s of its event loop and answered 4.5 MB.
      Array.from({ length: BATCH_MAX_CALLS }, () => '/api/openapi.json'),
      ['/api/openapi.json'],
      ['/api/docs'],
      ['/api/logout'],
      ['/api/login'],
      ['/api/no-such-thing'],
      ['/api/session', '/api/session'],
      ['/api/session', '/api/agent/../session'],
      ['/api/job/showresults/not-a-uuid'],
    ];
    for (const paths of refused) {
      const response = await batch(paths, f.tokens.agent);
      expect(response.status, JSON.stringify(paths).slice(0, 80)).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string[]> };
      expect(Object.keys(body.fields).some((field) => field.startsWith('paths'))).toBe(true);
    }
    // The logout was not asked: the session is still alive.
    expect((await f.request('GET', '/api/session', f.tokens.agent)).status).toBe(200);
    // Every call the boot script starts is one a batch holds (src/api/early-calls.test.ts checks the list).
    const job = crypto.randomUUID();
    const early = await answersOf(
      [
        '/api/public/jwk',
        '/api/session',
        '/api/profile/data',
        '/api/job/data',
        '/api/company/data',
        '/api/agent',
        '/api/agent/dashboard',
        '/api/pipeline/follow-ups?today=2026-11-27',
        '/api/profile/list?assigned=any&sort=updated&page=1&type=stella&limit=20',
        `/api/job/showresults/${job}?sort=score&page=1&limit=20`,
        `/api/job/${job}/near-misses`,
        `/api/job/${job}/pipeline`,
        `/api/agent/timeline/job/${job}?subject=job&uuid=${job}&page=1&limit=20`,
        `/api/job/${job}`,
        `/api/job/${job}/run`,
      ],
      f.tokens.agent,
    );
    expect(early.slice(0, 9).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200]);
    expect(early.slice(9).map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
  });

  it('refuses a batch with a path outside /api, the batch itself, too many paths or none, and asks nothing', async () => {
    const refused = [
      ['/index.html'],
      ['http://elsewhere.example/api/session'],
      ['//elsewhere.example/api/session'],
      ['/api/../index.html'],
      ['/api/batch'],
      ['/api/%2e%2e/index.html'],
      [`/api/session?${'x'.repeat(600)}`],
      Array.from({ length: BATCH_MAX_CALLS + 1 }, () => '/api/session'),
      [],
      '/api/session',
      [42],
    ];
    for (const paths of refused) {
      const response = await batch(paths, f.tokens.agent);
      expect(response.status, JSON.stringify(paths).slice(0, 80)).toBe(400);
      const body = (await response.json()) as { code: string; fields: Record<string, string[]> };
      expect(body.code).toBe('request.invalid');
      expect(Object.keys(body.fields).some((field) => field.startsWith('paths'))).toBe(true);
    }
    const unknownKey = await f.request('POST', '/api/batch', f.tokens.agent, {
      paths: ['/api/session'],
      more: 1,
    });
    expect(unknownKey.status).toBe(400);
    // Not JSON at all: 400, never 500.
    const garbage = await f.app.request('/api/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"paths": [',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('what a batch carries of an answer', () => {
  /** The batch's own route over a stand-in app whose answers the test chooses, carrying at most 100 bytes. */
  const over = (answers: Record<string, () => Response>) =>
    batchRoutes(
      (request) => answers[new URL(request.url).pathname]?.() ?? new Response(null, { status: 404 }),
      100,
    );
  const post = (routes: ReturnType<typeof over>, paths: string[]) =>
    routes.request('/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paths }),
    });

  it('carries a JSON answer as it came, a non-JSON one and one past the limit by their status alone', async () => {
    const json = (body: string) => () =>
      new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    const routes = over({
      '/api/session': json('{"a":[1,2],"b":"ä\\u00e4"}'),
      '/api/agent': () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
      // Past the limit, whether its length is declared or only found while reading.
      '/api/profile': json(`{"big":"${'x'.repeat(200)}"}`),
      '/api/company': () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 10; i++)
                controller.enqueue(new TextEncoder().encode(`"${'y'.repeat(20)}",`));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    });
    const response = await post(routes, ['/api/session', '/api/agent', '/api/profile', '/api/company']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      answers: [
        { path: '/api/session', status: 200, body: { a: [1, 2], b: 'ää' } },
        { path: '/api/agent', status: 200 },
        { path: '/api/profile', status: 413 },
        { path: '/api/company', status: 413 },
      ],
    });
  });
});
