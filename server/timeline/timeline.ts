import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type AgentEdit,
  NOTE_EDIT_WINDOW_MS,
  TIMELINE_KINDS,
  type TimelineAdd,
  type TimelineEntry,
  type TimelineKind,
  type TimelinePage,
  type TimelineQuery,
  type TimelineSubject,
} from '../../contract/timeline';
import { companyNotFound, profileNotFound } from '../agents/access';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { isoTime } from '../db/dates';
import { IdRow, record, text, time } from '../db/rows';
import { timelineEntries } from '../db/schema/timeline';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { jobNotFound } from '../jobs/access';
import { type EntryExtras, entryExtras } from './references';

/**
 * The one timeline of candidates, companies and jobs (PRODUCT.md §10, table `timeline_entries`):
 * what agents write by hand (notes, calls, mails) and the system's events. Events are written by
 * `recordAction` (an agent did it) and `recordEvent` (the system or the person did), both in
 * server/agents/audit.ts; this module reads the timeline and keeps what agents write.
 */

/** Whose timeline: a candidate's profile, a company or a job. */
export interface TimelineTarget {
  kind: TimelineSubject;
  id: string;
}

/** The column of `timeline_entries` naming each subject. */
const COLUMNS = {
  profile: timelineEntries.profileId,
  company: timelineEntries.companyId,
  job: timelineEntries.jobId,
} as const;
/** The key of that column in an insert. */
const KEYS = { profile: 'profileId', company: 'companyId', job: 'jobId' } as const;
const TABLES: Record<TimelineSubject, SQL> = {
  profile: sql.raw('profiles'),
  company: sql.raw('companies'),
  job: sql.raw('jobs'),
};
const NOT_FOUND: Record<TimelineSubject, () => ApiError> = {
  profile: profileNotFound,
  company: companyNotFound,
  job: jobNotFound,
};

type EntryRow = typeof timelineEntries.$inferSelect;
/** An entry's kind, checked (the column is text with a check constraint). */
const Kind = v.picklist(TIMELINE_KINDS);

/** Until when `caller` may edit a note: its author, within 24 hours of writing it. */
function editableUntil(row: EntryRow, caller: Caller, now: Date): string | null {
  if (row.kind !== 'note' || row.authorId !== caller.userId) return null;
  const until = row.createdAt.getTime() + NOTE_EDIT_WINDOW_MS;
  return until > now.getTime() ? new Date(until).toISOString() : null;
}

function toEntry(row: EntryRow, extras: EntryExtras, caller: Caller, now: Date): TimelineEntry {
  return {
    uuid: row.id,
    kind: v.parse(Kind, row.kind),
    action: row.action,
    text: row.text,
    details: row.details ?? {},
    references: extras.references,
    fields: extras.fields,
    author: row.authorEmail ? { uuid: row.authorId, email: row.authorEmail } : null,
    at: isoTime(row.at),
    createdAt: isoTime(row.createdAt),
    editedAt: isoTime(row.editedAt),
    editableUntil: editableUntil(row, caller, now),
  };
}

/** Writes one entry (the caller checked the subject exists, or holds it in its transaction). */
export async function insertTimelineEntry(
  db: Database,
  target: TimelineTarget,
  entry: {
    kind: TimelineKind;
    action?: string | null;
    text?: string | null;
    details?: Record<string, unknown>;
    author?: { id: string; email: string } | null;
    /** When it happened; now unless said. */
    at?: Date;
    /** When it was written (a note's 24 hours count from it); now unless said. */
    createdAt?: Date;
  },
): Promise<EntryRow> {
  const [row] = await db
    .insert(timelineEntries)
    .values({
      id: crypto.randomUUID(),
      [KEYS[target.kind]]: target.id,
      kind: entry.kind,
      action: entry.action ?? null,
      text: entry.text ?? null,
      details: entry.details ?? {},
      authorId: entry.author?.id ?? null,
      authorEmail: entry.author?.email ?? null,
      // The database's clock unless said (the defaults).
      ...(entry.at ? { at: entry.at } : {}),
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('timeline entry not written');
  return row;
}

/** The rows as the timeline answers them, with what they name read now (server/timeline/references.ts). */
async function toEntries(
  db: Database,
  target: TimelineTarget,
  rows: EntryRow[],
  caller: Caller,
  now: Date,
): Promise<TimelineEntry[]> {
  const extras = await entryExtras(db, target.kind, target.id, rows);
  return rows.map((row, index) => toEntry(row, extras[index] as EntryExtras, caller, now));
}

/** 404 in the subject's own words when it does not exist. */
async function assertSubject(db: Database, target: TimelineTarget): Promise<void> {
  const [row] = await queryRows(
    db,
    sql`select id from ${TABLES[target.kind]} where id = ${target.id}`,
    IdRow,
  );
  if (!row) throw NOT_FOUND[target.kind]();
}

/** GET /api/agent/timeline/{subject}/{uuid}: newest first, one kind or all, paged. */
export async function listTimeline(
  db: Database,
  caller: Caller,
  target: TimelineTarget,
  query: TimelineQuery,
  now: Date,
): Promise<TimelinePage> {
  await assertSubject(db, target);
  const where = and(
    eq(COLUMNS[target.kind], target.id),
    query.kind ? eq(timelineEntries.kind, query.kind) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(timelineEntries)
      .where(where)
      .orderBy(desc(timelineEntries.at), desc(timelineEntries.createdAt), desc(timelineEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.$count(timelineEntries, where),
  ]);
  return {
    items: await toEntries(db, target, rows, caller, now),
    total,
    page: query.page,
    limit: query.limit,
  };
}

async function authorOf(db: Database, caller: Caller): Promise<{ id: string; email: string }> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  return { id: caller.userId, email: row?.email ?? caller.userId };
}

/** POST /api/agent/timeline/{subject}/{uuid}: a note (now), or a call or mail on its date. */
export async function addTimelineEntry(
  db: Database,
  caller: Caller,
  target: TimelineTarget,
  body: TimelineAdd,
  now: Date,
): Promise<TimelineEntry> {
  await assertSubject(db, target);
  const row = await insertTimelineEntry(db, target, {
    kind: body.kind,
    text: body.text,
    author: await authorOf(db, caller),
    at: body.kind === 'note' ? now : new Date(body.at),
    createdAt: now,
  });
  const [entry] = await toEntries(db, target, [row], caller, now);
  return entry as TimelineEntry;
}

/**
 * PUT /api/agent/timeline/{subject}/{uuid}/{entry}: a note's new text, by its author within 24 hours
 * of writing it (403 `timeline.not_author`, 409 `timeline.edit_expired`); calls, mails and events
 * are not edited (409 `timeline.not_editable`).
 */
export async function editTimelineNote(
  db: Database,
  caller: Caller,
  target: TimelineTarget,
  entryId: string,
  text: string,
  now: Date,
): Promise<TimelineEntry> {
  await assertSubject(db, target);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(timelineEntries)
      .where(and(eq(timelineEntries.id, entryId), eq(COLUMNS[target.kind], target.id)))
      .for('update');
    if (!current) throw new ApiError(404, 'timeline.entry_not_found', 'No such timeline entry');
    if (current.kind !== 'note') throw new ApiError(409, 'timeline.not_editable', 'Only notes are edited');
    if (current.authorId !== caller.userId)
      throw new ApiError(403, 'timeline.not_author', 'Only the author edits a note');
    if (current.createdAt.getTime() + NOTE_EDIT_WINDOW_MS <= now.getTime())
      throw new ApiError(409, 'timeline.edit_expired', 'A note is editable for 24 hours');
    const [saved] = await tx
      .update(timelineEntries)
      .set({ text, editedAt: now })
      .where(eq(timelineEntries.id, entryId))
      .returning();
    return saved!;
  });
  const [entry] = await toEntries(db, target, [row], caller, now);
  return entry as TimelineEntry;
}

/**
 * What agents changed about a person's record, oldest first, for their data export: who, when,
 * what and which fields — the agents' events of the timeline, never notes, calls or mails.
 */
const AgentEditRow = v.object({ at: time, agent: text, action: text, details: record });

export async function agentEditsOf(db: Database, targets: TimelineTarget[]): Promise<AgentEdit[]> {
  if (targets.length === 0) return [];
  const subjects = sql.join(
    targets.map((t) => sql`${COLUMNS[t.kind]} = ${t.id}`),
    sql` or `,
  );
  const rows = await queryRows(
    db,
    sql`select at, author_email as agent, action, details from timeline_entries
        where kind = 'event' and author_email is not null and (${subjects})
        order by at, created_at, id`,
    AgentEditRow,
  );
  return rows.map((r) => {
    const fields = r.details.fields;
    return {
      at: r.at,
      agent: r.agent,
      action: r.action,
      fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
    };
  });
}
