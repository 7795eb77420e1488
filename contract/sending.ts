import * as v from 'valibot';
import { UuidSchema } from './agent';
import { FieldError, strictObject } from './field-errors';

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
/** A send as the client writes it (the personal line may be left out; the server reads it as ''). */
export type SendRequest = v.InferInput<typeof SendRequestSchema>;

export const SendAttachmentSchema = v.object({
  /** The candidate's profile uuid. */
  candidate: v.string(),
  card: v.picklist(['full', 'anonymous']),
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
