import { type Context, Hono } from 'hono';
import { isUuid } from '../../contract/agent';
import { TIMELINE } from '../../contract/endpoints/timeline';
import { TIMELINE_SUBJECTS, type TimelineSubject } from '../../contract/timeline';
import { companyNotFound, profileNotFound } from '../agents/access';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import { jobNotFound } from '../jobs/access';
import { addTimelineEntry, editTimelineNote, listTimeline, type TimelineTarget } from '../timeline/timeline';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface TimelineRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** The clock of a note's 24 hours (tests). */
  now?: () => number;
}

/** A malformed uuid is the 404 of its kind, like an unknown one. */
const NOT_FOUND: Record<TimelineSubject, () => ApiError> = {
  profile: profileNotFound,
  company: companyNotFound,
  job: jobNotFound,
};

/** The timeline a path names: its kind (404 `timeline.subject_invalid` else) and its record's uuid. */
function targetOf(params: { subject: string; uuid: string }): TimelineTarget {
  const kind = params.subject;
  if (!(TIMELINE_SUBJECTS as readonly string[]).includes(kind))
    throw new ApiError(404, 'timeline.subject_invalid', 'A timeline belongs to a profile, company or job');
  const subject = kind as TimelineSubject;
  if (!isUuid(params.uuid)) throw NOT_FOUND[subject]();
  return { kind: subject, id: params.uuid.toLowerCase() };
}

/** The timelines of candidates, companies and jobs (contract/endpoints/timeline.ts). */
export function timelineRoutes(deps: TimelineRoutesDeps) {
  const { db } = deps;
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const now = () => new Date(deps.now?.() ?? Date.now());
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(TIMELINE.page, async (c, { params, query }) =>
    c.json(await listTimeline(db, caller(c), targetOf(params), query, now())),
  );
  on(TIMELINE.add, async (c, { params, body }) =>
    c.json(await addTimelineEntry(db, caller(c), targetOf(params), body, now()), 201),
  );
  on(TIMELINE.editNote, async (c, { params, body }) => {
    const subject = targetOf(params);
    return c.json(await editTimelineNote(db, caller(c), subject, params.entry, body.text, now()));
  });
  return app;
}
