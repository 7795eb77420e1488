import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { createTestApp } from './test-app';

/**
 * GET /metrics (issue 41): Prometheus text with requests by route pattern (never a raw path), the
 * runs by state and the outbox backlog; from loopback without a proxy, or with METRICS_TOKEN.
 */

const TOKEN = 'metrics-token-of-at-least-32-characters';
/** What @hono/node-server hands the app for a connection from `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 1 } } });

describe('GET /metrics', () => {
  const t = setUpFixture(createTestDb);

  it('counts requests by route pattern and status, and reads the runs and the outbox when scraped', async () => {
    const { app } = await createTestApp(t, { env: { METRICS_TOKEN: TOKEN } });
    const jobs = [crypto.randomUUID(), crypto.randomUUID()];
    for (const job of jobs) expect((await app.request(`/api/job/${job}`)).status).toBe(401);
    await app.request('/api/no-such-thing');
    await app.request('/api/health');
    const res = await app.request('/metrics', {}, from('127.0.0.1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain(
      'matchwerk_http_requests_total{method="GET",route="/api/job/:uuid",status="401"} 2',
    );
    expect(text).toContain('matchwerk_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('matchwerk_http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(text).toMatch(
      /matchwerk_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"\}/,
    );
    for (const job of jobs) expect(text).not.toContain(job);
    for (const state of ['queued', 'running', 'failed'])
      expect(text).toContain(`matchwerk_runs{state="${state}"} 0`);
    expect(text).toContain('matchwerk_outbox_backlog{kind="mail"} 0');
    expect(text).toContain('matchwerk_process_cpu_seconds_total');
  });

  it('answers 403 to anyone but loopback without a proxy, or the token', async () => {
    const { app } = await createTestApp(t, { env: { METRICS_TOKEN: TOKEN } });
    const refused = [
      ['elsewhere', {}, from('203.0.113.7')],
      [
        'through a proxy on this machine',
        { headers: { 'x-forwarded-for': '203.0.113.7' } },
        from('127.0.0.1'),
      ],
      [
        'a wrong token',
        { headers: { authorization: `Bearer ${TOKEN.replace('m', 'x')}` } },
        from('203.0.113.7'),
      ],
      ['no connection known', {}, undefined],
    ] as const;
    for (const [what, init, env] of refused) {
      const res = await app.request('/metrics', init, env);
      expect(res.status, what).toBe(403);
      expect(await res.text(), what).not.toContain('matchwerk_');
    }
    for (const env of [from('::1'), from('::ffff:127.0.0.1')])
      expect((await app.request('/metrics', {}, env)).status).toBe(200);
    const withToken = await app.request(
      '/metrics',
      { headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' } },
      from('10.0.0.5'),
    );
    expect(withToken.status).toBe(200);
  });

  it('refuses to start with a token shorter than 32 characters', async () => {
    await expect(createTestApp(t, { env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(/METRICS_TOKEN/);
  });
});
