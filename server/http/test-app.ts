import type { Hono } from 'hono';
import { type AppEnv, createApp } from '../app';
import { loadConfig } from '../config';
import type { DbHandle } from '../db/client';
import { createLogger } from '../log';

/** The real app over a test database, API only, logging off. */
export function createTestApp(db: DbHandle, extraRoutes?: (app: Hono<AppEnv>) => void) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return createApp({ config, db, logger: createLogger(config), staticDir: null, extraRoutes });
}
