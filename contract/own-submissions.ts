import * as v from 'valibot';

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
  card: v.picklist(['anonymised', 'full']),
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
