import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../contract/errors';
import { createTestDb } from './db/test-db';
import { setUpFixture } from './db/test-fixture';
import { createTestApp } from './http/test-app';
import { jsonBody } from './http/validate';

const EchoSchema = v.object({
  email: v.pipe(v.string('email.required'), v.email('email.invalid')),
  count: v.optional(v.pipe(v.number(), v.minValue(1, 'count.too_small'))),
});

describe('HTTP surface', () => {
  const t = setUpFixture(createTestDb);
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  beforeAll(async () => {
    ({ app } = await createTestApp(t, {
      extraRoutes: (a) => {
        a.post('/api/test/echo', jsonBody(EchoSchema), (c) => c.json(c.req.valid('json')));
        a.get('/api/test/crash', () => {
          throw new Error('secret internal detail');
        });
      },
    }));
  });

  const body = async (res: Response) => (await res.json()) as ErrorBody;

  it('answers health 200 while the database is reachable', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown /api path 404 with the JSON error body and a request id', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    const b = await body(res);
    expect(b).toMatchObject({ status: 404, code: 'route.not_found', message: 'Not Found' });
    expect(b.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers a known path with the wrong method 405 and lists the allowed ones', async () => {
    const res = await app.request('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(await body(res)).toMatchObject({ status: 405, code: 'route.method_not_allowed' });
  });

  it('answers 405 for a path that is a route of its own under another method, not a parameter of this one (issue 41)', async () => {
    const job = crypto.randomUUID();
    for (const [method, path, allow] of [
      ['GET', '/api/job/preview', 'POST'],
      ['HEAD', '/api/job/preview', 'POST'],
      ['DELETE', '/api/job/preview', 'POST'],
      ['PUT', `/api/job/${job}/pipeline/move`, 'POST'],
      ['POST', '/api/job/data', 'GET, HEAD'],
    ] as const) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
    // A parameter's values and the literal routes still reach their own route (its token check here).
    for (const [method, path] of [
      ['GET', `/api/job/${job}`],
      ['GET', '/api/job/data'],
      ['PUT', `/api/job/${job}/pipeline/${job}`],
    ] as const)
      expect((await app.request(path, { method })).status, `${method} ${path}`).toBe(401);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.de', pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await body(res)).toMatchObject({ status: 413, code: 'request.too_large' });
  });

  it('refuses a streamed body over 1 MB with 413 even without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      // @ts-expect-error Node's fetch needs duplex for a streamed request body
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });

  it('answers malformed JSON 400 with its own code', async () => {
    const res = await app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ status: 400, code: 'request.malformed_json' });
  });

  it('answers invalid fields 400 with a code per field', async () => {
    const res = await app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-address', count: 0 }),
    });
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({
      code: 'request.invalid',
      fields: { email: ['email.invalid'], count: ['count.too_small'] },
    });
  });

  it('answers an unexpected failure 500 with a request id and nothing of the internals', async () => {
    const res = await app.request('/api/test/crash');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('.ts:');
    expect(JSON.parse(text)).toMatchObject({ status: 500, code: 'server.internal' });
    expect(JSON.parse(text).requestId).toMatch(/.+/);
  });

  it('answers health 503 once the database is gone', async () => {
    await t.close();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await body(res)).toMatchObject({ status: 503, code: 'server.database_unavailable' });
  });
});
