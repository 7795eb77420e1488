import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { startResetWorker } from './account/reset';
import { createApp } from './app';
import { createAuthServices } from './auth/setup';
import { type Config, ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seed';
import type { AppEnv } from './http/env';
import { RunWorker } from './jobs/run-worker';
import { indexSnapshotFor, JobServices } from './jobs/services';
import { createLogger, type Logger } from './log';
import { DataDirInUseError } from './maintenance/data-lock';
import { startRetention } from './maintenance/retention';
import { startSweeps } from './maintenance/sweeps';
import { startOutboxWorker } from './messaging/outbox';
import { transportsFor } from './messaging/transports';
import { FilePhotoStorage } from './profiles/photo-storage';
import { openMigratedDatabase } from './runtime';
import { countUsers } from './users/users';

export const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
/** Requests in flight get this long after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 8000;

export interface RunningServer {
  url: string;
  /** Where the socket listens, e.g. `127.0.0.1:8080`. */
  listening: string;
  shutdown(): Promise<void>;
}

export interface StartOptions {
  /** Test fixtures add routes here, before the not-found handlers. */
  extraRoutes?: (app: Hono<AppEnv>) => void;
}

/** Opens and migrates the database, seeds demo data into an empty one, and listens. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  const db = await openMigratedDatabase(config);
  if (config.nodeEnv !== 'production' && (await countUsers(db.db)) === 0) {
    const created = await seedDemo(db.db);
    logger.info({ created }, 'demo data seeded into the empty database');
  }
  const staticDir = existsSync(DIST_DIR) ? DIST_DIR : null;
  if (!staticDir) logger.warn('no built SPA in dist/: serving the API only (run npm run build)');
  const auth = await createAuthServices(db.db, config, Date.now, {
    onError: (error) => logger.warn({ err: error }, 'revocation refresh failed'),
  });
  const resetWorker = startResetWorker({ auth, publicOrigin: config.publicOrigin }, logger);
  const worker = startOutboxWorker(db.db, transportsFor(config, logger), () => new Date(), logger, {
    retentionDays: config.outboxRetentionDays,
  });
  const jobs = new JobServices(db.db, config.matchResultLimit, Date.now, indexSnapshotFor(config));
  // The index loads (from DATA_DIR's snapshot when there is one) while the server starts listening.
  void jobs.freshIndex().catch((error) => logger.warn({ err: error }, 'matching index warm-up failed'));
  const runWorker = new RunWorker(jobs, { logger, leaseMs: config.runLeaseSeconds * 1000 }).start();
  jobs.onRunQueued = () => runWorker.poke();
  // Orphan photo files, expired tokens and codes, old rate-limit rows: now and hourly.
  const sweeper = startSweeps(db.db, new FilePhotoStorage(join(config.dataDir, 'photos')), logger);
  // Retention (PRODUCT.md §8): notices 30 days ahead, then deletion; a minute after start and daily.
  const retention = startRetention(db.db, {
    months: config.retentionMonths,
    publicOrigin: config.publicOrigin,
    storage: new FilePhotoStorage(join(config.dataDir, 'photos')),
    log: logger,
  });
  const app = createApp({ config, db, logger, auth, staticDir, extraRoutes: options.extraRoutes, jobs });

  const server = await new Promise<Server>((resolveListening) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolveListening(s as Server),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= (async () => {
      logger.info('shutting down: no new connections, finishing requests in flight');
      const closed = new Promise<void>((done) => server.close(() => done()));
      // Keep-alive sockets become idle as their last response is sent: close them as they do.
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      const force = setTimeout(() => {
        logger.warn('requests still open after the grace period: closing their connections');
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      await closed;
      clearInterval(idleSweep);
      clearTimeout(force);
      await worker.stop();
      await resetWorker.stop();
      auth.tokens.revocations?.stop();
      await runWorker.stop();
      await sweeper.stop();
      await retention.stop();
      await db.close();
      logger.info('stopped');
    })();
    return closing;
  };
  return { url: `http://${urlHost(config.host)}:${port}`, listening: hostPort(config.host, port), shutdown };
}

/** A URL host for the listening address: the wildcard and 127.0.0.1 are reached as localhost. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '127.0.0.1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The start line's second part: where the socket listens and, by default outside production, that only this machine reaches it. */
export function listeningLine(config: Pick<Config, 'nodeEnv' | 'hostFromEnv'>, listening: string): string {
  if (config.nodeEnv !== 'production' && !config.hostFromEnv)
    return `Listening on ${listening}: loopback only, reachable from this machine alone (set HOST, e.g. HOST=0.0.0.0, to listen on other addresses)`;
  return `Listening on ${listening}`;
}

function banner(config: Config, running: RunningServer): string {
  const lines = [
    `Matchwerk is running at ${running.url}  (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
    listeningLine(config, running.listening),
  ];
  if (config.nodeEnv !== 'production') {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(28)} ${a.note}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The process entry: configuration errors end it with one line and exit code 1, before anything listens. */
export async function main(options: StartOptions = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  let running: RunningServer;
  try {
    running = await startServer(config, logger, options);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
  process.stdout.write(banner(config, running));
  const stop = (signal: string) => {
    logger.info({ signal }, 'signal received');
    running.shutdown().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
