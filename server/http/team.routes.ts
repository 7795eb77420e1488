import { type Context, Hono } from 'hono';
import { TEAM } from '../../contract/endpoints/team';
import { deactivateAgent, inviteAgent, reactivateAgent } from '../agents/agent-accounts';
import { teamOverview } from '../agents/team-overview';
import { reassign } from '../agents/team-reassign';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface TeamRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The set-password link of a new agent's mail is built from this. */
  publicOrigin: string;
  now?: () => number;
}

/** The senior agent's team (contract/endpoints/team.ts). */
export function teamRoutes(deps: TeamRoutesDeps) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  /** One agent as the overview shows them, after a change. */
  const member = async (c: Context<RouteEnv>, id: string) => {
    const overview = await teamOverview(db, caller(c), now().toISOString().slice(0, 10), now());
    return overview.items.find((m) => m.uuid === id);
  };
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(TEAM.overview, async (c, { query }) => {
    const at = now();
    return c.json(await teamOverview(db, caller(c), query.today ?? at.toISOString().slice(0, 10), at));
  });
  on(TEAM.create, async (c, { body }) => {
    const id = await inviteAgent(db, caller(c), body, deps, now());
    return c.json(await member(c, id), 201);
  });
  on(TEAM.reassign, async (c, { params, body }) => c.json(await reassign(db, caller(c), params.uuid, body)));
  on(TEAM.deactivate, async (c, { params, body }) => {
    const reassignTo = body.reassignTo?.toLowerCase();
    await deactivateAgent(db, caller(c), params.uuid, reassignTo, deps.tokens.revocations, now());
    return c.json(await member(c, params.uuid));
  });
  on(TEAM.reactivate, async (c, { params }) => {
    await reactivateAgent(db, caller(c), params.uuid, now());
    return c.json(await member(c, params.uuid));
  });
  return app;
}
