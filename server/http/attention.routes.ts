import { type Context, Hono } from 'hono';
import { ATTENTION } from '../../contract/endpoints/attention';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { attentionCounts, attentionList, markAnswerSeen } from '../pipeline/attention';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface AttentionRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The server's clock: the 5 and 14 days of the rules, and "today" when the client names none. */
  now?: () => number;
}

/** The agent's attention (contract/endpoints/attention.ts), read afresh every time. */
export function attentionRoutes(deps: AttentionRoutesDeps) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(ATTENTION.counts, async (c, { query }) => {
    const at = now();
    return c.json(await attentionCounts(db, caller(c), query.today ?? at.toISOString().slice(0, 10), at));
  });
  on(ATTENTION.list, async (c, { query }) => c.json(await attentionList(db, caller(c), query.kind, now())));
  on(ATTENTION.answerSeen, async (c, { params }) =>
    c.json(await markAnswerSeen(db, caller(c), params.entry)),
  );
  return app;
}
