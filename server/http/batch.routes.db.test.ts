import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_CALLS, type BatchAnswer } from '../../contract/batch';
import { type AgentFixture, createAgentFixture } from './agent-test-kit';

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
    // A path that is no GET answers as it would: 405 or 404 with the error body.
    const [write, unknown] = await answersOf(['/api/login', '/api/no-such-thing'], f.tokens.agent);
    expect(write?.status).toBe(405);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'route.not_found' } });
  });

  it('reads only: a path that writes is asked as a GET, which it does not answer', async () => {
    const [logout] = await answersOf(['/api/logout'], f.tokens.agent);
    expect(logout?.status).toBe(405);
    // The session is still alive.
    expect((await f.request('GET', '/api/session', f.tokens.agent)).status).toBe(200);
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

  it('answers a path that does not answer JSON with its status alone', async () => {
    const [docs] = await answersOf(['/api/docs'], f.tokens.agent);
    expect(docs).toEqual({ path: '/api/docs', status: 200 });
  });
});
