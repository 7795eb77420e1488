import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { GenericSchema, InferOutput } from 'valibot';
import { isUuid } from '../../contract/agent';
import { type ApiRoute, idNotFound, type Param, type ParamNames, type Who } from '../../contract/route-table';
import { isAgentType, isCandidateType } from '../../contract/user-type-names';
import { assertSeniorAgent } from '../agents/agent-accounts';
import { assertAgentOrCompany, type Caller, callerOf, forbidden } from '../auth/caller';
import { type AuthVariables, requirePendingLogin, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { ApiError } from '../errors';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

export type RouteEnv = AppEnv & { Variables: AuthVariables };

/** What a handler of a table route receives besides the context: its checked input. */
export type RouteInput<R> =
  R extends ApiRoute<infer P, infer Q, infer B, infer _A>
    ? {
        /** The path's parameters; an id is a checked uuid, lower-cased. */
        params: Record<ParamNames<P>, string>;
        /** The checked query (none when the route reads its query itself: `queryByHandler`). */
        query: Q extends GenericSchema ? InferOutput<Q> : undefined;
        body: B extends GenericSchema ? InferOutput<B> : undefined;
      }
    : never;

export type RouteHandler<R> = (c: Context<RouteEnv>, input: RouteInput<R>) => Response | Promise<Response>;

/** The role checks of `who` (contract/route-table.ts WHO) beyond a valid token: 403 `auth.forbidden`. */
const ROLE_CHECKS: Partial<Record<Who, (caller: Caller) => void>> = {
  agent: (caller) => {
    if (!isAgentType(caller.userType)) throw forbidden();
  },
  seniorAgent: assertSeniorAgent,
  candidate: (caller) => {
    if (!isCandidateType(caller.userType)) throw forbidden();
  },
  company: (caller) => {
    if (caller.userType !== 'company') throw forbidden();
  },
  agentOrCompany: assertAgentOrCompany,
};

/** The entries each handler this adapter mounted serves (a token check serves many). */
const mounted = new WeakMap<object, Set<ApiRoute>>();

/**
 * The table entries a handler of `app.routes` was mounted for by the adapter (none if it was
 * mounted otherwise): the check that the app answers exactly the table reads it
 * (server/http/openapi.db.test.ts).
 */
export function tableEntriesOf(handler: unknown): ReadonlySet<ApiRoute> {
  return (typeof handler === 'function' && mounted.get(handler)) || new Set();
}

/** The Hono path of a table path, relative to the /api mount: `/api/job/{uuid}` is `/job/:uuid`. */
export const honoPathOf = (path: string) => path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts the routes of the table on a sub-app (mounted at /api): each with the token its `who`
 * asks for and its role check (before anything is read), its Cache-Control when it may be cached
 * (every other /api answer is `no-store`, server/http/cache.ts), its path ids (a malformed one
 * answers the route's 404, like an unknown one), its query and its body — the 400s of
 * server/http/validate.ts — and then the handler.
 */
export function routeAdapter(app: Hono<RouteEnv>, tokens?: TokenSettings) {
  // Sub-apps of public routes alone (health, the reference, the batch) have no token settings.
  const user = tokens && (requireUser(tokens) as unknown as MiddlewareHandler<RouteEnv>);
  const pending = tokens && (requirePendingLogin(tokens) as unknown as MiddlewareHandler<RouteEnv>);
  return function on<R extends ApiRoute>(route: R, handler: RouteHandler<R>): void {
    const chain: MiddlewareHandler<RouteEnv>[] = [];
    if (route.who !== 'public') {
      const auth = route.who === 'pendingLogin' ? pending : user;
      if (!auth) throw new Error(`${route.method} ${route.path}: a ${route.who} route needs token settings`);
      chain.push(auth);
    }
    const roleCheck = ROLE_CHECKS[route.who];
    if (roleCheck) {
      chain.push(async (c, next) => {
        roleCheck(callerOf(c.get('claims')));
        await next();
      });
    }
    const { cache } = route;
    if (cache) {
      chain.push(async (c, next) => {
        c.header('Cache-Control', cache);
        await next();
      });
    }
    // Each id's 404: a malformed id is answered like an unknown one (contract/route-table.ts ID).
    const ids = Object.entries(route.params as Record<string, Param>).flatMap(([name, param]) => {
      const notFound = idNotFound(param, route);
      return notFound ? [{ name, notFound }] : [];
    });
    if (ids.length > 0) {
      chain.push(async (c, next) => {
        for (const { name, notFound } of ids) {
          if (!isUuid(c.req.param(name) ?? '')) throw new ApiError(404, notFound, 'Not found');
        }
        await next();
      });
    }
    const query = route.queryByHandler ? undefined : route.query;
    if (query) chain.push(validQuery(query, route.queryCode) as MiddlewareHandler<RouteEnv>);
    if (route.body) chain.push(jsonBody(route.body) as MiddlewareHandler<RouteEnv>);
    const final: MiddlewareHandler<RouteEnv> = async (c) => {
      const params = Object.fromEntries(
        Object.keys(route.params).map((name) => {
          const value = c.req.param(name) ?? '';
          return [name, ids.some((id) => id.name === name) ? value.toLowerCase() : value];
        }),
      );
      const input = {
        params,
        query: query ? c.req.valid('query' as never) : undefined,
        body: route.body ? c.req.valid('json' as never) : undefined,
      } as RouteInput<R>;
      return handler(c, input);
    };
    for (const handler of [...chain, final])
      mounted.set(handler, (mounted.get(handler) ?? new Set()).add(route));
    app.on([route.method], [honoPathOf(route.path)], ...(chain as []), final);
  };
}
