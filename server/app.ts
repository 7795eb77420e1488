import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ErrorCode } from '../contract/errors';
import type { TokenClaims } from '../contract/session';
import { revokedCaller } from './auth/middleware';
import type { AuthServices } from './auth/sessions';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { users } from './db/schema/users';
import {
  ApiError,
  databaseUnavailable,
  internalError,
  malformedJson,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
} from './errors';
import { accountRoutes } from './http/account.routes';
import { agentRoutes } from './http/agent.routes';
import { attentionRoutes } from './http/attention.routes';
import { batchRoutes } from './http/batch.routes';
import { noStoreByDefault } from './http/cache';
import { catalogRoutes } from './http/catalog.routes';
import { clientRoutes } from './http/client.routes';
import { compressJson } from './http/compress';
import { devApiRoutes, devPageRoutes } from './http/dev.routes';
import type { AppEnv } from './http/env';
import { errorResponse } from './http/errors';
import { healthRoutes } from './http/health.routes';
import { jobRoutes } from './http/job.routes';
import { legalRoutes } from './http/legal.routes';
import { apiNotFound, shadowingMethods } from './http/method-routing';
import { createMetrics } from './http/metrics';
import { openApiRoutes } from './http/openapi.routes';
import { pipelineRoutes } from './http/pipeline.routes';
import { PHOTO_UPLOAD_PATH, profileRoutes } from './http/profile.routes';
import { securityHeaders } from './http/security-headers';
import { sessionRoutes } from './http/session.routes';
import { mountSpa } from './http/spa';
import { submissionRoutes } from './http/submissions.routes';
import { teamRoutes } from './http/team.routes';
import { timelineRoutes } from './http/timeline.routes';
import { canonicalInput } from './http/validate';
import { JobServices } from './jobs/services';
import { legalTextsFor } from './legal/texts';
import { type Logger, loggedPath } from './log';
import { FilePhotoStorage } from './profiles/photo-storage';
import { submitSent } from './submissions/submit';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: Config;
  db: DbHandle;
  logger: Logger;
  auth: AuthServices;
  /** Directory of the built SPA; null serves the API alone (tests, `npm run dev`). */
  staticDir: string | null;
  /** Test fixtures add routes here, before the not-found handlers. */
  extraRoutes?: ((app: Hono<AppEnv>) => void) | undefined;
  /** The process's job services (shared with its run worker); created here when not given. */
  jobs?: JobServices | undefined;
}

/** The whole HTTP surface: API under /api, the SPA everywhere else. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Counts and times every request by the route that answered it (GET /metrics, issue 41).
  const metrics = createMetrics({ db: deps.db.db, pool: deps.db.pool, token: deps.config.metricsToken });
  app.use(metrics.middleware);
  // First, so that it wraps everything: pages, assets, API, errors and not-founds (PRODUCT.md §8).
  app.use(securityHeaders({ publicOrigin: deps.config.publicOrigin }));
  app.use(requestId({ limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    const log = deps.logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    log.info(
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  // No /api answer is stored by a cache unless its route says it may be (server/http/cache.ts).
  app.use('/api/*', noStoreByDefault);
  // JSON answers of 1 kB and more go out brotli- or gzip-compressed; SSE and other streams never.
  app.use('/api/*', compressJson);
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => errorResponse(c, payloadTooLarge(JSON_BODY_LIMIT)),
  });
  // The photo upload enforces its own 5 MB limit while it streams the body. GET and HEAD carry no
  // body: checking one would build the full Request object (@hono/node-server's fast path keeps it
  // lightweight), a third of an authenticated GET's CPU time.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    (c.req.method === 'POST' && c.req.path === PHOTO_UPLOAD_PATH)
      ? next()
      : jsonBodyLimit(c, next),
  );
  // NUL and lone surrogates in any body, query or path are refused here, once, for every route.
  app.use('/api/*', canonicalInput);
  // A path that names a route of its own is no parameter of another: `GET /api/job/preview` is 405.
  app.use('/api/*', async (c, next) => {
    const allowed = shadowingMethods(app, c.req.method, c.req.path);
    if (allowed.length > 0) return errorResponse(c, methodNotAllowed(allowed));
    await next();
  });

  app.route('/api', healthRoutes(deps));
  app.route('/api', sessionRoutes(deps.auth, deps.config.trustProxy));
  app.route(
    '/api',
    catalogRoutes({ db: deps.db, tokens: deps.auth.tokens, homeCountries: deps.config.homeCountries }),
  );
  app.route(
    '/api',
    jobRoutes({
      services: deps.jobs ?? new JobServices(deps.db.db, deps.config.matchResultLimit),
      tokens: deps.auth.tokens,
    }),
  );
  const photoStorage = new FilePhotoStorage(join(deps.config.dataDir, 'photos'));
  app.route(
    '/api',
    profileRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      storage: photoStorage,
      agency: deps.config.agency,
    }),
  );
  app.route(
    '/api',
    clientRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      publicOrigin: deps.config.publicOrigin,
      now: deps.auth.now,
    }),
  );
  app.route('/api', pipelineRoutes({ db: deps.db.db, tokens: deps.auth.tokens, now: deps.auth.now }));
  app.route('/api', attentionRoutes({ db: deps.db.db, tokens: deps.auth.tokens, now: deps.auth.now }));
  app.route(
    '/api',
    submissionRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      storage: photoStorage,
      agency: deps.config.agency,
      publicOrigin: deps.config.publicOrigin,
      now: deps.auth.now,
      // The candidates sent are `submitted` on the job's pipeline (issue 21, point 4).
      afterSent: submitSent,
    }),
  );
  app.route(
    '/api',
    teamRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      publicOrigin: deps.config.publicOrigin,
      now: deps.auth.now,
    }),
  );
  app.route(
    '/api',
    agentRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      storage: photoStorage,
      now: deps.auth.now,
      publicOrigin: deps.config.publicOrigin,
      retentionMonths: deps.config.retentionMonths,
      agency: deps.config.agency,
    }),
  );
  app.route('/api', timelineRoutes({ db: deps.db.db, tokens: deps.auth.tokens, now: deps.auth.now }));
  app.route(
    '/api',
    accountRoutes(
      {
        auth: deps.auth,
        publicOrigin: deps.config.publicOrigin,
        storage: photoStorage,
        smsCountries: deps.config.smsCountries,
        legalDir: deps.config.legalDir,
      },
      deps.config.trustProxy,
    ),
  );
  app.route(
    '/api',
    legalRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      texts: legalTextsFor(deps.config.agency, deps.config.legalDir),
      now: deps.auth.now,
    }),
  );
  // Several GETs in one request (the boot script's first calls), each through the whole app.
  app.route(
    '/api',
    batchRoutes((request, env) => app.fetch(request, env)),
  );
  // The API reference describes the route table, whose every entry is mounted here.
  const development = deps.config.nodeEnv !== 'production';
  app.route('/api', openApiRoutes({ development }));
  if (development) {
    app.route('/api', devApiRoutes(deps.db.db));
    app.route('/', devPageRoutes(deps.db.db));
  }
  deps.extraRoutes?.(app);

  app.get('/metrics', metrics.handler);
  app.all('/api/*', (c) => apiNotFound(c, app));
  if (deps.staticDir)
    mountSpa(app, deps.staticDir, {
      smsCountries: deps.config.smsCountries,
      smsResendSeconds: deps.config.smsResendSeconds,
    });

  app.notFound((c) => errorResponse(c, notFound()));
  app.onError(async (error, c) => {
    // A caller deleted on another node moments ago: 401 like the revocation cache, not a foreign-key 500.
    const claims = (c.var as { claims?: TokenClaims }).claims;
    const gone = await revokedCaller(error, claims, deps.auth.tokens, async (id) => {
      const [row] = await deps.db.db.select({ active: users.active }).from(users).where(eq(users.id, id));
      return row;
    });
    return errorResponse(c, gone ?? toApiError(error, c));
  });
  return app;
}

function toApiError(error: unknown, c: Context<AppEnv>): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400 && /malformed json/i.test(error.message)) return malformedJson();
    if (error.status === 413) return payloadTooLarge(JSON_BODY_LIMIT);
    if (error.status < 500)
      return new ApiError(error.status, ErrorCode.validation, error.message || 'Bad Request');
  }
  if (isDatabaseUnavailable(error)) {
    c.get('log')?.error({ err: error }, 'database unavailable');
    return databaseUnavailable();
  }
  c.get('log')?.error({ err: error }, 'unexpected error');
  return internalError();
}
