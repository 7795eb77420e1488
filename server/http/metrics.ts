import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { runCountsByState } from '../jobs/run-counts';
import { outboxBacklog } from '../messaging/outbox-backlog';
import type { AppEnv } from './env';

/**
 * `GET /metrics` in the Prometheus text format (prom-client; issue 41): requests and their latency
 * by route pattern (`/api/job/:uuid`, never a raw path: a label per job would grow without end), the
 * matching runs by state, the outbox's backlog, the PostgreSQL pool, and the process's own figures.
 * The runs, the backlog and the pool are read when scraped, not kept. Reachable from loopback with no
 * proxy in between, or with `METRICS_TOKEN` as a bearer token; anyone else gets 403.
 */

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsDeps {
  db: Database;
  /** The PostgreSQL pool's connections now; absent on PGlite. */
  pool?: (() => PoolStats) | undefined;
  /** METRICS_TOKEN: a scraper elsewhere sends it as `Authorization: Bearer …`. */
  token: string | undefined;
}

/** Seconds, for request latencies: from a cached answer to a matching run's slowest page. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /** First middleware of the app: counts and times every request by the route that answered it. */
  middleware: MiddlewareHandler<AppEnv>;
  /** The handler of GET /metrics. */
  handler: (c: Context<AppEnv>) => Promise<Response>;
}

export function createMetrics(deps: MetricsDeps): Metrics {
  // One registry per app (tests start many in one process), never prom-client's global one.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'matchwerk_' });
  const requests = new Counter({
    name: 'matchwerk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'matchwerk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until its headers), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'matchwerk_runs',
    help: 'Matching runs by state: queued and running now, failed, done and cancelled kept',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await runCountsByState(deps.db);
      for (const state of ['queued', 'running', 'done', 'failed', 'cancelled'])
        this.set({ state }, counts.get(state) ?? 0);
    },
  });
  new Gauge({
    name: 'matchwerk_outbox_backlog',
    help: 'Mails and SMS queued and not sent yet, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const backlog = await outboxBacklog(deps.db);
      for (const kind of ['mail', 'sms']) this.set({ kind }, backlog.get(kind) ?? 0);
    },
  });
  const pool = deps.pool;
  if (pool)
    new Gauge({
      name: 'matchwerk_db_pool_connections',
      help: 'PostgreSQL pool: connections open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });

  const token = deps.token ? Buffer.from(deps.token) : null;
  const allowed = (c: Context<AppEnv>) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (token && given) {
      const bytes = Buffer.from(given);
      return bytes.length === token.length && timingSafeEqual(bytes, token);
    }
    // From this machine itself: not through a proxy on it, which would make everyone loopback.
    if (c.req.header('x-forwarded-for') || c.req.header('forwarded')) return false;
    return isLoopback(remoteAddress(c));
  };

  return {
    middleware: async (c, next) => {
      const stop = latency.startTimer();
      await next();
      const route = routeOf(c);
      const method = c.req.method;
      stop({ method, route });
      requests.inc({ method, route, status: String(c.res.status) });
    },
    handler: async (c) => {
      if (!allowed(c))
        return c.json(
          { status: 403, code: 'auth.forbidden', message: 'Metrics: loopback or METRICS_TOKEN only' },
          403,
        );
      c.header('Cache-Control', 'no-store');
      return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
    },
  };
}

/**
 * The pattern of the route that answered (`/api/job/:uuid`); `static` for the app's pages and files
 * (its catch-all `*`), `unmatched` for an /api path no route has (the API's 404 and 405 answers).
 */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  const endpoint =
    answered && answered.method !== 'ALL' ? answered : routes.find((route) => route.method !== 'ALL');
  if (endpoint && endpoint.path !== '*') return endpoint.path;
  return c.req.path.startsWith('/api/') ? 'unmatched' : 'static';
}

function remoteAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
