import * as v from 'valibot';
import { FieldError, strictObject } from './field-errors';

/**
 * The agency deletes a candidate or a company (issue 42, PRODUCT.md §11 "People"): the same erasure
 * as the person's own deletion (profile, photo, account, sessions), the pipeline history anonymised
 * as retention does, and the deletion recorded without personal data — only who, when, the kind and
 * the reason's category (docs/decisions/0028-the-agency-deletes.md). Senior agents delete anyone;
 * an agent those they look after (assigned to them).
 *
 * GET  /api/agent/profile/{uuid}/erase   → ErasurePreviewSchema (what would go)
 * POST /api/agent/profile/{uuid}/erase   ErasureBodySchema → ErasurePreviewSchema (what went)
 * GET  /api/agent/company/{uuid}/erase   → ErasurePreviewSchema
 * POST /api/agent/company/{uuid}/erase   ErasureBodySchema → ErasurePreviewSchema
 *   403 erasure.not_assigned, 404 profile.not_found | company.not_found,
 *   400 erasure.confirm_mismatch (confirm is neither the name nor the e-mail),
 *   409 erasure.active_jobs (a company that is the client of active jobs: archive them first)
 */

/** Why a record is deleted: a category, never free text (free text could name the person). */
export const ERASURE_REASONS = ['erasure_request', 'duplicate', 'no_longer_needed', 'other'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

/** What kind of record went: the deletion record's `kind`. */
export const ERASURE_KINDS = ['candidate', 'company'] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

export const ERASURE_ERROR_CODES = [
  /** A plain agent deleting a record another agent (or nobody) looks after. */
  'erasure.not_assigned',
  /** The typed confirmation is neither the record's name nor its e-mail. */
  'erasure.confirm_mismatch',
  /** A company that is the client of active jobs: they are archived first. */
  'erasure.active_jobs',
  'erasure.reason_invalid',
] as const;

/**
 * The request: a reason and, typed by the agent, the record's name or e-mail (compared trimmed and
 * without regard to case), so that a slip of the mouse deletes nothing.
 */
export const ErasureBodySchema = strictObject(
  {
    reason: v.picklist(ERASURE_REASONS, 'erasure.reason_invalid'),
    confirm: v.pipe(v.string('erasure.confirm_mismatch'), v.maxLength(320, 'erasure.confirm_mismatch')),
  },
  FieldError.required,
);
export type ErasureBody = v.InferOutput<typeof ErasureBodySchema>;

/** What a deletion takes (GET: would take; POST: took): the dialog and the CLI name each. */
export const ErasurePreviewSchema = v.object({
  kind: v.picklist(ERASURE_KINDS),
  uuid: v.string(),
  /** The name as the record holds it ("" when none is entered): what the confirmation may type. */
  name: v.string(),
  /** The account's e-mail, else the contact e-mail an agent entered; null when none is known. */
  email: v.nullable(v.string()),
  /** The record has an account: it and every session of it go. */
  account: v.boolean(),
  photo: v.boolean(),
  /** The candidate's pipeline entries (they go; each job's history of them stays, anonymised). */
  pipelineEntries: v.number(),
  /** Notes, calls, mails and events on the record's own timeline (they go). */
  timelineEntries: v.number(),
  /** A company's contacts (they go). */
  contacts: v.number(),
  /** Jobs the company is the client of: they stay, without a client. */
  jobs: v.number(),
  /** Active ones among them: the company cannot be deleted before they are archived. */
  activeJobs: v.array(v.object({ uuid: v.string(), title: v.string() })),
});
export type ErasurePreview = v.InferOutput<typeof ErasurePreviewSchema>;

const folded = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');

/**
 * Whether the typed confirmation names the record: its name or its e-mail, trimmed, spaces folded,
 * without regard to case. The server decides with it; the dialog asks it before sending.
 */
export function confirmsRecord(record: { name: string; email: string | null }, typed: string): boolean {
  const text = folded(typed);
  return (
    text !== '' &&
    [record.name, record.email ?? ''].some((name) => name.trim() !== '' && folded(name) === text)
  );
}
