import type { Context, Hono } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import { methodNotAllowed, notFound } from '../errors';
import type { AppEnv } from './env';
import { errorResponse } from './errors';

// Which method an /api path answers: 404 for an unknown path, 405 with Allow for a known path under
// another method, and 405 too for a path that names a route of its own under another method rather
// than a parameter of this one (issue 41).

/** 405 with Allow when the path exists under another method, else 404. */
export function apiNotFound(c: Context<AppEnv>, app: Hono<AppEnv>): Response {
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
export function shadowingMethods(app: Hono<AppEnv>, method: string, path: string): string[] {
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
