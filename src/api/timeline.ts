import * as v from 'valibot';
import {
  type TimelineAdd,
  type TimelineEntry,
  TimelineEntrySchema,
  type TimelineKind,
  type TimelinePage,
  TimelinePageSchema,
  type TimelineSubject,
} from '../../contract/timeline';
import { type ApiClient, queryParams } from './client';

// The timeline calls of candidates, companies and jobs (contract/timeline.ts).

const path = (subject: TimelineSubject, uuid: string) =>
  `/api/agent/timeline/${subject}/${encodeURIComponent(uuid)}`;

/** GET /api/agent/timeline/{subject}/{uuid}: one page, newest first, one kind or all. */
export async function fetchTimeline(
  api: ApiClient,
  subject: TimelineSubject,
  uuid: string,
  query: { kind?: TimelineKind; page: number; limit: number },
): Promise<TimelinePage> {
  return v.parse(TimelinePageSchema, await api.call(path(subject, uuid), { query: queryParams(query) }));
}

/** POST /api/agent/timeline/{subject}/{uuid}: a note, or a logged call or mail. */
export async function addTimelineEntry(
  api: ApiClient,
  subject: TimelineSubject,
  uuid: string,
  body: TimelineAdd,
): Promise<TimelineEntry> {
  return v.parse(TimelineEntrySchema, await api.call(path(subject, uuid), { method: 'POST', body }));
}

/** PUT /api/agent/timeline/{subject}/{uuid}/{entry}: a note's new text (its author, 24 hours). */
export async function editTimelineNote(
  api: ApiClient,
  subject: TimelineSubject,
  uuid: string,
  entry: string,
  text: string,
): Promise<TimelineEntry> {
  return v.parse(
    TimelineEntrySchema,
    await api.call(`${path(subject, uuid)}/${encodeURIComponent(entry)}`, { method: 'PUT', body: { text } }),
  );
}
