import { Hono } from 'hono';
import { SYSTEM } from '../../contract/endpoints/system';
import type { DbHandle } from '../db/client';
import { databaseUnavailable } from '../errors';
import { type RouteEnv, routeAdapter } from './route-adapter';

const PING_TIMEOUT_MS = 2000;

/** `GET /api/health`: 200 while the database answers, 503 otherwise (for load balancers and probes). */
export function healthRoutes(deps: { db: DbHandle }) {
  const app = new Hono<RouteEnv>();
  routeAdapter(app)(SYSTEM.health, async (c) => {
    try {
      await withTimeout(deps.db.ping(), PING_TIMEOUT_MS);
    } catch {
      throw databaseUnavailable();
    }
    return c.json({ status: 'ok', database: deps.db.driver });
  });
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
