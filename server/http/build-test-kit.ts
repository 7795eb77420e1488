import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { type AppDeps, createApp } from '../app';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import { createTestDb, type TestDb } from '../db/test-db';
import { createLogger } from '../log';
import type { AppEnv } from './env';

/** The app serving a build from a temporary directory, as `npm start` serves dist/, on a test database. */
export interface AppOverBuild {
  app: Hono<AppEnv>;
  /** The build's directory: a test may change its files while the app runs. */
  dist: string;
  db: TestDb;
  close(): Promise<void>;
}

/**
 * Writes `files` (path in the build → content) into a new directory, runs `prepare` on it (the build's
 * own steps, e.g. precompression), then starts the app over it with the test environment and `env`.
 */
export async function appOverBuild(options: {
  files: Record<string, string>;
  env?: Record<string, string>;
  prepare?: (dist: string) => Promise<unknown>;
  extraRoutes?: AppDeps['extraRoutes'];
}): Promise<AppOverBuild> {
  const db = await createTestDb();
  const dist = await mkdtemp(join(tmpdir(), 'matchwerk-dist-'));
  for (const [path, content] of Object.entries(options.files)) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), content);
  }
  await options.prepare?.(dist);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dist, ...options.env });
  const app = createApp({
    config,
    db,
    logger: createLogger(config),
    auth: await createAuthServices(db.db, config),
    staticDir: dist,
    extraRoutes: options.extraRoutes,
  });
  return {
    app,
    dist,
    db,
    close: async () => {
      await db.close();
      await rm(dist, { recursive: true, force: true });
    },
  };
}
