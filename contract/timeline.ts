import * as v from 'valibot';
import { FieldError, strictObject } from './field-errors';
import { LocalizedSchema } from './localized';
import { queryInt } from './query';
import { CANDIDATE_TYPES } from './user-type-names';

/**
 * One timeline per candidate, company and job (PRODUCT.md §10, issue 20): agents' notes, calls and
 * mails logged by hand, and the system's own events, newest first. Agents only: 401 without a
 * token, 403 `auth.forbidden` for candidates and companies (a candidate never sees notes; what a
 * person may read of their own record's history is in their data export, `GET /api/user/export`).
 *
 * GET  /api/agent/timeline/{subject}/{uuid}          TimelineQuerySchema → TimelinePageSchema
 * POST /api/agent/timeline/{subject}/{uuid}          TimelineAddSchema → TimelineEntrySchema (201)
 * PUT  /api/agent/timeline/{subject}/{uuid}/{entry}  TimelineNoteEditSchema → TimelineEntrySchema;
 *      403 timeline.not_author, 409 timeline.edit_expired | timeline.not_editable
 *
 * `subject` is `profile` (a candidate), `company` or `job`.
 */

export const TIMELINE_SUBJECTS = ['profile', 'company', 'job'] as const;
export type TimelineSubject = (typeof TIMELINE_SUBJECTS)[number];
export const TIMELINE_KINDS = ['note', 'call', 'mail', 'event'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
/** What an agent writes by hand; `event`s are the system's. */
export const TIMELINE_WRITTEN_KINDS = ['note', 'call', 'mail'] as const;

/** Its author may edit a note for this long after writing it. */
export const NOTE_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const TIMELINE_PAGE_SIZE = 20;
export const MAX_TIMELINE_PAGE_SIZE = 100;
export const TIMELINE_TEXT_MAX = 5000;
/** A call or mail is logged for a date from this one on and at most a day ahead (time zones). */
export const TIMELINE_EARLIEST = '2000-01-01T00:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;

export const TIMELINE_ERROR_CODES = [
  /** The path names no candidate, company or job kind. */
  'timeline.subject_invalid',
  'timeline.entry_not_found',
  /** Only the agent who wrote a note edits it. */
  'timeline.not_author',
  /** A note is editable for 24 hours. */
  'timeline.edit_expired',
  /** Calls, mails and the system's events are not edited. */
  'timeline.not_editable',
  /** The body's `kind` is none of note, call, mail. */
  'timeline.kind_invalid',
] as const;

export const TimelineQuerySchema = v.object({
  kind: v.optional(v.picklist(TIMELINE_KINDS, 'query.invalid')),
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, MAX_TIMELINE_PAGE_SIZE, TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = v.InferOutput<typeof TimelineQuerySchema>;

/**
 * A record an entry names besides its own subject (issue 42), as it is when the timeline is read: a
 * renamed job shows its new title. A record since deleted — or a person whose history was anonymised —
 * has neither uuid nor name: it is named as gone, without a link.
 */
export const TimelineReferenceSchema = v.object({
  uuid: v.nullable(v.string()),
  /** A job's title, a company's name, a candidate's first and last name (may be empty); null when gone. */
  name: v.nullable(v.string()),
});
export type TimelineReference = v.InferOutput<typeof TimelineReferenceSchema>;

/** A candidate an entry names: with their type, which is where the agents' page of them is. */
export const TimelineProfileReferenceSchema = v.object({
  ...TimelineReferenceSchema.entries,
  type: v.nullable(v.picklist(CANDIDATE_TYPES)),
});
export type TimelineProfileReference = v.InferOutput<typeof TimelineProfileReferenceSchema>;

/**
 * The other side of an entry: on a job's timeline the candidate, on a candidate's the job and its
 * client, on a company's the job and the candidate. Taken from the event's `job`, `profile` and
 * `company` ids (a job brings its client company); never the timeline's own subject.
 */
export const TimelineReferencesSchema = v.object({
  job: v.optional(TimelineReferenceSchema),
  profile: v.optional(TimelineProfileReferenceSchema),
  company: v.optional(TimelineReferenceSchema),
});
export type TimelineReferences = v.InferOutput<typeof TimelineReferencesSchema>;
export const TIMELINE_REFERENCE_KINDS = ['job', 'profile', 'company'] as const;
export type TimelineReferenceKind = (typeof TIMELINE_REFERENCE_KINDS)[number];

/** A field an edit changed, with the label its form shows now; null for a key no form has (any more). */
export const TimelineFieldSchema = v.object({
  key: v.string(),
  label: v.nullable(LocalizedSchema),
});
export type TimelineField = v.InferOutput<typeof TimelineFieldSchema>;

export const TimelineEntrySchema = v.object({
  uuid: v.string(),
  kind: v.picklist(TIMELINE_KINDS),
  /** An event's name (`registered`, `assign`, `profile.edited`, …); null for notes, calls, mails. */
  action: v.nullable(v.string()),
  /** A note's text, a call's or mail's summary; null for events. */
  text: v.nullable(v.string()),
  /** An event's particulars (`fields` of an edit, `from` / `to` of an assignment, …). */
  details: v.record(v.string(), v.unknown()),
  /** The records the entry names besides its subject, read with it (see TimelineReferencesSchema). */
  references: TimelineReferencesSchema,
  /** The fields of an edit (`details.fields`) with their forms' labels, in the event's order; else empty. */
  fields: v.array(TimelineFieldSchema),
  /** The agent who wrote it or caused it; null for what the system or the person did. */
  author: v.nullable(v.object({ uuid: v.nullable(v.string()), email: v.string() })),
  /** When it happened (a call's date); the order of the timeline. */
  at: v.string(),
  createdAt: v.string(),
  editedAt: v.nullable(v.string()),
  /** Until when the caller may edit it: their own note in its first 24 hours, else null. */
  editableUntil: v.nullable(v.string()),
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>;

export const TimelinePageSchema = v.object({
  items: v.array(TimelineEntrySchema),
  total: v.number(),
  page: v.number(),
  limit: v.number(),
});
export type TimelinePage = v.InferOutput<typeof TimelinePageSchema>;

/** Plain text with line breaks (links are shown as links): 1 to 5000 characters after trimming. */
export const TimelineTextSchema = v.pipe(
  v.string(FieldError.required),
  v.trim(),
  v.minLength(1, FieldError.required),
  v.maxLength(TIMELINE_TEXT_MAX, FieldError.tooLong),
);

/** When a call or mail took place: an ISO timestamp, not before 2000, at most a day ahead. */
export const TimelineDateSchema = v.pipe(
  v.string(FieldError.required),
  v.isoTimestamp(FieldError.dateInvalid),
  v.check((s) => !Number.isNaN(Date.parse(s)), FieldError.dateInvalid),
  v.check((s) => Date.parse(s) >= Date.parse(TIMELINE_EARLIEST), FieldError.dateTooEarly),
  // The reference's form of the timestamps taken (upper-case T and Z, seconds below 60) from the year
  // 2000 on; the upper bound follows the clock, in the operation's description.
  v.metadata({
    pattern:
      '^2[0-9]{3}-[0-9]{2}-[0-9]{2}T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$',
  }),
  v.check((s) => Date.parse(s) <= Date.now() + DAY_MS, FieldError.dateTooLate),
);

/** POST: a note (now), or a call or mail with its summary and when it took place. */
export const TimelineAddSchema = v.variant(
  'kind',
  [
    strictObject({ kind: v.literal('note'), text: TimelineTextSchema }, FieldError.required),
    strictObject(
      { kind: v.picklist(['call', 'mail']), text: TimelineTextSchema, at: TimelineDateSchema },
      FieldError.required,
    ),
  ],
  'timeline.kind_invalid',
);
export type TimelineAdd = v.InferOutput<typeof TimelineAddSchema>;

/** PUT: a note's new text. */
export const TimelineNoteEditSchema = strictObject({ text: TimelineTextSchema }, FieldError.required);
export type TimelineNoteEdit = v.InferOutput<typeof TimelineNoteEditSchema>;

/** Agent edits of a person's record as their data export lists them (no notes, PRODUCT.md §8, §10). */
export const AgentEditSchema = v.object({
  at: v.string(),
  agent: v.string(),
  action: v.string(),
  /** The fields an edit changed; empty for other actions. */
  fields: v.array(v.string()),
});
export type AgentEdit = v.InferOutput<typeof AgentEditSchema>;
