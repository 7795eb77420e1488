import type { Hono } from 'hono';
import { createApp } from '../app';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import type { DbHandle } from '../db/client';
import { createLogger, type Logger } from '../log';
import type { AppEnv } from './env';

export interface TestAppOptions {
  extraRoutes?: (app: Hono<AppEnv>) => void;
  /** A controllable clock (ms since the epoch) for expiry tests; no sleeping. */
  now?: () => number;
  env?: Record<string, string>;
  /** How often the app's revocation cache polls the database (default 2 s). */
  revocationRefreshMs?: number;
  /** Where the app logs; by default nowhere (LOG_LEVEL silent). */
  logger?: Logger;
}

/** The real app over a test database, API only, logging off unless a logger is given. */
export async function createTestApp(db: DbHandle, options: TestAppOptions = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://matchwerk.test',
    ...options.env,
  });
  const auth = await createAuthServices(db.db, config, options.now, {
    ...(options.revocationRefreshMs ? { revocationRefreshMs: options.revocationRefreshMs } : {}),
  });
  const app = createApp({
    config,
    db,
    logger: options.logger ?? createLogger(config),
    auth,
    staticDir: null,
    extraRoutes: options.extraRoutes,
  });
  return { app, auth, config };
}

/** A request function for `app` that sends a bearer token and a JSON body when they are given. */
export function bearerRequests(app: Pick<Hono<AppEnv>, 'request'>) {
  return (method: string, path: string, token?: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}
