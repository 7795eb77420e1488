import { type SQL, sql } from 'drizzle-orm';
import {
  type AgentEdit,
  NOTE_EDIT_WINDOW_MS,
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

const COLUMNS: Record<TimelineSubject, SQL> = {
  profile: sql.raw('profile_id'),
  company: sql.raw('company_id'),
  job: sql.raw('job_id'),
};
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

interface EntryRow {
  id: string;
  kind: TimelineKind;
  action: string | null;
  text: string | null;
  details: Record<string, unknown>;
  author_id: string | null;
  author_email: string | null;
  at: string | Date;
  created_at: string | Date;
  edited_at: string | Date | null;
}

const ENTRY_COLUMNS = sql`id, kind, action, text, details, author_id, author_email, at, created_at, edited_at`;
const iso = (value: string | Date) => new Date(value).toISOString();

/** Until when `caller` may edit a note: its author, within 24 hours of writing it. */
function editableUntil(row: EntryRow, caller: Caller, now: Date): string | null {
  if (row.kind !== 'note' || row.author_id !== caller.userId) return null;
  const until = new Date(row.created_at).getTime() + NOTE_EDIT_WINDOW_MS;
  return until > now.getTime() ? new Date(until).toISOString() : null;
}

function toEntry(row: EntryRow, extras: EntryExtras, caller: Caller, now: Date): TimelineEntry {
  return {
    uuid: row.id,
    kind: row.kind,
    action: row.action,
    text: row.text,
    details: row.details ?? {},
    references: extras.references,
    fields: extras.fields,
    author: row.author_email ? { uuid: row.author_id, email: row.author_email } : null,
    at: iso(row.at),
    createdAt: iso(row.created_at),
    editedAt: row.edited_at === null ? null : iso(row.edited_at),
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
  const at = entry.at ? entry.at.toISOString() : null;
  const createdAt = entry.createdAt ? entry.createdAt.toISOString() : null;
  const [row] = await queryRows<EntryRow>(
    db,
    sql`insert into timeline_entries (id, ${COLUMNS[target.kind]}, kind, action, text, details, author_id,
          author_email, at, created_at)
        values (${crypto.randomUUID()}, ${target.id}, ${entry.kind}, ${entry.action ?? null},
          ${entry.text ?? null}, ${JSON.stringify(entry.details ?? {})}::jsonb, ${entry.author?.id ?? null},
          ${entry.author?.email ?? null}, coalesce(${at}::timestamptz, now()),
          coalesce(${createdAt}::timestamptz, now()))
        returning ${ENTRY_COLUMNS}`,
  );
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
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from ${TABLES[target.kind]} where id = ${target.id}`,
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
  const where = sql`${COLUMNS[target.kind]} = ${target.id}${query.kind ? sql` and kind = ${query.kind}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    queryRows<EntryRow>(
      db,
      sql`select ${ENTRY_COLUMNS} from timeline_entries where ${where}
          order by at desc, created_at desc, id desc
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select count(*) as total from timeline_entries where ${where}`,
    ),
  ]);
  return {
    items: await toEntries(db, target, rows, caller, now),
    total: Number(count?.total ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

async function authorOf(db: Database, caller: Caller): Promise<{ id: string; email: string }> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from users where id = ${caller.userId}`,
  );
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
    const db2 = tx as unknown as Database;
    const [current] = await queryRows<EntryRow>(
      db2,
      sql`select ${ENTRY_COLUMNS} from timeline_entries
          where id = ${entryId} and ${COLUMNS[target.kind]} = ${target.id} for update`,
    );
    if (!current) throw new ApiError(404, 'timeline.entry_not_found', 'No such timeline entry');
    if (current.kind !== 'note') throw new ApiError(409, 'timeline.not_editable', 'Only notes are edited');
    if (current.author_id !== caller.userId)
      throw new ApiError(403, 'timeline.not_author', 'Only the author edits a note');
    if (new Date(current.created_at).getTime() + NOTE_EDIT_WINDOW_MS <= now.getTime())
      throw new ApiError(409, 'timeline.edit_expired', 'A note is editable for 24 hours');
    const [saved] = await queryRows<EntryRow>(
      db2,
      sql`update timeline_entries set text = ${text}, edited_at = ${now.toISOString()}
          where id = ${entryId} returning ${ENTRY_COLUMNS}`,
    );
    return saved!;
  });
  const [entry] = await toEntries(db, target, [row], caller, now);
  return entry as TimelineEntry;
}

/**
 * What agents changed about a person's record, oldest first, for their data export: who, when,
 * what and which fields — the agents' events of the timeline, never notes, calls or mails.
 */
export async function agentEditsOf(db: Database, targets: TimelineTarget[]): Promise<AgentEdit[]> {
  if (targets.length === 0) return [];
  const subjects = sql.join(
    targets.map((t) => sql`${COLUMNS[t.kind]} = ${t.id}`),
    sql` or `,
  );
  const rows = await queryRows<{
    at: string | Date;
    agent: string;
    action: string;
    details: Record<string, unknown>;
  }>(
    db,
    sql`select at, author_email as agent, action, details from timeline_entries
        where kind = 'event' and author_email is not null and (${subjects})
        order by at, created_at, id`,
  );
  return rows.map((r) => {
    const fields = r.details?.fields;
    return {
      at: iso(r.at),
      agent: r.agent,
      action: r.action,
      fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
    };
  });
}
