import * as v from 'valibot';
import { idOf, route } from '../route-table';
import {
  TIMELINE_SUBJECTS,
  TimelineAddSchema,
  TimelineEntrySchema,
  TimelineNoteEditSchema,
  TimelinePageSchema,
  TimelineQuerySchema,
} from '../timeline';

/**
 * A timeline's path: what kind of record `uuid` is (anything else is 404 `timeline.subject_invalid`)
 * and its uuid — a malformed one answers the 404 of its kind, like an unknown one, which is why it is
 * no `ID` (whose 404 is one code per route): the handler checks it.
 */
const params = {
  subject: v.picklist(TIMELINE_SUBJECTS),
  uuid: v.pipe(v.string(), v.uuid()),
};
const notFound = [
  'timeline.subject_invalid',
  'profile.not_found',
  'company.not_found',
  'job.not_found',
] as const;
/** The rule on `at` the schema cannot carry: it depends on the clock. */
const TIMELINE_AT =
  "A call or mail took place at `at`: not before 2000-01-01T00:00:00Z, offset counted (the schema's pattern asks for the year 2000 on; `field.date_too_early`), and at most a day after the server's now (else 400 `field.date_too_late` on `at`).";

/** The timelines of candidates (subject `profile`), companies and jobs (contract/timeline.ts). */
export const TIMELINE = {
  page: route({
    method: 'GET',
    path: '/api/agent/timeline/{subject}/{uuid}',
    params,
    query: TimelineQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: TimelinePageSchema },
    errors: { 404: notFound },
    who: 'agent',
    tag: 'agents',
    summary:
      "A candidate's (subject profile), company's or job's timeline: newest first, one kind or all, paged",
  }),
  add: route({
    method: 'POST',
    path: '/api/agent/timeline/{subject}/{uuid}',
    params,
    body: TimelineAddSchema,
    answer: { status: 201, json: TimelineEntrySchema },
    errors: { 404: notFound },
    who: 'agent',
    tag: 'agents',
    summary: 'Add a note, or log a call or mail with its summary and date, to a timeline',
    description: TIMELINE_AT,
  }),
  editNote: route({
    method: 'PUT',
    path: '/api/agent/timeline/{subject}/{uuid}/{entry}',
    params: { ...params, entry: idOf('timeline.entry_not_found') },
    body: TimelineNoteEditSchema,
    answer: { status: 200, json: TimelineEntrySchema },
    errors: {
      403: ['timeline.not_author'],
      404: [...notFound, 'timeline.entry_not_found'],
      409: ['timeline.edit_expired', 'timeline.not_editable'],
    },
    who: 'agent',
    tag: 'agents',
    summary: "Edit a note's text: its author, within 24 hours of writing it",
  }),
} as const;
