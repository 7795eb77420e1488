import { eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import { CARD_KINDS } from '../../contract/cards';
import { JOB_STATUSES } from '../../contract/list-filters';
import {
  emptyCounts,
  PIPELINE_OPEN_STAGES,
  PIPELINE_STAGES,
  type PipelineBoard,
  type PipelineEntry,
  type PipelineFollowUps,
  type PipelineJobs,
  type PipelineStage,
  REJECTED_BY,
  type RejectedBy,
} from '../../contract/pipeline';
import { CLIENT_ANSWERS } from '../../contract/submissions';
import { profileNotFound } from '../agents/access';
import { assertAgent, type Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { dayOrNull, int, numOrNull, text, textOrNull, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { profiles } from '../db/schema/profiles';
import { ApiError } from '../errors';
import { jobNotFound } from '../jobs/access';
import { currentRun } from '../jobs/results';
import { photoUrl } from '../profiles/photos';
import {
  applyPipelineChange,
  type ChangeRefusal,
  entryNotFound,
  insertEntry,
  type PipelineChange,
} from './change';

/**
 * A job's pipeline (PRODUCT.md §10): entries job × candidate, moved along the stages of
 * contract/pipeline.ts. Agents only. Every move goes through `applyPipelineChange`
 * (server/pipeline/change.ts), which locks the entries (`for update`) and compares the version the
 * client read, so of two agents moving one entry at once one wins and the other is told the entry as
 * it is (409); every move is a `stage.changed` event on the candidate's and the job's timeline.
 */

/** An entry as SELECT_ENTRIES reads it. */
const EntryRow = v.object({
  id: uuid,
  job_id: uuid,
  profile_id: uuid,
  type: text,
  name: textOrNull,
  photo_id: uuidOrNull,
  stage: v.picklist(PIPELINE_STAGES),
  last_open_stage: v.picklist(PIPELINE_OPEN_STAGES),
  reason: textOrNull,
  reason_by: v.nullable(v.picklist([...REJECTED_BY, 'candidate'])),
  score: numOrNull,
  follow_up: dayOrNull,
  follow_up_time: textOrNull,
  follow_up_note: textOrNull,
  version: int,
  moved_at: time,
  moved_by_email: textOrNull,
  created_at: time,
  submitted_at: timeOrNull,
  submitted_card: v.nullable(v.picklist(CARD_KINDS)),
  client_answer: v.nullable(v.picklist(CLIENT_ANSWERS)),
  client_comment: textOrNull,
  client_answered_at: timeOrNull,
});
type EntryRow = v.InferOutput<typeof EntryRow>;

function toEntry(row: EntryRow): PipelineEntry {
  return {
    uuid: row.id,
    jobUuid: row.job_id,
    profile: {
      uuid: row.profile_id,
      type: row.type,
      name: row.name ?? '',
      photo: row.photo_id ? photoUrl(row.photo_id) : null,
    },
    stage: row.stage,
    lastOpenStage: row.last_open_stage,
    reason: row.reason,
    reasonBy: row.reason_by,
    score: row.score,
    followUp: row.follow_up,
    followUpTime: row.follow_up_time,
    followUpNote: row.follow_up_note,
    version: row.version,
    movedAt: row.moved_at,
    movedBy: row.moved_by_email,
    createdAt: row.created_at,
    client:
      row.submitted_at === null
        ? null
        : {
            submittedAt: row.submitted_at,
            card: row.submitted_card ?? 'anonymised',
            answer: row.client_answer,
            comment: row.client_comment,
            answeredAt: row.client_answered_at,
          },
  };
}

/** The entries with their candidate, photo, mover and score in the job's latest done run. */
const SELECT_ENTRIES = (scores: SQL) => sql`select e.id, e.job_id, e.profile_id, p.type,
    nullif(concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name'), '') as name,
    ph.id as photo_id, e.stage, e.last_open_stage, e.reason, e.reason_by, r.score,
    to_char(e.follow_up, 'YYYY-MM-DD') as follow_up, to_char(e.follow_up_time, 'HH24:MI') as follow_up_time,
    e.follow_up_note, e.version, e.moved_at, mu.email as moved_by_email,
    e.created_at, e.submitted_at, e.submitted_card, e.client_answer, e.client_comment, e.client_answered_at
  from pipeline_entries e
  join profiles p on p.id = e.profile_id
  left join photos ph on ph.user_id = p.user_id
  left join users mu on mu.id = e.moved_by ${scores}`;

/** The score of each entry in its job's latest done run (one run per job, looked up once per job). */
const SCORE_JOIN = sql`left join lateral (select id from job_runs where job_id = e.job_id and state = 'done'
                     order by finished_at desc, id desc limit 1) cr on true
  left join job_results r on r.run_id = cr.id and r.profile_id = e.profile_id`;

/** The board's order of stages: the contract's, not a copy of it. */
const STAGE_ORDER = sql`array_position(${`{${PIPELINE_STAGES.join(',')}}`}::text[], e.stage)`;

export async function entriesWhere(
  db: Database,
  where: SQL,
  order: SQL = sql`e.moved_at desc, e.id`,
  scores: SQL = SCORE_JOIN,
) {
  const rows = await queryRows(db, sql`${SELECT_ENTRIES(scores)} where ${where} order by ${order}`, EntryRow);
  return rows.map(toEntry);
}

export async function assertJobExists(db: Database, jobId: string): Promise<string> {
  if (!isUuid(jobId)) throw jobNotFound();
  const id = jobId.toLowerCase();
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
  if (!job) throw jobNotFound();
  return id;
}

/** GET /api/job/{uuid}/pipeline: every entry of the job, by stage then newest move, and the counts. */
export async function listBoard(db: Database, caller: Caller, jobId: string): Promise<PipelineBoard> {
  assertAgent(caller);
  const id = await assertJobExists(db, jobId);
  // One job: its latest run is looked up once, not per entry.
  const items = await entriesWhere(
    db,
    sql`e.job_id = ${id}`,
    sql`${STAGE_ORDER}, e.moved_at desc, e.id`,
    sql`left join job_results r on r.run_id = ${currentRun(id)} and r.profile_id = e.profile_id`,
  );
  const counts = emptyCounts();
  for (const item of items) counts[item.stage] += 1;
  return { items, counts };
}

/**
 * PUT /api/job/{uuid}/pipeline/{profile}: the candidate enters the job's pipeline as `proposed`.
 * Adding a candidate who is in already changes nothing and answers the entry as it is (the results'
 * button may be pressed twice, from two tabs), `created` false.
 */
export async function addEntry(
  db: Database,
  caller: Caller,
  jobId: string,
  profileId: string,
): Promise<{ entry: PipelineEntry; created: boolean }> {
  assertAgent(caller);
  const job = await assertJobExists(db, jobId);
  if (!isUuid(profileId)) throw profileNotFound();
  const profile = profileId.toLowerCase();
  const [found] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profile));
  if (!found) throw profileNotFound();
  const created = await db.transaction((tx) => insertEntry(tx, caller, { job, profile }));
  const [entry] = await entriesWhere(db, sql`e.job_id = ${job} and e.profile_id = ${profile}`);
  return { entry: entry!, created };
}

export interface MoveRequest {
  to: PipelineStage;
  by?: RejectedBy | undefined;
  reason?: string | undefined;
}

export type MoveOutcome<T, Code = ChangeRefusal> =
  | { ok: true; value: T }
  | { ok: false; code: Code; current: T };

/** An agent's change of the named entries, all or none, in one transaction (applyPipelineChange). */
export function changeEntries(
  db: Database,
  caller: Caller,
  wanted: { uuid: string; version?: number }[],
  change: PipelineChange,
  jobId: string | null,
) {
  return db.transaction((tx) =>
    applyPipelineChange(tx, {
      caller,
      entries: wanted.map((w) => ({ id: w.uuid, version: w.version })),
      jobId,
      change,
      now: new Date(),
    }),
  );
}

const toMove = (move: MoveRequest): PipelineChange => ({
  kind: 'move',
  to: move.to,
  by: move.by,
  reason: move.reason,
});

/** The entries named, in the order named (each one there). */
export async function entriesInOrder(db: Database, named: { uuid: string }[]): Promise<PipelineEntry[]> {
  const ids = named.map((e) => e.uuid.toLowerCase());
  const entries = await entriesWhere(db, sql`e.id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return ids.map((id) => entries.find((e) => e.uuid === id)!);
}

/** POST /api/pipeline/{entry}/move. */
export async function moveEntry(
  db: Database,
  caller: Caller,
  entryId: string,
  move: MoveRequest & { version: number },
): Promise<MoveOutcome<PipelineEntry>> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const outcome = await changeEntries(
    db,
    caller,
    [{ uuid: entryId, version: move.version }],
    toMove(move),
    null,
  );
  const [entry] = await entriesWhere(db, sql`e.id = ${entryId.toLowerCase()}`);
  return outcome.ok ? { ok: true, value: entry! } : { ok: false, code: outcome.code, current: entry! };
}

/** POST /api/job/{uuid}/pipeline/move: all of the entries (of this job) or none. */
export async function moveEntries(
  db: Database,
  caller: Caller,
  jobId: string,
  move: MoveRequest & { entries: { uuid: string; version: number }[] },
): Promise<MoveOutcome<PipelineEntry[]>> {
  assertAgent(caller);
  const job = await assertJobExists(db, jobId);
  const outcome = await changeEntries(db, caller, move.entries, toMove(move), job);
  const ordered = await entriesInOrder(db, move.entries);
  return outcome.ok ? { ok: true, value: ordered } : { ok: false, code: outcome.code, current: ordered };
}

export interface FollowUpRequest {
  followUp: string | null;
  time?: string | null | undefined;
  note?: string | null | undefined;
}

/**
 * PUT /api/pipeline/{entry}/follow-up: a day to come back to the entry, with an optional time and
 * note (set or postponed), or none (cleared) — through `applyPipelineChange`, like every write.
 */
export async function setFollowUp(
  db: Database,
  caller: Caller,
  entryId: string,
  followUp: FollowUpRequest,
): Promise<PipelineEntry> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const change: PipelineChange = {
    kind: 'followUp',
    day: followUp.followUp,
    time: followUp.time ?? null,
    note: followUp.note || null,
  };
  await changeEntries(db, caller, [{ uuid: entryId }], change, null);
  const [entry] = await entriesWhere(db, sql`e.id = ${entryId.toLowerCase()}`);
  return entry!;
}

/**
 * POST /api/pipeline/{entry}/follow-up/done: the follow-up is done — cleared, and `follow_up.done`
 * (with the day, time and note it had) on the candidate's and the job's timeline. Done again changes
 * nothing and answers the entry.
 */
export async function followUpDone(db: Database, caller: Caller, entryId: string): Promise<PipelineEntry> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  await changeEntries(db, caller, [{ uuid: entryId }], { kind: 'followUpDone' }, null);
  const [entry] = await entriesWhere(db, sql`e.id = ${entryId.toLowerCase()}`);
  return entry!;
}

const JOB_TITLE = sql`coalesce(j."values" ->> 'title', '')`;
const JobTitleRow = v.object({ id: uuid, title: text, status: v.picklist(JOB_STATUSES) });

/** GET /api/agent/profile/{uuid}/pipeline: the jobs a candidate is in, with their entry. */
export async function jobsOfProfile(db: Database, caller: Caller, profileId: string): Promise<PipelineJobs> {
  assertAgent(caller);
  if (!isUuid(profileId)) throw new ApiError(400, 'uuid.invalid', 'Not a uuid');
  const profile = profileId.toLowerCase();
  const [found] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profile));
  if (!found) throw profileNotFound();
  const entries = await entriesWhere(db, sql`e.profile_id = ${profile}`);
  if (entries.length === 0) return { items: [] };
  const titled = await queryRows(
    db,
    sql`select j.id, ${JOB_TITLE} as title, j.status from jobs j
        where j.id = any(${`{${entries.map((e) => e.jobUuid).join(',')}}`}::uuid[])`,
    JobTitleRow,
  );
  const byId = new Map(titled.map((j) => [j.id, j]));
  return {
    items: entries.map((entry) => {
      const job = byId.get(entry.jobUuid)!;
      return { job: { uuid: job.id, title: job.title, status: job.status }, entry };
    }),
  };
}

/**
 * A follow-up (e: pipeline_entries) due on `today` or before, of an active job the caller works on or
 * set by the caller: the "today" list and the dashboard's count (server/pipeline/attention.ts).
 */
export function followUpDue(caller: Caller, today: string): SQL {
  return sql`e.follow_up <= ${today}::date and exists (select 1 from jobs j where j.id = e.job_id and j.status = 'active'
          and (j.assigned_agent_id = ${caller.userId} or e.follow_up_by = ${caller.userId}))`;
}

/**
 * GET /api/pipeline/follow-ups: the caller's follow-ups due on `today` (the client's calendar day) or
 * before — of entries on active jobs the caller works on, or whose follow-up the caller set — oldest first.
 */
export async function followUpsDue(db: Database, caller: Caller, today: string): Promise<PipelineFollowUps> {
  assertAgent(caller);
  // The oldest day first; on one day those without a time first, then by time.
  const entries = await entriesWhere(
    db,
    followUpDue(caller, today),
    sql`e.follow_up, e.follow_up_time nulls first, e.id`,
  );
  if (entries.length === 0) return { today, items: [] };
  const found = await queryRows(
    db,
    sql`select j.id, ${JOB_TITLE} as title, j.status from jobs j
        where j.id = any(${`{${[...new Set(entries.map((e) => e.jobUuid))].join(',')}}`}::uuid[])`,
    JobTitleRow,
  );
  const byId = new Map(found.map((j) => [j.id, j]));
  return {
    today,
    items: entries.map((entry) => ({
      job: { uuid: entry.jobUuid, title: byId.get(entry.jobUuid)?.title ?? '' },
      entry,
    })),
  };
}
