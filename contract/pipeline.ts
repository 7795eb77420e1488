import * as v from 'valibot';
import { UuidSchema } from './agent';
import { CARD_KINDS } from './cards';
import { versionConflictSchema } from './errors';
import { FieldError, strictObject } from './field-errors';
import { MAX_INT32 } from './profile';

/**
 * The pipeline of a job (PRODUCT.md §10 "Pipeline per job"): one entry per job × candidate, in one
 * stage. This module is the one definition of the stages and of the moves between them: the client's
 * machine (src/machines/pipeline/pipeline-entry.machine.ts) is built from it and the server
 * (server/pipeline/) checks every move with `moveAllowed`.
 *
 * The moves (decided for issue 21, docs/decisions/0023-pipeline-moves.md):
 * - an open entry moves forward along the chain proposed → contacted → submitted → interview →
 *   offer → placed by one or more steps (the agent may record a step that happened outside the tool);
 *   never backwards by a move (a mistake is undone or corrected, below);
 * - an open entry moves to `rejected` (by the client or the agency, with a reason) or `withdrawn`
 *   (by the candidate; a reason is optional);
 * - a final entry (placed, rejected, withdrawn) moves only back to its last open stage ("reopen");
 * - issue 42: an entry is corrected to an earlier open stage with a reason (`correctionTargets`), its
 *   mover undoes a move for UNDO_WINDOW_MS (`undoRefusal`), a company takes its answer back for
 *   CLIENT_ANSWER_UNDO_MS (`clientUndoAllowed`); server/pipeline/change.ts applies every change.
 *
 * Calls (agents only; candidates and companies 403):
 * GET  /api/job/{uuid}/pipeline                 → PipelineBoardSchema
 * PUT  /api/job/{uuid}/pipeline/{profile}       → 201 PipelineEntrySchema (proposed); 200 with the
 *                                                 entry as it is when the candidate is in already
 * POST /api/pipeline/{entry}/move               PipelineMoveSchema → PipelineEntrySchema; 409
 *                                                 pipeline.transition_refused / pipeline.version_conflict
 *                                                 with `current`
 * POST /api/job/{uuid}/pipeline/move            PipelineBulkMoveSchema → PipelineEntryListSchema; all
 *                                                 or nothing, 409 as above with `current` the entries
 * POST …/correct, …/undo, …/remove               contract/pipeline-corrections.ts
 * PUT  /api/pipeline/{entry}/follow-up          PipelineFollowUpSchema → PipelineEntrySchema (set,
 *                                                 postponed or cleared: a day, an optional time, a note)
 * POST /api/pipeline/{entry}/follow-up/done     → PipelineEntrySchema ("done": cleared, on the timeline)
 * GET  /api/agent/profile/{uuid}/pipeline       → PipelineJobsSchema (the jobs a candidate is in)
 * GET  /api/pipeline/follow-ups?today=YYYY-MM-DD → PipelineFollowUpsSchema (due today and overdue,
 *                                                 on jobs the caller works on or set by the caller)
 */

/** The chain an entry moves along, in order; the last one is final. */
export const PIPELINE_CHAIN = ['proposed', 'contacted', 'submitted', 'interview', 'offer', 'placed'] as const;
export const PIPELINE_STAGES = [...PIPELINE_CHAIN, 'rejected', 'withdrawn'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const PIPELINE_OPEN_STAGES = ['proposed', 'contacted', 'submitted', 'interview', 'offer'] as const;
export type PipelineOpenStage = (typeof PIPELINE_OPEN_STAGES)[number];
export const PIPELINE_FINAL_STAGES = ['placed', 'rejected', 'withdrawn'] as const;
/** Who rejected an entry. */
export const REJECTED_BY = ['client', 'agency'] as const;
export type RejectedBy = (typeof REJECTED_BY)[number];

export function isOpenStage(stage: PipelineStage): stage is PipelineOpenStage {
  return (PIPELINE_OPEN_STAGES as readonly string[]).includes(stage);
}

/**
 * The stages an entry may move to from `stage`; `lastOpen` is the open stage a final entry was in
 * before (where reopening leads).
 */
export function allowedMoves(stage: PipelineStage, lastOpen: PipelineOpenStage): PipelineStage[] {
  if (!isOpenStage(stage)) return [lastOpen];
  const later = PIPELINE_CHAIN.slice(PIPELINE_CHAIN.indexOf(stage) + 1);
  return [...later, 'rejected', 'withdrawn'];
}

export function moveAllowed(stage: PipelineStage, lastOpen: PipelineOpenStage, to: PipelineStage): boolean {
  return allowedMoves(stage, lastOpen).includes(to);
}

/** The open stage an entry remembers after a move: where it now is if open, else where it was. */
export function lastOpenAfter(
  from: PipelineStage,
  lastOpen: PipelineOpenStage,
  to: PipelineStage,
): PipelineOpenStage {
  if (isOpenStage(to)) return to;
  return isOpenStage(from) ? from : lastOpen;
}

/**
 * Where an entry stands on the chain, to tell which stages are earlier: its stage's place, and for a
 * rejected or withdrawn entry just past its last open stage (it got that far, no further).
 */
function chainPlace(stage: PipelineStage, lastOpen: PipelineOpenStage): number {
  const at = (PIPELINE_CHAIN as readonly string[]).indexOf(stage);
  return at >= 0 ? at : PIPELINE_CHAIN.indexOf(lastOpen) + 0.5;
}

/**
 * "Correct the stage" (issue 42): an entry, open or final, goes back to any open stage of the chain
 * before where it stands — a wrong drag, a wrong menu choice, a client's wrong tap. The agent gives a
 * reason, which the timeline keeps; a rejected or withdrawn entry may also go to its last open stage.
 */
export function correctionTargets(stage: PipelineStage, lastOpen: PipelineOpenStage): PipelineOpenStage[] {
  const place = chainPlace(stage, lastOpen);
  return PIPELINE_OPEN_STAGES.filter((s) => PIPELINE_CHAIN.indexOf(s) < place);
}

export function correctionAllowed(
  stage: PipelineStage,
  lastOpen: PipelineOpenStage,
  to: PipelineStage,
): boolean {
  return (correctionTargets(stage, lastOpen) as PipelineStage[]).includes(to);
}

/**
 * A correction back to `submitted` or before takes the client's answer back too: the company sees the
 * candidate as awaiting its answer again (the answer stays on the timeline).
 */
export function correctionClearsAnswer(to: PipelineStage): boolean {
  return PIPELINE_CHAIN.indexOf(to as PipelineOpenStage) < PIPELINE_CHAIN.indexOf('interview');
}

/**
 * What a send to the client (server/submissions/send.ts) does to an entry in the pipeline already: an open
 * entry before `submitted` moves there; one further on or closed stays (sending again is no step back).
 */
export function sendMoves(stage: PipelineStage, lastOpen: PipelineOpenStage): boolean {
  return isOpenStage(stage) && moveAllowed(stage, lastOpen, 'submitted');
}

/** The stage a company's answer moves a candidate sent to it to. */
export function answerStage(answer: 'interested' | 'not_interested'): PipelineStage {
  return answer === 'interested' ? 'interview' : 'rejected';
}

/** An agent undoes their own move (the toast's "Undo") for this long after it. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;
/** A company changes its answer to a candidate (takes it back) for this long after giving it. */
export const CLIENT_ANSWER_UNDO_MS = 10 * 60 * 1000;

/** Whose change an entry's last change was, as far as undoing it goes. */
export type UndoKind = 'agent' | 'client';
/** An entry's last change for undo: whose (null: an addition, a send, an undo: none), by whom, when. */
export interface LastChange {
  kind: UndoKind | null;
  by: string | null;
  at: number;
}

export type UndoRefusal = 'pipeline.nothing_to_undo' | 'pipeline.undo_not_yours' | 'pipeline.undo_expired';

/**
 * Undo (issue 42): the agent who moved or corrected an entry takes that move back within
 * UNDO_WINDOW_MS, as long as nobody changed the entry since (the version the client holds is the
 * move's; the server checks it). Null when allowed, else why not.
 */
export function undoRefusal(last: LastChange, caller: string, now: number): UndoRefusal | null {
  if (last.kind !== 'agent') return 'pipeline.nothing_to_undo';
  if (last.by !== caller) return 'pipeline.undo_not_yours';
  if (now - last.at > UNDO_WINDOW_MS || now < last.at - UNDO_WINDOW_MS) return 'pipeline.undo_expired';
  return null;
}

/**
 * A company takes its answer back (to answer again) within CLIENT_ANSWER_UNDO_MS, while the entry is
 * as its answer left it; afterwards only an agent changes the entry ("correct the stage").
 */
export function clientUndoAllowed(last: LastChange, answeredAt: number | null, now: number): boolean {
  return (
    last.kind === 'client' &&
    answeredAt !== null &&
    now - answeredAt <= CLIENT_ANSWER_UNDO_MS &&
    now >= answeredAt
  );
}

export const PIPELINE_ERROR_CODES = [
  /** The move is not one the stage allows: the answer carries the entry as it is. */
  'pipeline.transition_refused',
  /** The entry was moved since it was read: the answer carries the entry as it is. */
  'pipeline.version_conflict',
  'pipeline.entry_not_found',
  /** A rejection names who rejected (client or agency) and why. */
  'pipeline.reason_required',
  'pipeline.stage_invalid',
  'pipeline.by_invalid',
  /** A bulk move names one entry twice. */
  'pipeline.duplicate_entry',
  /** A correction names no reason. */
  'pipeline.correction_reason_required',
  /** Undo: the entry's last change was no move of an agent (an addition, a send, an undo). */
  'pipeline.nothing_to_undo',
  /** Undo: another agent (or the client) made the entry's last move. */
  'pipeline.undo_not_yours',
  /** Undo: the move is older than UNDO_WINDOW_MS. */
  'pipeline.undo_expired',
  /** A follow-up's time or note without its day (a time is of a day; clearing clears all three). */
  'pipeline.follow_up_day_required',
  /** A follow-up's time that is no `HH:MM` of a day (00:00–23:59). */
  'pipeline.follow_up_time_invalid',
] as const;
export type PipelineErrorCode = (typeof PIPELINE_ERROR_CODES)[number];

export const PIPELINE_REASON_MAX = 500;
/** The version of an entry a change was read at. */
export const PipelineVersionSchema = v.pipe(
  v.number('version.required'),
  v.integer('version.required'),
  v.minValue(0, 'version.required'),
  v.maxValue(MAX_INT32, FieldError.tooLarge),
);
export const PipelineReasonSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.trim(),
  v.maxLength(PIPELINE_REASON_MAX, FieldError.tooLong),
);

const moveFields = {
  to: v.picklist(PIPELINE_STAGES, 'pipeline.stage_invalid'),
  /** Who rejected: required with `to: rejected`, refused otherwise. */
  by: v.optional(v.picklist(REJECTED_BY, 'pipeline.by_invalid')),
  /** Why: required with `to: rejected`, optional with `withdrawn`, refused otherwise. */
  reason: v.optional(PipelineReasonSchema),
};

type MoveFields = { to: PipelineStage; by?: RejectedBy | undefined; reason?: string | undefined };

/** A rejection names who and why; only a rejection or a withdrawal carries a reason. */
function reasonRule<T extends MoveFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { to, by, reason } = dataset.value;
    if (to === 'rejected') {
      if (!by) addIssue({ message: 'pipeline.reason_required', path: pathOf(dataset.value, 'by') });
      if (!reason) addIssue({ message: 'pipeline.reason_required', path: pathOf(dataset.value, 'reason') });
    } else {
      if (by !== undefined) addIssue({ message: FieldError.unknown, path: pathOf(dataset.value, 'by') });
      if (reason !== undefined && to !== 'withdrawn')
        addIssue({ message: FieldError.unknown, path: pathOf(dataset.value, 'reason') });
    }
  });
}

/**
 * `reasonRule` in the API reference's terms: the JSON Schema of the move bodies says which of `by`
 * and `reason` each target stage takes, so that a request a client builds from it is one we take.
 */
const reasonRuleDoc = <T extends MoveFields>() =>
  v.metadata<T, Record<string, unknown>>({
    anyOf: [
      { properties: { to: { const: 'rejected' }, reason: { pattern: '\\S' } }, required: ['by', 'reason'] },
      { properties: { to: { const: 'withdrawn' }, by: false } },
      { properties: { to: { not: { enum: ['rejected', 'withdrawn'] } }, by: false, reason: false } },
    ],
  });

function pathOf(input: object, key: string): [v.ObjectPathItem] {
  return [
    {
      type: 'object',
      origin: 'value',
      input: input as Record<string, unknown>,
      key,
      value: (input as Record<string, unknown>)[key],
    },
  ];
}

/** One entry's move, from the version the client read. */
export const PipelineMoveSchema = v.pipe(
  strictObject({ ...moveFields, version: PipelineVersionSchema }, FieldError.required),
  reasonRule(),
  reasonRuleDoc(),
);
export type PipelineMove = v.InferInput<typeof PipelineMoveSchema>;

export const PIPELINE_BULK_MAX = 200;

/** Several entries of one job to one stage: every one checked, all moved or none. */
export const PipelineBulkMoveSchema = v.pipe(
  strictObject(
    {
      ...moveFields,
      entries: v.pipe(
        v.array(
          strictObject({ uuid: UuidSchema, version: PipelineVersionSchema }, FieldError.required),
          FieldError.invalidType,
        ),
        v.minLength(1, FieldError.required),
        v.maxLength(PIPELINE_BULK_MAX, FieldError.tooLong),
        v.check(
          (xs) => new Set(xs.map((x) => x.uuid.toLowerCase())).size === xs.length,
          'pipeline.duplicate_entry',
        ),
      ),
    },
    FieldError.required,
  ),
  reasonRule(),
  reasonRuleDoc(),
);
export type PipelineBulkMove = v.InferInput<typeof PipelineBulkMoveSchema>;

/** The days a follow-up (and "today") may be: what the forms offer and the server takes. */
export const FOLLOW_UP_RANGE = { min: '2000-01-01', max: '2999-12-31' } as const;

export const PipelineDateSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.isoDate(FieldError.dateInvalid),
  v.check((s) => s >= FOLLOW_UP_RANGE.min && s <= FOLLOW_UP_RANGE.max, FieldError.dateInvalid),
  // The reference's form of the range: years 2000 to 2999 (with `format: date`, a day the calendar has).
  v.metadata({ pattern: '^2[0-9]{3}-' }),
  // isoDate takes 2026-02-30, which the database refuses to cast: only a day the calendar has.
  v.check((s) => {
    const date = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
  }, FieldError.dateInvalid),
);

/** A follow-up's time of day, `HH:MM` (24 h), the agent's wall clock on the follow-up's day. */
export const PipelineTimeSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'pipeline.follow_up_time_invalid'),
);
export const FOLLOW_UP_NOTE_MAX = 500;
export const PipelineFollowUpNoteSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.trim(),
  v.maxLength(FOLLOW_UP_NOTE_MAX, FieldError.tooLong),
);

type FollowUpFields = {
  followUp: string | null;
  time?: string | null | undefined;
  note?: string | null | undefined;
};

/** A time or a note belongs to a day: without one (clearing) neither is taken. */
function followUpDayRule<T extends FollowUpFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.followUp !== null) return;
    for (const key of ['time', 'note'] as const) {
      const value = dataset.value[key];
      if (value !== undefined && value !== null && value !== '')
        addIssue({ message: 'pipeline.follow_up_day_required', path: pathOf(dataset.value, key) });
    }
  });
}

/**
 * Sets, postpones (a day, an optional time, an optional note) or clears (`followUp: null`) an entry's
 * follow-up (issue 42 major 4). A time or note without a day is refused (400, nothing written).
 */
export const PipelineFollowUpSchema = v.pipe(
  strictObject(
    {
      followUp: v.nullable(PipelineDateSchema),
      time: v.optional(v.nullable(PipelineTimeSchema)),
      note: v.optional(v.nullable(PipelineFollowUpNoteSchema)),
    },
    FieldError.required,
  ),
  // The API reference says it in the operation's description (a JSON Schema of it lints badly).
  followUpDayRule(),
);
export type PipelineFollowUp = v.InferInput<typeof PipelineFollowUpSchema>;

/**
 * Where a follow-up stands on the reader's day `today`: due today (whatever its time: one today at
 * 16:00 is due today, in the morning as after four), overdue (an earlier day) or later. The server's
 * list of those due (`followUpDue`) takes the same days: on `today` or before.
 */
export function followUpStatus(day: string, today: string): 'overdue' | 'today' | 'later' {
  return day < today ? 'overdue' : day === today ? 'today' : 'later';
}

export const PipelineFollowUpsQuerySchema = v.object({ today: v.optional(PipelineDateSchema) });

export const PipelineEntrySchema = v.object({
  uuid: v.string(),
  jobUuid: v.string(),
  profile: v.object({
    uuid: v.string(),
    type: v.string(),
    name: v.string(),
    /** The photo's address (agents' protected image), or null. */
    photo: v.nullable(v.string()),
  }),
  stage: v.picklist(PIPELINE_STAGES),
  lastOpenStage: v.picklist(PIPELINE_OPEN_STAGES),
  reason: v.nullable(v.string()),
  reasonBy: v.nullable(v.picklist([...REJECTED_BY, 'candidate'])),
  /** The score of the job's latest done run, if the candidate is in its results. */
  score: v.nullable(v.number()),
  followUp: v.nullable(v.string()),
  /** The follow-up's time (`HH:MM`) and note, if given (issue 42); null without a follow-up. */
  followUpTime: v.optional(v.nullable(v.string())),
  followUpNote: v.optional(v.nullable(v.string())),
  version: v.number(),
  movedAt: v.string(),
  movedBy: v.nullable(v.string()),
  createdAt: v.string(),
  /**
   * The client loop (contract/submissions.ts): when the entry was first sent to the client, the
   * card it got, and the company's answer with its comment; null while never sent.
   */
  client: v.optional(
    v.nullable(
      v.object({
        submittedAt: v.string(),
        card: v.picklist(CARD_KINDS),
        answer: v.nullable(v.picklist(['interested', 'not_interested'])),
        comment: v.nullable(v.string()),
        answeredAt: v.nullable(v.string()),
      }),
    ),
  ),
});
export type PipelineEntry = v.InferOutput<typeof PipelineEntrySchema>;

export const PipelineEntryListSchema = v.object({ items: v.array(PipelineEntrySchema) });

/** A job's board: every entry (by stage, then by last move) and the count per stage. */
export const PipelineBoardSchema = v.object({
  items: v.array(PipelineEntrySchema),
  counts: v.record(v.picklist(PIPELINE_STAGES), v.number()),
});
export type PipelineBoard = v.InferOutput<typeof PipelineBoardSchema>;

/** 409 of a refused or stale move: the entry as it is now (a bulk move: the entries named). */
export const PipelineConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist(['pipeline.transition_refused', 'pipeline.version_conflict']),
  message: v.string(),
  current: v.union([PipelineEntrySchema, v.array(PipelineEntrySchema)]),
});
export const PipelineVersionConflictSchema = versionConflictSchema(
  'pipeline.version_conflict',
  PipelineEntrySchema,
);

/** The jobs a candidate is in, with their stage (the candidate's page). */
export const PipelineJobsSchema = v.object({
  items: v.array(
    v.object({
      job: v.object({ uuid: v.string(), title: v.string(), status: v.string() }),
      entry: PipelineEntrySchema,
    }),
  ),
});
export type PipelineJobs = v.InferOutput<typeof PipelineJobsSchema>;

/** Follow-ups due on `today` or before, the oldest first, with their job. */
export const PipelineFollowUpsSchema = v.object({
  today: v.string(),
  items: v.array(
    v.object({ job: v.object({ uuid: v.string(), title: v.string() }), entry: PipelineEntrySchema }),
  ),
});
export type PipelineFollowUps = v.InferOutput<typeof PipelineFollowUpsSchema>;

/** The count per stage of a job (the job list's column), every stage present. */
export type PipelineCounts = Record<PipelineStage, number>;
export function emptyCounts(): PipelineCounts {
  return Object.fromEntries(PIPELINE_STAGES.map((s) => [s, 0])) as PipelineCounts;
}
