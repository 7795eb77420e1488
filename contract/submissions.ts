import * as v from 'valibot';
import { UuidSchema } from './agent';
import { CARD_KINDS } from './cards';
import { FieldError, strictObject } from './field-errors';

/*
 * Submissions, the client loop (PRODUCT.md §10 "The client loop"; the words: docs/architecture.md
 * "Vocabulary"). A candidate is the person; an entry is a candidate on one job's pipeline; a
 * submission is an entry sent to the job's client (the customer company), with the card it got. An
 * agent submits: one mail with the cards to a contact, a person at the client (below: sending). The
 * client answers a submission (the client's answers), and the candidate sees their own submissions.
 * The endpoints: contract/endpoints/submissions.ts; the server: server/submissions/.
 */

/*
 * Sending candidates to a job's client (issue 21 point 4, PRODUCT.md §10 "The client loop"): one mail
 * to one contact of the job's client company, in the contact's language, with one card (PDF) per
 * candidate: anonymised by default, the full card only for candidates who consented to be presented
 * by name. Agents only.
 *
 * POST /api/job/{uuid}/send/preview  SendRequestSchema → 200 SendPreviewSchema (nothing is written)
 * POST /api/job/{uuid}/send          SendRequestSchema → 201 SendResultSchema: the mail is queued in
 *                                    the outbox with the cards attached, `card.sent` is on each
 *                                    candidate's timeline and on the job's, all in one transaction.
 * Errors: 400 field codes (send.candidates_empty, send.too_many, send.full_not_sent, field.duplicate,
 *         uuid.invalid); 403 forbidden (not an agent); 404 job.not_found, contact.not_found (no contact
 *         of the job's client), profile.not_found (an unknown candidate); 409 send.no_client (a job
 *         without client), contact.no_email (a contact without address), card.consent_missing (a full
 *         card for someone who did not consent; `fields.full` names them), send.duplicate (the same
 *         send of the job less than 10 minutes ago: nothing is sent again). A refused personal line
 *         (`note`: field.too_long, field.invalid_text) is a 400 and nothing is sent.
 */

/** The agent's personal line in the mail (issue 42) is at most this many characters. */
export const MAX_SEND_NOTE = 500;

/** Control and bidi characters other than line breaks (\n, \r): a personal line is plain text. */
const NOTE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
  /^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/;

/** At most this many candidates go in one mail. */
export const MAX_SEND_CANDIDATES = 20;

/** The same send of a job again within this time is refused as a duplicate (10 minutes). */
export const DUPLICATE_SEND_WINDOW_MS = 10 * 60_000;

export const SendErrorCode = {
  candidatesEmpty: 'send.candidates_empty',
  tooMany: 'send.too_many',
  fullNotSent: 'send.full_not_sent',
  noClient: 'send.no_client',
  contactNoEmail: 'contact.no_email',
  consentMissing: 'card.consent_missing',
  /**
   * A candidate of the send went to another company for this job before (its client was changed
   * since): a submission stays with the company it went to (issue 41), so the send is refused whole.
   */
  sentToOtherClient: 'send.sent_to_other_client',
  /** The job's client changed while the send was being prepared: nothing was sent. */
  clientChanged: 'send.client_changed',
  /**
   * The same send (contact, candidates, full cards) of this job went out less than
   * `DUPLICATE_SEND_WINDOW_MS` ago: a second click or a retry; nothing was sent again.
   */
  duplicate: 'send.duplicate',
} as const;

/** Every code of the sending calls (contract/error-codes.ts gathers them for the UI's messages). */
export const SEND_ERROR_CODES = Object.values(SendErrorCode);

const noDuplicates = (list: string[]) => new Set(list.map((s) => s.toLowerCase())).size === list.length;

const ProfileIdsSchema = v.pipe(
  v.array(UuidSchema, FieldError.invalidType),
  v.check(noDuplicates, FieldError.duplicate),
  v.metadata({ uniqueItems: true }),
);

/**
 * The agent's personal line: trimmed, capped, line breaks kept (the mail writes them as \n), no other
 * control character. No transform, so that the API reference carries the pattern.
 */
export const SendNoteSchema = v.pipe(
  v.string(FieldError.invalidType),
  v.trim(),
  v.maxLength(MAX_SEND_NOTE, FieldError.tooLong),
  v.regex(NOTE_TEXT, FieldError.controlCharacters),
);

export const SendRequestSchema = v.pipe(
  strictObject(
    {
      /** A contact of the job's client company. */
      contact: UuidSchema,
      /** The candidates' profile uuids, in the order of the attachments. */
      candidates: v.pipe(
        ProfileIdsSchema,
        v.minLength(1, SendErrorCode.candidatesEmpty),
        v.maxLength(MAX_SEND_CANDIDATES, SendErrorCode.tooMany),
      ),
      /** Those of `candidates` who go with the full card (each must have consented); the rest anonymised. */
      full: v.optional(v.pipe(ProfileIdsSchema, v.maxLength(MAX_SEND_CANDIDATES, SendErrorCode.tooMany))),
      /**
       * The agent's personal line (issue 42): plain text, at most MAX_SEND_NOTE characters, put in the
       * mail after the salutation and kept on the timeline's `card.sent`; empty is none.
       */
      note: v.optional(SendNoteSchema, ''),
    },
    FieldError.required,
  ),
  v.forward(
    v.check((input) => {
      const sent = new Set(input.candidates.map((c) => c.toLowerCase()));
      return (input.full ?? []).every((id) => sent.has(id.toLowerCase()));
    }, SendErrorCode.fullNotSent),
    ['full'],
  ),
);
/** A send as the app writes it (the personal line may be left out; the server reads it as ''). */
export type SendRequest = v.InferInput<typeof SendRequestSchema>;

export const SendAttachmentSchema = v.object({
  /** The candidate's profile uuid. */
  candidate: v.string(),
  card: v.picklist(CARD_KINDS),
  fileName: v.string(),
});

/**
 * The mail as it will go out: to whom, in which language, its words and the attachments' names. The
 * words salute the contact formally (issue 42: "Sehr geehrte Frau Dr. Krüger", "Dear Ms Krüger"), carry
 * the personal line, and link each card to the page where the company answers about it
 * (`/clientCandidates/{job}?card={reference}`), built from the configured public origin.
 */
export const SendPreviewSchema = v.object({
  to: v.object({ name: v.string(), email: v.string() }),
  language: v.picklist(['de', 'en']),
  subject: v.string(),
  text: v.string(),
  attachments: v.array(SendAttachmentSchema),
});
export type SendPreview = v.InferOutput<typeof SendPreviewSchema>;

export const SendResultSchema = v.object({
  ...SendPreviewSchema.entries,
  /** ISO time the mail was queued. */
  sentAt: v.string(),
});
export type SendResult = v.InferOutput<typeof SendResultSchema>;

/*
 * The company answers (issue 21 point 5, PRODUCT.md §10 "The client loop"): a signed-in company sees,
 * per job it is the client of (its own requests and the jobs agents run for it), the candidates sent
 * to it — the same card it got (anonymised: the reference number and the agency's contact; full:
 * name and contact), never a score, never a candidate not sent — and answers "interested" (the entry
 * moves to `interview`) or "not interested" (`rejected` by the client, the comment its reason).
 * Companies with a finished registration only: agents and candidates 403, signed out 401.
 *
 * GET  /api/client/jobs                        → ClientJobsSchema (the jobs the company is client of)
 * GET  /api/client/job/{uuid}/submissions      → JobSubmissionsSchema; another company's job 404
 *                                                job.not_found
 * POST /api/client/submission/{entry}/answer    ClientAnswerSchema → SubmissionSchema; 404
 *                                                pipeline.entry_not_found (not sent to this company);
 *                                                409 client.already_answered /
 *                                                pipeline.transition_refused with `current` (the
 *                                                submission as the company sees it now)
 * POST /api/client/submission/{entry}/answer/undo → SubmissionSchema (awaiting again): the company
 *                                                takes its answer back within CLIENT_ANSWER_UNDO_MS
 *                                                (contract/pipeline.ts) while the entry is as the answer
 *                                                left it; else 409 client.change_expired /
 *                                                client.not_answered with `current`
 * GET  /api/client/submission/{entry}/card      → the same card as PDF, in the caller's language
 */

export const CLIENT_ANSWERS = ['interested', 'not_interested'] as const;
export type ClientAnswer = (typeof CLIENT_ANSWERS)[number];
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

/** A submission: an entry sent to the company, the card it got in both languages, and where its answer stands. */
export const SubmissionSchema = v.object({
  /** The pipeline entry (what an answer names). */
  uuid: v.string(),
  /** The candidate's stable reference number (`MW-…`), on both cards. */
  reference: v.string(),
  /** Which card the company got: anonymised unless the candidate consented and the agent chose the full one. */
  card: v.picklist(CARD_KINDS),
  cards: v.object({ de: ClientCardSchema, en: ClientCardSchema }),
  submittedAt: v.string(),
  status: v.picklist(CLIENT_STATUSES),
  comment: v.nullable(v.string()),
  answeredAt: v.nullable(v.string()),
  /** Until when the company may take its answer back (null: not, or no longer, possible). */
  changeableUntil: v.nullable(v.string()),
});
export type Submission = v.InferOutput<typeof SubmissionSchema>;

export const ClientJobRefSchema = v.object({
  uuid: v.string(),
  title: v.string(),
  status: v.picklist(['active', 'archived']),
});

/** A job the company is client of, with how many submissions it got and how many await its answer. */
export const ClientJobsSchema = v.object({
  items: v.array(v.object({ ...ClientJobRefSchema.entries, submitted: v.number(), awaiting: v.number() })),
});
export type ClientJobs = v.InferOutput<typeof ClientJobsSchema>;

export const JobSubmissionsSchema = v.object({
  job: ClientJobRefSchema,
  items: v.array(SubmissionSchema),
});
export type JobSubmissions = v.InferOutput<typeof JobSubmissionsSchema>;

/** 409 of an answer the entry cannot take (answered already, or moved on): the submission as it is. */
export const ClientAnswerConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist(['client.already_answered', 'pipeline.transition_refused']),
  message: v.string(),
  current: SubmissionSchema,
});

/** 409 of an answer the company can no longer take back: the submission as it is. */
export const ClientUndoConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist(['client.change_expired', 'client.not_answered']),
  message: v.string(),
  current: SubmissionSchema,
});

/**
 * What a candidate sees of where their profile went (issue 42, the lifecycle page): the steps their
 * profile has reached and every time it was sent to a company. Candidates only (luna, stella, nova),
 * each their own; every other account 403 `auth.forbidden`, anonymous 401.
 *
 * GET /api/profile/submissions → OwnSubmissionsSchema
 *
 * Privacy: a company is named only where the candidate's full card (with their name) went to it; an
 * anonymised card's company stays unnamed, as the candidate stayed unnamed to it. No job titles: an
 * agency's job title may name the company.
 */

/** Where a sent profile stands, in the candidate's words. */
export const OWN_SUBMISSION_STATUSES = [
  'waiting',
  'interested',
  'not_interested',
  'interview',
  'offer',
  'placed',
  'closed',
  'withdrawn',
] as const;
export type OwnSubmissionStatus = (typeof OWN_SUBMISSION_STATUSES)[number];

/** The steps of a candidate's profile, in order; `reached` says how far it got at most. */
export const PROFILE_STEPS = ['registered', 'visible', 'matched', 'proposed', 'sent', 'answered'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

export const OwnSubmissionSchema = v.object({
  /** When the profile was first sent to this company. */
  sentAt: v.string(),
  card: v.picklist(CARD_KINDS),
  /** The company's name for a full card; null for an anonymised one (and a company deleted since). */
  company: v.nullable(v.string()),
  status: v.picklist(OWN_SUBMISSION_STATUSES),
});
export type OwnSubmission = v.InferOutput<typeof OwnSubmissionSchema>;

export const OwnSubmissionsSchema = v.object({
  /** Every step the profile reached, in the order of PROFILE_STEPS (a later one may be reached without an earlier). */
  reached: v.array(v.picklist(PROFILE_STEPS)),
  /** How many different companies the profile was sent to. */
  companies: v.number(),
  /** Newest first. */
  items: v.array(OwnSubmissionSchema),
});
export type OwnSubmissions = v.InferOutput<typeof OwnSubmissionsSchema>;
