import { type Context, Hono } from 'hono';
import { PIPELINE } from '../../contract/endpoints/pipeline';
import { callerOf } from '../auth/caller';
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
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface PipelineRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The server's clock: "today" when the client names no day. */
  now?: () => number;
}

/**
 * A job's pipeline (contract/endpoints/pipeline.ts): server/pipeline/ decides and
 * checks every move against the contract's stages.
 */
export function pipelineRoutes(deps: PipelineRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(PIPELINE.board, async (c, { params }) => c.json(await listBoard(db, caller(c), params.uuid)));
  on(PIPELINE.add, async (c, { params }) => {
    const { entry, created } = await addEntry(db, caller(c), params.uuid, params.profile);
    return c.json(entry, created ? 201 : 200);
  });
  on(PIPELINE.moveMany, async (c, { params, body }) => {
    const result = await moveEntries(db, caller(c), params.uuid, body);
    return result.ok ? c.json({ items: result.value }) : conflictResponse(c, result.code, result.current);
  });
  on(PIPELINE.move, async (c, { params, body }) => {
    const result = await moveEntry(db, caller(c), params.entry, body);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(PIPELINE.correct, async (c, { params, body }) => {
    const result = await correctEntry(db, caller(c), params.entry, body);
    return result.ok ? c.json(result.value) : conflictResponse(c, result.code, result.current);
  });
  on(PIPELINE.undo, async (c, { params, body }) => {
    const result = await undoEntries(db, caller(c), params.uuid, body);
    return result.ok ? c.json({ items: result.value }) : conflictResponse(c, result.code, result.current);
  });
  on(PIPELINE.remove, async (c, { params, body }) => {
    const result = await removeEntry(db, caller(c), params.entry, body);
    return result.ok ? c.body(null, 204) : conflictResponse(c, result.code, result.current);
  });
  on(PIPELINE.followUp, async (c, { params, body }) =>
    c.json(await setFollowUp(db, caller(c), params.entry, body)),
  );
  on(PIPELINE.followUpDone, async (c, { params }) => c.json(await followUpDone(db, caller(c), params.entry)));
  on(PIPELINE.followUps, async (c, { query }) => {
    const today = query.today ?? new Date(now()).toISOString().slice(0, 10);
    return c.json(await followUpsDue(db, caller(c), today));
  });
  on(PIPELINE.candidateJobs, async (c, { params }) =>
    c.json(await jobsOfProfile(db, caller(c), params.uuid)),
  );
  return app;
}
