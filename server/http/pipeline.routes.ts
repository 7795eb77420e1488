import { type Context, Hono } from 'hono';
import {
  PipelineBulkMoveSchema,
  PipelineFollowUpSchema,
  PipelineFollowUpsQuerySchema,
  PipelineMoveSchema,
} from '../../contract/pipeline';
import {
  PipelineCorrectionSchema,
  PipelineRemovalSchema,
  PipelineUndoSchema,
} from '../../contract/pipeline-corrections';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { correctEntry, removeEntry, undoEntries } from '../pipeline/corrections';
import {
  addEntry,
  followUpDone,
  followUpsDue,
  jobsOfProfile,
  listBoard,
  moveEntries,
  moveEntry,
  setFollowUp,
} from '../pipeline/pipeline';
import { conflictResponse } from './conflict';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface PipelineRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The server's clock: "today" when the client names no day. */
  now?: () => number;
}

/**
 * A job's pipeline (contract/pipeline.ts lists the calls): agents only, server/pipeline/ decides and
 * checks every move against the contract's stages.
 */
export function pipelineRoutes(deps: PipelineRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const signedIn = requireUser(deps.tokens);
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const noStore = (c: Context<Env>) => c.header('Cache-Control', 'no-store');

  return new Hono<Env>()
    .get('/job/:uuid/pipeline', signedIn, async (c) => {
      noStore(c);
      return c.json(await listBoard(db, caller(c), c.req.param('uuid')));
    })
    .put('/job/:uuid/pipeline/:profile', signedIn, async (c) => {
      noStore(c);
      const { entry, created } = await addEntry(db, caller(c), c.req.param('uuid'), c.req.param('profile'));
      return c.json(entry, created ? 201 : 200);
    })
    .post('/job/:uuid/pipeline/move', signedIn, jsonBody(PipelineBulkMoveSchema), async (c) => {
      noStore(c);
      const result = await moveEntries(db, caller(c), c.req.param('uuid'), c.req.valid('json'));
      return result.ok ? c.json({ items: result.value }) : conflictResponse(c, result.code, result.current);
    })
    .post('/pipeline/:entry/move', signedIn, jsonBody(PipelineMoveSchema), async (c) => {
      noStore(c);
      const result = await moveEntry(db, caller(c), c.req.param('entry'), c.req.valid('json'));
      return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
    })
    .post('/pipeline/:entry/correct', signedIn, jsonBody(PipelineCorrectionSchema), async (c) => {
      noStore(c);
      const result = await correctEntry(db, caller(c), c.req.param('entry'), c.req.valid('json'));
      return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
    })
    .post('/job/:uuid/pipeline/undo', signedIn, jsonBody(PipelineUndoSchema), async (c) => {
      noStore(c);
      const result = await undoEntries(db, caller(c), c.req.param('uuid'), c.req.valid('json'));
      return result.ok ? c.json({ items: result.value }) : conflictResponse(c, result.code, result.current);
    })
    .post('/pipeline/:entry/remove', signedIn, jsonBody(PipelineRemovalSchema), async (c) => {
      noStore(c);
      const result = await removeEntry(db, caller(c), c.req.param('entry'), c.req.valid('json'));
      return result.ok ? c.body(null, 204) : conflictResponse(c, result.code, result.current);
    })
    .put('/pipeline/:entry/follow-up', signedIn, jsonBody(PipelineFollowUpSchema), async (c) => {
      noStore(c);
      return c.json(await setFollowUp(db, caller(c), c.req.param('entry'), c.req.valid('json')));
    })
    .post('/pipeline/:entry/follow-up/done', signedIn, async (c) => {
      noStore(c);
      return c.json(await followUpDone(db, caller(c), c.req.param('entry')));
    })
    .get(
      '/pipeline/follow-ups',
      signedIn,
      validQuery(PipelineFollowUpsQuerySchema, 'query.invalid'),
      async (c) => {
        noStore(c);
        const today = c.req.valid('query').today ?? new Date(now()).toISOString().slice(0, 10);
        return c.json(await followUpsDue(db, caller(c), today));
      },
    )
    .get('/agent/profile/:uuid/pipeline', signedIn, async (c) => {
      noStore(c);
      return c.json(await jobsOfProfile(db, caller(c), c.req.param('uuid')));
    });
}
