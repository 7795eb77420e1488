import { Hono } from 'hono';
import type { DbHandle } from '../db/client';
import { databaseUnavailable } from '../errors';
import type { AppEnv } from './env';

const PING_TIMEOUT_MS = 2000;

/** `GET /api/health`: 200 while the database answers, 503 otherwise (for load balancers and probes). */
export function healthRoutes(deps: { db: DbHandle }) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    try {
      await withTimeout(deps.db.ping(), PING_TIMEOUT_MS);
    } catch {
      throw databaseUnavailable();
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: deps.db.driver });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
