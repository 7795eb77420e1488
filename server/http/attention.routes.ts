import { type Context, Hono } from 'hono';
import { AttentionListQuerySchema, AttentionQuerySchema } from '../../contract/attention';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { attentionCounts, attentionList, markAnswerSeen } from '../pipeline/attention';
import type { AppEnv } from './env';
import { validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface AttentionRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The server's clock: the 5 and 14 days of the rules, and "today" when the client names none. */
  now?: () => number;
}

/** The agent's attention (contract/attention.ts lists the calls): agents only, read afresh every time. */
export function attentionRoutes(deps: AttentionRoutesDeps) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const signedIn = requireUser(deps.tokens);
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const noStore = (c: Context<Env>) => c.header('Cache-Control', 'no-store');

  return new Hono<Env>()
    .get('/agent/attention', signedIn, validQuery(AttentionQuerySchema, 'query.invalid'), async (c) => {
      noStore(c);
      const at = now();
      const today = c.req.valid('query').today ?? at.toISOString().slice(0, 10);
      return c.json(await attentionCounts(db, caller(c), today, at));
    })
    .get(
      '/pipeline/attention',
      signedIn,
      validQuery(AttentionListQuerySchema, 'query.invalid'),
      async (c) => {
        noStore(c);
        return c.json(await attentionList(db, caller(c), c.req.valid('query').kind, now()));
      },
    )
    .post('/pipeline/:entry/answer-seen', signedIn, async (c) => {
      noStore(c);
      return c.json(await markAnswerSeen(db, caller(c), c.req.param('entry')));
    });
}
