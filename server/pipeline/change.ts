import { eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CardKind } from '../../contract/cards';
import {
  answerStage,
  clientUndoAllowed,
  correctionAllowed,
  correctionClearsAnswer,
  type LastChange,
  lastOpenAfter,
  moveAllowed,
  PIPELINE_CHAIN,
  PIPELINE_OPEN_STAGES,
  PIPELINE_STAGES,
  type PipelineOpenStage,
  type PipelineStage,
  type RejectedBy,
  sendMoves,
  type UndoKind,
  type UndoRefusal,
  undoRefusal,
} from '../../contract/pipeline';
import type { ClientAnswer } from '../../contract/submissions';
import { recordAction } from '../agents/audit';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { dayOrNull, IdRow, int, textOrNull, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { pipelineEntries } from '../db/schema/pipeline';
import { ApiError } from '../errors';
import { sentToOtherClient } from '../submissions/send';

/**
 * The one way a pipeline entry changes (issue 43 point 1, STYLE.md "One way per concept"): an agent's
 * move (one or bulk), a correction, an undo, a removal, a send to the client, a company's answer and
 * its taking back all call `applyPipelineChange`, which locks the entries, compares the versions read,
 * asks contract/pipeline.ts's rules, writes the stage, the last open stage, the version, what an undo
 * needs, and the timeline events; a follow-up (set, postponed, cleared, done) is written here too.
 * `insertEntry` is the one way an entry comes in. Callers run both in
 * their transaction, so nothing is half-written.
 */

export type PipelineChange =
  | { kind: 'move'; to: PipelineStage; by?: RejectedBy | undefined; reason?: string | undefined }
  | { kind: 'correct'; to: PipelineOpenStage; reason: string }
  | { kind: 'undo' }
  | { kind: 'remove'; reason?: string | undefined }
  | { kind: 'send'; card: CardKind; company: string; contact: string | null }
  /** `contact`: the contact whose login answered (issue 42); none for the company's main login. */
  | {
      kind: 'answer';
      answer: ClientAnswer;
      comment: string | null;
      company: string;
      contact?: string | undefined;
    }
  | { kind: 'unanswer'; company: string }
  /** Sets or postpones (a day, a time, a note) or clears (day null) the follow-up; no stage, no version. */
  | { kind: 'followUp'; day: string | null; time: string | null; note: string | null }
  /** "Done": the follow-up is cleared and `follow_up.done` goes on both timelines (none: nothing). */
  | { kind: 'followUpDone' };

export type ChangeRefusal =
  | 'pipeline.transition_refused'
  | 'pipeline.version_conflict'
  | UndoRefusal
  | 'client.already_answered'
  | 'client.change_expired'
  | 'client.not_answered';

export interface ChangeRequest {
  caller: Pick<Caller, 'userId'>;
  /** The entries (ids), each with the version the client read; none for a send or an answer. */
  entries: { id: string; version?: number | undefined }[];
  /** Only entries of this job (a bulk call names its job). */
  jobId?: string | null;
  change: PipelineChange;
  now: Date;
}

export type ChangeOutcome = { ok: true } | { ok: false; code: ChangeRefusal };

export const entryNotFound = () => new ApiError(404, 'pipeline.entry_not_found', 'No such pipeline entry');

const UNDO_KINDS = ['agent', 'client'] as const satisfies readonly UndoKind[];

/** An entry as a change reads it (locked). */
const Row = v.object({
  id: uuid,
  job_id: uuid,
  profile_id: uuid,
  stage: v.picklist(PIPELINE_STAGES),
  last_open_stage: v.picklist(PIPELINE_OPEN_STAGES),
  version: int,
  submitted_company_id: uuidOrNull,
  client_answer: textOrNull,
  client_answered_at: timeOrNull,
  undo: v.nullable(
    v.object({ kind: v.optional(v.picklist(UNDO_KINDS)), stage: v.optional(v.picklist(PIPELINE_STAGES)) }),
  ),
  moved_by: uuidOrNull,
  moved_at: time,
  follow_up: dayOrNull,
  follow_up_time: textOrNull,
  follow_up_note: textOrNull,
});
type Row = v.InferOutput<typeof Row>;

const ms = (at: string) => new Date(at).getTime();

/** The columns a change writes and an undo puts back (besides version, mover and time). */
const KEPT = [
  'stage',
  'last_open_stage',
  'reason',
  'reason_by',
  'submitted_at',
  'submitted_card',
  'submitted_company_id',
  'submitted_contact_id',
  'client_answer',
  'client_comment',
  'client_answered_at',
  'client_answered_by',
  'answer_seen_at',
] as const;

/** `undo = ` the entry as it is before this update (the right side of SET reads the old row). */
const keepForUndo = (kind: UndoKind) =>
  sql.raw(`undo = jsonb_build_object('kind', '${kind}', ${KEPT.map((c) => `'${c}', ${c}`).join(', ')})`);

/** The kept columns back from `undo`. */
const RESTORE = sql.raw(
  `(${KEPT.join(', ')}) = (select ${KEPT.map((c) => `r.${c}`).join(', ')}
     from jsonb_populate_record(null::pipeline_entries, pipeline_entries.undo) r), undo = null`,
);

/**
 * An entry moved by hand to `submitted` or beyond was presented to the client (outside the tool):
 * if it was never sent, it counts as sent now with the default, anonymised card, to the job's client
 * of now (that company sees it, and keeps it should the client change).
 */
const presentedBy = (to: PipelineStage) =>
  PRESENTED.includes(to)
    ? sql`, submitted_at = coalesce(submitted_at, now()), submitted_card = coalesce(submitted_card, 'anonymised'),
          submitted_company_id = coalesce(submitted_company_id,
            (select client_company_id from jobs where jobs.id = pipeline_entries.job_id))`
    : sql``;
/** `submitted` and every stage after it on the contract's chain. */
const PRESENTED: readonly PipelineStage[] = PIPELINE_CHAIN.slice(PIPELINE_CHAIN.indexOf('submitted'));

const CLEAR_ANSWER = sql`, client_answer = null, client_comment = null, client_answered_at = null,
  client_answered_by = null, answer_seen_at = null`;

/** What one change does to one row: the SET list, and the timeline's details (none: nothing moved). */
interface Plan {
  set: SQL;
  details: ({ from: string | null; to: string } & Record<string, unknown>) | null;
}

function lastChange(row: Row): LastChange {
  return { kind: row.undo?.kind ?? null, by: row.moved_by, at: ms(row.moved_at) };
}

/** Why the rules refuse the change of this row, or null. */
function refusal(row: Row, change: PipelineChange, caller: string, now: number): ChangeRefusal | null {
  switch (change.kind) {
    case 'move':
      return moveAllowed(row.stage, row.last_open_stage, change.to) ? null : 'pipeline.transition_refused';
    case 'correct':
      return correctionAllowed(row.stage, row.last_open_stage, change.to)
        ? null
        : 'pipeline.transition_refused';
    case 'undo':
      return undoRefusal(lastChange(row), caller, now);
    case 'answer':
      if (row.client_answer !== null) return 'client.already_answered';
      return moveAllowed(row.stage, row.last_open_stage, answerStage(change.answer))
        ? null
        : 'pipeline.transition_refused';
    case 'unanswer':
      if (row.client_answer === null) return 'client.not_answered';
      return clientUndoAllowed(
        lastChange(row),
        row.client_answered_at === null ? null : ms(row.client_answered_at),
        now,
      )
        ? null
        : 'client.change_expired';
    case 'send':
    case 'remove':
    case 'followUp':
    case 'followUpDone':
      return null;
  }
}

function planOf(row: Row, change: PipelineChange, caller: string, now: string): Plan {
  const moved = sql`version = version + 1, moved_by = ${caller}, moved_at = ${now}`;
  switch (change.kind) {
    case 'move': {
      const by =
        change.to === 'rejected' ? (change.by ?? null) : change.to === 'withdrawn' ? 'candidate' : null;
      const reason = change.to === 'rejected' || change.to === 'withdrawn' ? change.reason || null : null;
      const lastOpen = lastOpenAfter(row.stage, row.last_open_stage, change.to);
      return {
        set: sql`${keepForUndo('agent')}, stage = ${change.to}, last_open_stage = ${lastOpen},
                 reason = ${reason}, reason_by = ${by}, ${moved} ${presentedBy(change.to)}`,
        details: { from: row.stage, to: change.to, ...(reason ? { reason } : {}), ...(by ? { by } : {}) },
      };
    }
    case 'correct':
      return {
        set: sql`${keepForUndo('agent')}, stage = ${change.to}, last_open_stage = ${change.to}, reason = null,
                 reason_by = null, ${moved} ${correctionClearsAnswer(change.to) ? CLEAR_ANSWER : sql``}`,
        details: { from: row.stage, to: change.to, reason: change.reason, change: 'correction' },
      };
    case 'undo':
    case 'unanswer':
      return {
        set: sql`${RESTORE}, ${moved}`,
        details: {
          from: row.stage,
          to: row.undo?.stage ?? row.stage,
          change: change.kind === 'undo' ? 'undo' : 'answer_withdrawn',
          ...(change.kind === 'unanswer' ? { company: change.company } : {}),
        },
      };
    case 'answer': {
      const to = answerStage(change.answer);
      const rejected = to === 'rejected';
      const reason = rejected ? change.comment : null;
      return {
        set: sql`${keepForUndo('client')}, stage = ${to},
                 last_open_stage = ${lastOpenAfter(row.stage, row.last_open_stage, to)},
                 reason = ${reason}, reason_by = ${rejected ? 'client' : null}, ${moved},
                 client_answer = ${change.answer}, client_comment = ${change.comment},
                 client_answered_at = ${now}, client_answered_by = ${caller}`,
        details: {
          from: row.stage,
          to,
          ...(rejected ? { by: 'client', ...(reason ? { reason } : {}) } : {}),
          answer: change.answer,
          ...(change.comment ? { comment: change.comment } : {}),
          company: change.company,
          ...(change.contact ? { contact: change.contact } : {}),
        },
      };
    }
    case 'send': {
      // A submission stays with the company it went to: never re-pointed to another (the send rolls back).
      if (row.submitted_company_id !== null && row.submitted_company_id !== change.company)
        throw sentToOtherClient();
      const moves = sendMoves(row.stage, row.last_open_stage);
      const sent = sql`undo = null, submitted_at = coalesce(submitted_at, now()),
            submitted_card = case when submitted_card = 'full' then 'full' else ${change.card} end,
            submitted_company_id = ${change.company},
            submitted_contact_id = coalesce(submitted_contact_id, ${change.contact})`;
      return moves
        ? {
            set: sql`${sent}, stage = 'submitted', last_open_stage = 'submitted', reason = null,
                     reason_by = null, ${moved}`,
            details: { from: row.stage, to: 'submitted' },
          }
        : { set: sent, details: null };
    }
    case 'followUp':
      // A follow-up is no move: the version, the mover and what an undo takes back stay.
      return {
        set: sql`follow_up = ${change.day}::date, follow_up_time = ${change.day ? change.time : null}::time,
                 follow_up_note = ${change.day ? change.note || null : null},
                 follow_up_by = ${change.day === null ? null : caller}`,
        details: null,
      };
    case 'followUpDone':
      return {
        set: sql`follow_up = null, follow_up_time = null, follow_up_note = null, follow_up_by = null`,
        details: null,
      };
    case 'remove':
      throw new Error('a removal deletes');
  }
}

/**
 * Changes the entries named, all or none: a stale version (409 pipeline.version_conflict) or a change
 * the rules refuse for any of them changes none. Unknown entries (or of another job) are 404.
 */
export async function applyPipelineChange(tx: Database, request: ChangeRequest): Promise<ChangeOutcome> {
  const { caller, change } = request;
  const ids = request.entries.map((e) => e.id.toLowerCase());
  const rows = await queryRows(
    tx,
    sql`select id, job_id, profile_id, stage, last_open_stage, version, submitted_company_id, client_answer,
          client_answered_at, undo, moved_by, moved_at, to_char(follow_up, 'YYYY-MM-DD') as follow_up,
          to_char(follow_up_time, 'HH24:MI') as follow_up_time, follow_up_note
        from pipeline_entries
        where id = any(${`{${ids.join(',')}}`}::uuid[]) ${request.jobId ? sql`and job_id = ${request.jobId}` : sql``}
        order by id for update`,
    Row,
  );
  if (rows.length !== ids.length) throw entryNotFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const stale = request.entries.some(
    (e) => e.version !== undefined && byId.get(e.id.toLowerCase())?.version !== e.version,
  );
  if (stale) return { ok: false, code: 'pipeline.version_conflict' };
  const now = request.now.getTime();
  for (const row of rows) {
    const code = refusal(row, change, caller.userId, now);
    if (code) return { ok: false, code };
  }
  const at = request.now.toISOString();
  for (const row of rows) {
    if (change.kind === 'remove') {
      await tx.delete(pipelineEntries).where(eq(pipelineEntries.id, row.id));
      await recordRemoval(tx, caller, row, change.reason);
      continue;
    }
    // "Done" on an entry without a follow-up (done twice, from two tabs) changes and records nothing.
    if (change.kind === 'followUpDone' && row.follow_up === null) continue;
    const plan = planOf(row, change, caller.userId, at);
    await tx.execute(sql`update pipeline_entries set ${plan.set} where id = ${row.id}`);
    if (plan.details)
      await recordStageChange(tx, caller, row.job_id, row.profile_id, plan.details, request.now);
    if (change.kind === 'followUpDone') await recordFollowUpDone(tx, caller, row, request.now);
  }
  return { ok: true };
}

/**
 * The one way an entry enters a job's pipeline: at `proposed` (an agent adds the candidate), or at
 * `submitted` when sent to the client. Nothing when the candidate is in already (false).
 */
export async function insertEntry(
  tx: Database,
  caller: Pick<Caller, 'userId'>,
  entry: {
    job: string;
    profile: string;
    sent?: { card: CardKind; company: string; contact: string | null };
  },
): Promise<boolean> {
  const stage: PipelineStage = entry.sent ? 'submitted' : 'proposed';
  const rows = await queryRows(
    tx,
    sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, created_by, moved_by,
                                      submitted_at, submitted_card, submitted_company_id, submitted_contact_id)
        values (${crypto.randomUUID()}, ${entry.job}, ${entry.profile}, ${stage}, ${stage}, ${caller.userId},
                ${caller.userId}, ${entry.sent ? sql`now()` : null}, ${entry.sent?.card ?? null},
                ${entry.sent?.company ?? null}, ${entry.sent?.contact ?? null})
        on conflict (job_id, profile_id) do nothing returning id`,
    IdRow,
  );
  if (rows.length === 0) return false;
  await recordStageChange(tx, caller, entry.job, entry.profile, { from: null, to: stage });
  return true;
}

/**
 * A move on both timelines: the candidate's names the job, the job's names the candidate. A client's
 * answer adds `answer`, `comment` and the company's name; a correction or undo says so in `change`.
 */
export async function recordStageChange(
  tx: Database,
  caller: Pick<Caller, 'userId'>,
  job: string,
  profile: string,
  details: { from: string | null; to: string; reason?: string; by?: string } & Record<string, unknown>,
  at?: Date,
) {
  await recordAction(tx, caller, { kind: 'profile', id: profile }, 'stage.changed', { ...details, job }, at);
  await recordAction(tx, caller, { kind: 'job', id: job }, 'stage.changed', { ...details, profile }, at);
}

/** A follow-up done on both timelines (`follow_up.done`): the day, time and note it had. */
async function recordFollowUpDone(tx: Database, caller: Pick<Caller, 'userId'>, row: Row, at: Date) {
  const details = {
    day: row.follow_up,
    ...(row.follow_up_time ? { time: row.follow_up_time } : {}),
    ...(row.follow_up_note ? { note: row.follow_up_note } : {}),
  };
  await recordAction(
    tx,
    caller,
    { kind: 'profile', id: row.profile_id },
    'follow_up.done',
    { ...details, job: row.job_id },
    at,
  );
  await recordAction(
    tx,
    caller,
    { kind: 'job', id: row.job_id },
    'follow_up.done',
    { ...details, profile: row.profile_id },
    at,
  );
}

/** A removal on both timelines (`pipeline.removed`): the stage it left, and why if said. */
async function recordRemoval(tx: Database, caller: Pick<Caller, 'userId'>, row: Row, reason?: string) {
  const details = { stage: row.stage, ...(reason ? { reason } : {}) };
  await recordAction(tx, caller, { kind: 'profile', id: row.profile_id }, 'pipeline.removed', {
    ...details,
    job: row.job_id,
  });
  await recordAction(tx, caller, { kind: 'job', id: row.job_id }, 'pipeline.removed', {
    ...details,
    profile: row.profile_id,
  });
}
