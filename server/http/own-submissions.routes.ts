import { Hono } from 'hono';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { ownSubmissions } from '../pipeline/own-submissions';
import type { AppEnv } from './env';

/** A candidate's own profile: how far it got and where it was sent (contract/own-submissions.ts). */
export function ownSubmissionRoutes(deps: { db: Database; tokens: TokenSettings }) {
  return new Hono<AppEnv & { Variables: AuthVariables }>().get(
    '/profile/submissions',
    requireUser(deps.tokens),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await ownSubmissions(deps.db, callerOf(c.get('claims'))));
    },
  );
}
