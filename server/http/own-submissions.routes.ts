import { Hono } from 'hono';
import { OWN_SUBMISSIONS } from '../../contract/endpoints/team';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { ownSubmissions } from '../pipeline/own-submissions';
import { type RouteEnv, routeAdapter } from './route-adapter';

/** A candidate's own profile: how far it got and where it was sent (contract/endpoints/team.ts). */
export function ownSubmissionRoutes(deps: { db: Database; tokens: TokenSettings }) {
  const app = new Hono<RouteEnv>();
  routeAdapter(app, deps.tokens)(OWN_SUBMISSIONS.list, async (c) =>
    c.json(await ownSubmissions(deps.db, callerOf(c.get('claims')))),
  );
  return app;
}
