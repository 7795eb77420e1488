import { type Context, Hono } from 'hono';
import {
  TIMELINE_SUBJECTS,
  TimelineAddSchema,
  TimelineNoteEditSchema,
  TimelineQuerySchema,
  type TimelineSubject,
} from '../../contract/timeline';
import { checkUuid } from '../agents/access';
import { agentsOnly, callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import { addTimelineEntry, editTimelineNote, listTimeline, type TimelineTarget } from '../timeline/timeline';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface TimelineRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The clock of a note's 24 hours (tests). */
  now?: () => number;
}

/**
 * The timelines of candidates, companies and jobs (contract/timeline.ts): agents only — 401 without
 * a token, 403 for candidates and companies, before anything is read.
 */
export function timelineRoutes(deps: TimelineRoutesDeps) {
  const { db } = deps;
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const now = () => new Date(deps.now?.() ?? Date.now());
  const target = (c: Context<Env>): TimelineTarget => {
    const kind = c.req.param('subject') ?? '';
    if (!(TIMELINE_SUBJECTS as readonly string[]).includes(kind))
      throw new ApiError(404, 'timeline.subject_invalid', 'A timeline belongs to a profile, company or job');
    return { kind: kind as TimelineSubject, id: checkUuid(c.req.param('uuid') ?? '') };
  };

  return new Hono<Env>()
    .use('/agent/timeline/*', requireUser(deps.tokens), agentsOnly)
    .get('/agent/timeline/:subject/:uuid', validQuery(TimelineQuerySchema, 'query.invalid'), async (c) =>
      c.json(await listTimeline(db, caller(c), target(c), c.req.valid('query'), now())),
    )
    .post('/agent/timeline/:subject/:uuid', jsonBody(TimelineAddSchema), async (c) =>
      c.json(await addTimelineEntry(db, caller(c), target(c), c.req.valid('json'), now()), 201),
    )
    .put('/agent/timeline/:subject/:uuid/:entry', jsonBody(TimelineNoteEditSchema), async (c) => {
      const subject = target(c);
      const entry = checkUuid(c.req.param('entry') ?? '', 'entry');
      return c.json(await editTimelineNote(db, caller(c), subject, entry, c.req.valid('json').text, now()));
    });
}
