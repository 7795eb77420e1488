import * as v from 'valibot';
import { FieldError, strictObject } from './field-errors';

/*
 * The company answers (issue 21 point 5, PRODUCT.md §10 "The client loop"): a signed-in company sees,
 * per job it is the client of (its own requests and the jobs agents run for it), the candidates sent
 * to it — the same card it got (anonymised: the reference number and the agency's contact; full:
 * name and contact), never a score, never a candidate not sent — and answers "interested" (the entry
 * moves to `interview`) or "not interested" (`rejected` by the client, the comment its reason).
 * Companies with a finished registration only: agents and candidates 403, signed out 401.
 *
 * GET  /api/client/jobs                        → ClientJobsSchema (the jobs the company is client of)
 * GET  /api/client/job/{uuid}/candidates       → ClientJobCandidatesSchema; another company's job 404
 *                                                job.not_found
 * POST /api/client/candidate/{entry}/answer    ClientAnswerSchema → ClientCandidateSchema; 404
 *                                                pipeline.entry_not_found (not sent to this company);
 *                                                409 client.already_answered /
 *                                                pipeline.transition_refused with `current` (the
 *                                                candidate as the company sees it now)
 * POST /api/client/candidate/{entry}/answer/undo → ClientCandidateSchema (awaiting again): the company
 *                                                takes its answer back within CLIENT_ANSWER_UNDO_MS
 *                                                (contract/pipeline.ts) while the entry is as the answer
 *                                                left it; else 409 client.change_expired /
 *                                                client.not_answered with `current`
 * GET  /api/client/candidate/{entry}/card      → the same card as PDF, in the caller's language
 */

export const CLIENT_ANSWERS = ['interested', 'not_interested'] as const;
export type ClientAnswer = (typeof CLIENT_ANSWERS)[number];
/** Which card the company got: the anonymised one unless the candidate consented and the agent chose the full one. */
export const SUBMITTED_CARDS = ['anonymised', 'full'] as const;
export type SubmittedCard = (typeof SUBMITTED_CARDS)[number];
/** What the company sees of an entry's state: nothing of the agency's stages. */
export const CLIENT_STATUSES = ['awaiting', ...CLIENT_ANSWERS] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_ANSWER_ERROR_CODES = [
  /** The entry was answered already: the answer carries it as it is. */
  'client.already_answered',
  'client.answer_invalid',
  /** Taking an answer back: it is older than 10 minutes or the agency changed the entry since. */
  'client.change_expired',
  /** Taking an answer back: there is none. */
  'client.not_answered',
] as const;

/** The longest comment a company writes to an answer (plain text). */
export const CLIENT_COMMENT_MAX = 1000;

export const ClientAnswerSchema = strictObject(
  {
    answer: v.picklist(CLIENT_ANSWERS, 'client.answer_invalid'),
    comment: v.optional(
      v.pipe(v.string(FieldError.invalidType), v.trim(), v.maxLength(CLIENT_COMMENT_MAX, FieldError.tooLong)),
    ),
  },
  FieldError.required,
);
export type ClientAnswerInput = v.InferInput<typeof ClientAnswerSchema>;

/** One card's words in one language: the same text its PDF prints. */
export const ClientCardSchema = v.object({
  title: v.string(),
  /** The person's name (full card) or "Referenz MW-…" (anonymised). */
  name: v.string(),
  /** The occupation. */
  subtitle: v.string(),
  rows: v.array(v.object({ label: v.string(), value: v.string() })),
  /** The anonymised card's closing line (whom to ask); empty on a full card. */
  note: v.string(),
});
export type ClientCard = v.InferOutput<typeof ClientCardSchema>;

/** A candidate sent to the company: the card it got, in both languages, and where its answer stands. */
export const ClientCandidateSchema = v.object({
  /** The pipeline entry (what an answer names). */
  uuid: v.string(),
  /** The candidate's stable reference number (`MW-…`), on both cards. */
  reference: v.string(),
  card: v.picklist(SUBMITTED_CARDS),
  cards: v.object({ de: ClientCardSchema, en: ClientCardSchema }),
  submittedAt: v.string(),
  status: v.picklist(CLIENT_STATUSES),
  comment: v.nullable(v.string()),
  answeredAt: v.nullable(v.string()),
  /** Until when the company may take its answer back (null: not, or no longer, possible). */
  changeableUntil: v.nullable(v.string()),
});
export type ClientCandidate = v.InferOutput<typeof ClientCandidateSchema>;

export const ClientJobRefSchema = v.object({
  uuid: v.string(),
  title: v.string(),
  status: v.picklist(['active', 'archived']),
});

/** A job the company is client of, with how many candidates were sent and how many await its answer. */
export const ClientJobsSchema = v.object({
  items: v.array(v.object({ ...ClientJobRefSchema.entries, submitted: v.number(), awaiting: v.number() })),
});
export type ClientJobs = v.InferOutput<typeof ClientJobsSchema>;

export const ClientJobCandidatesSchema = v.object({
  job: ClientJobRefSchema,
  items: v.array(ClientCandidateSchema),
});
export type ClientJobCandidates = v.InferOutput<typeof ClientJobCandidatesSchema>;

/** 409 of an answer the entry cannot take (answered already, or moved on): the candidate as it is. */
export const ClientAnswerConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist(['client.already_answered', 'pipeline.transition_refused']),
  message: v.string(),
  current: ClientCandidateSchema,
});

/** 409 of an answer the company can no longer take back: the candidate as it is. */
export const ClientUndoConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist(['client.change_expired', 'client.not_answered']),
  message: v.string(),
  current: ClientCandidateSchema,
});
