import { type Context, Hono } from 'hono';
import {
  AgentCreateSchema,
  DeactivateBodySchema,
  ReassignBodySchema,
  TeamQuerySchema,
} from '../../contract/team';
import { checkUuid } from '../agents/access';
import { assertSeniorAgent, deactivateAgent, inviteAgent, reactivateAgent } from '../agents/agent-accounts';
import { teamOverview } from '../agents/team-overview';
import { reassign } from '../agents/team-reassign';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface TeamRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The set-password link of a new agent's mail is built from this. */
  publicOrigin: string;
  now?: () => number;
}

/** The senior agent's team (contract/team.ts lists the calls): 403 for everyone else, before anything is read. */
export function teamRoutes(deps: TeamRoutesDeps) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const signedIn = requireUser(deps.tokens);
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const seniors = async (c: Context<Env>, next: () => Promise<void>) => {
    assertSeniorAgent(caller(c));
    c.header('Cache-Control', 'no-store');
    await next();
  };

  return new Hono<Env>()
    .use('/agent/team', signedIn, seniors)
    .use('/agent/team/*', signedIn, seniors)
    .get('/agent/team', validQuery(TeamQuerySchema, 'query.invalid'), async (c) => {
      const at = now();
      const today = c.req.valid('query').today ?? at.toISOString().slice(0, 10);
      return c.json(await teamOverview(db, caller(c), today, at));
    })
    .put('/agent/team', jsonBody(AgentCreateSchema), async (c) => {
      const id = await inviteAgent(db, caller(c), c.req.valid('json'), deps, now());
      const overview = await teamOverview(db, caller(c), now().toISOString().slice(0, 10), now());
      return c.json(
        overview.items.find((m) => m.uuid === id),
        201,
      );
    })
    .post('/agent/team/:uuid/reassign', jsonBody(ReassignBodySchema), async (c) =>
      c.json(await reassign(db, caller(c), checkUuid(c.req.param('uuid')), c.req.valid('json'))),
    )
    .post('/agent/team/:uuid/deactivate', jsonBody(DeactivateBodySchema), async (c) => {
      const id = checkUuid(c.req.param('uuid'));
      await deactivateAgent(
        db,
        caller(c),
        id,
        c.req.valid('json').reassignTo?.toLowerCase(),
        deps.tokens.revocations,
        now(),
      );
      const overview = await teamOverview(db, caller(c), now().toISOString().slice(0, 10), now());
      return c.json(overview.items.find((m) => m.uuid === id));
    })
    .post('/agent/team/:uuid/reactivate', async (c) => {
      const id = checkUuid(c.req.param('uuid'));
      await reactivateAgent(db, caller(c), id, now());
      const overview = await teamOverview(db, caller(c), now().toISOString().slice(0, 10), now());
      return c.json(overview.items.find((m) => m.uuid === id));
    });
}
