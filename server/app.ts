import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { PatternRouter } from 'hono/router/pattern-router';
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
import { clientAnswerRoutes } from './http/client-answer.routes';
import { compressJson } from './http/compress';
import { devApiRoutes, devPageRoutes } from './http/dev.routes';
import type { AppEnv } from './http/env';
import { errorResponse } from './http/errors';
import { healthRoutes } from './http/health.routes';
import { jobRoutes } from './http/job.routes';
import { legalRoutes } from './http/legal.routes';
import { createMetrics } from './http/metrics';
import { openApiRoutes } from './http/openapi.routes';
import { ownSubmissionRoutes } from './http/own-submissions.routes';
import { pipelineRoutes } from './http/pipeline.routes';
import { PHOTO_UPLOAD_PATH, profileRoutes } from './http/profile.routes';
import { securityHeaders } from './http/security-headers';
import { sendRoutes } from './http/send.routes';
import { sessionRoutes } from './http/session.routes';
import { type SpaDocumentSettings, spaDocuments } from './http/spa-document';
import { teamRoutes } from './http/team.routes';
import { timelineRoutes } from './http/timeline.routes';
import { canonicalInput } from './http/validate';
import { JobServices } from './jobs/services';
import { legalTextsFor } from './legal/texts';
import { type Logger, loggedPath } from './log';
import { submitSent } from './pipeline/client-answers';
import { FilePhotoStorage } from './profiles/photo-storage';

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
  app.route('/api', ownSubmissionRoutes({ db: deps.db.db, tokens: deps.auth.tokens }));
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
  app.route(
    '/api',
    sendRoutes({
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
    clientAnswerRoutes({
      db: deps.db.db,
      tokens: deps.auth.tokens,
      storage: photoStorage,
      agency: deps.config.agency,
      publicOrigin: deps.config.publicOrigin,
      now: deps.auth.now,
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
  // The API reference describes every /api route of this app, read from app.routes on first use.
  app.route('/api', openApiRoutes(app));
  if (deps.config.nodeEnv !== 'production') {
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

/** 405 with Allow when the path exists under another method, else 404. */
function apiNotFound(c: Context<AppEnv>, app: Hono<AppEnv>): Response {
  const router = endpointRouter(app);
  const allowed = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (method) => method !== c.req.method && router.match(method, c.req.path)[0].length > 0,
  );
  return errorResponse(c, allowed.length > 0 ? methodNotAllowed(allowed) : notFound());
}

/** Every /api endpoint of the app by method, each answering its own route pattern. */
const routers = new WeakMap<object, PatternRouter<string>>();
function endpointRouter(app: Hono<AppEnv>): PatternRouter<string> {
  let router = routers.get(app);
  if (!router) {
    router = new PatternRouter<string>();
    for (const route of app.routes) {
      if (route.method !== 'ALL' && route.path.startsWith('/api/'))
        router.add(route.method, route.path, route.path);
      if (route.method === 'GET' && route.path.startsWith('/api/'))
        router.add('HEAD', route.path, route.path);
    }
    routers.set(app, router);
  }
  return router;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** How many literal segments a route pattern has: `/api/job/preview` 3, `/api/job/:uuid` 2. */
const literals = (pattern: string) =>
  pattern.split('/').filter((part) => part && !part.startsWith(':')).length;
/** The most literal of the patterns a method matches the path with; -1 for none. */
function bestMatch(router: PatternRouter<string>, method: string, path: string): number {
  return Math.max(-1, ...router.match(method, path)[0].map(([pattern]) => literals(pattern)));
}

const shadowables = new WeakMap<object, Set<string>>();
/**
 * `position:word` for every literal segment of an /api route pattern at a position where another
 * pattern has a parameter (`3:preview`, `5:move`): only a path holding one of them can be shadowed.
 */
function shadowableWords(app: Hono<AppEnv>): Set<string> {
  let words = shadowables.get(app);
  if (!words) {
    const patterns = app.routes
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => route.path.split('/'));
    const params = new Set(
      patterns.flatMap((parts) => parts.flatMap((part, i) => (part.startsWith(':') ? [i] : []))),
    );
    words = new Set(
      patterns.flatMap((parts) =>
        parts.flatMap((part, i) => (part && !part.startsWith(':') && params.has(i) ? [`${i}:${part}`] : [])),
      ),
    );
    shadowables.set(app, words);
  }
  return words;
}

/**
 * The methods of a route the path names more exactly than any route of `method` does (issue 41):
 * `GET /api/job/preview` matches `GET /api/job/:uuid` only through its parameter, while
 * `POST /api/job/preview` is a route of its own: not a job named "preview" (404 job.not_found) but
 * 405 with `Allow: POST`. Empty when the method's own route is the path's most exact one.
 */
function shadowingMethods(app: Hono<AppEnv>, method: string, path: string): string[] {
  // Cheap first, on every request: a path without a shadowable word (`/api/job/<uuid>`) matches nothing more.
  const words = shadowableWords(app);
  if (!path.split('/').some((part, i) => words.has(`${i}:${part}`))) return [];
  const router = endpointRouter(app);
  const matched = router.match(method, path)[0].map(([pattern]) => pattern);
  if (matched.length === 0) return [];
  const own = Math.max(...matched.map(literals));
  const others = METHODS.filter((m) => m !== method).map((m) => [m, bestMatch(router, m, path)] as const);
  const best = Math.max(own, ...others.map(([, n]) => n));
  return best > own ? others.filter(([, n]) => n === best).map(([m]) => m) : [];
}

const PRECOMPRESSED_TYPE =
  /^(text\/|application\/(javascript|json|manifest\+json)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon))/;

const HASHED_ASSET = /^\/assets\/(?!i18n\/).+-[\w-]{8,}\.\w+$/;

function mountSpa(app: Hono<AppEnv>, root: string, settings: SpaDocumentSettings): void {
  // @hono/node-server 2.1 calls serveStatic's onFound after it has built the response, so headers
  // set there are lost: they are set on the finished response here instead.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.res.status >= 400) return;
    const headers = c.res.headers;
    const isPage = headers.get('content-type')?.startsWith('text/html') ?? false;
    headers.set(
      'Cache-Control',
      !isPage && HASHED_ASSET.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (isPage) setDocumentHeaders(headers, c.req.path);
    // The build wrote .br/.gz copies beside the text files: caches must keep the variants apart.
    if (
      PRECOMPRESSED_TYPE.test(headers.get('content-type') ?? '') &&
      !/accept-encoding/i.test(headers.get('vary') ?? '')
    )
      headers.append('Vary', 'Accept-Encoding');
  });
  // Pages are rendered from the built HTML with the server's settings and the route's preloads
  // (./http/spa-document.ts): `/` and `/login` prerendered, every other address the shell with a
  // skeleton, whose app renders its own not-found screen.
  const page = spaDocuments(root, settings);
  app.get('*', async (c, next) => {
    if (/\.\w+$/.test(c.req.path) && !c.req.path.endsWith('.html')) return next();
    return page(c);
  });
  // `precompressed`: the build's .br/.gz beside a file (scripts/vite-precompress.ts) is sent with
  // Content-Encoding when the client accepts it.
  app.use('*', serveStatic({ root, precompressed: true }));
  // History fallback: a missing file's address that wants a page gets the SPA too.
  app.get('*', async (c, next) => {
    if (!c.req.header('accept')?.includes('text/html')) return next();
    return page(c);
  });
}

/** Pages whose URL carries a secret token: no Referer may leak it to another site. */
const TOKEN_PAGES = /^\/user\/(reset-password|validate|invitation)\//;

function setDocumentHeaders(headers: Headers, path: string): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', TOKEN_PAGES.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
}
