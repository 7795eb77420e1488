import * as v from 'valibot';
import { versionConflictSchema } from './errors';
import { FieldError, strictObject } from './field-errors';

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT32 = 2_147_483_647;

export const PROFILE_STATUSES = ['active', 'inactive'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/**
 * GET/PUT /api/profile and GET/PUT /api/company answer this (issue "Profiles"): the catalogue values
 * of the caller's user type, the photo URL, whether the profile takes part in matching, how complete
 * it is and which required fields are missing, and the version a PUT must name.
 */
export const ProfileResponseSchema = v.object({
  uuid: v.string(),
  type: v.string(),
  values: v.record(v.string(), v.unknown()),
  /** URL of the 512 × 512 photo (fetched as a blob with the token), or null. */
  image: v.nullable(v.string()),
  /** The candidate's own switch: matching on (active) or off (inactive). */
  status: v.picklist(PROFILE_STATUSES),
  /**
   * The agency's block (PRODUCT.md §8): the profile is in no run, whatever its own switch says, and
   * only an agent lifts it. The reason is the agency's note and is not shown to the candidate.
   */
  pausedByAgency: v.boolean(),
  /** 0–100: the share of the required fields that are filled. */
  completeness: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  /** Keys of the required fields that are still empty, in catalogue order. */
  missing: v.array(v.string()),
  /** Increases with every saved change; a PUT naming an older version is refused with 409. */
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * Whether the caller may change this record: the company profile's answer always says it (false
   * for a contact's login, decision 0031); absent on the other profiles, which their reader may edit.
   */
  canEdit: v.optional(v.boolean()),
});
export type ProfileResponse = v.InferOutput<typeof ProfileResponseSchema>;

/** GET/PUT /api/company: the company profile, always saying whether the caller may change it. */
export const CompanyProfileResponseSchema = v.object({
  ...ProfileResponseSchema.entries,
  canEdit: v.boolean(),
});

/** PUT body: all values of the form (fields left out are cleared) and the version they were edited from. */
export const ProfileUpdateSchema = strictObject({
  values: v.record(v.string(), v.unknown()),
  version: v.pipe(
    v.number('version.required'),
    v.integer('version.required'),
    v.minValue(0, 'version.required'),
    // The column is a PostgreSQL integer: a larger number is no version we ever answered.
    v.maxValue(MAX_INT32, 'field.too_large'),
  ),
});
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

/** 409 body of a stale PUT: the error, and the profile as it is now, so the client can offer a choice. */
export const ProfileConflictSchema = versionConflictSchema('profile.version_conflict', ProfileResponseSchema);

/**
 * POST /api/profile/status body. Switching matching on while the agency blocks the profile answers
 * 409 `profile.blocked` (switching it off is always allowed).
 */
export const ProfileStatusSchema = strictObject({ status: v.picklist(PROFILE_STATUSES, 'status.invalid') });
/** GET/POST /api/profile/status answer: the own switch and whether the agency paused the profile. */
export const ProfileStatusResponseSchema = v.object({
  status: v.picklist(PROFILE_STATUSES),
  pausedByAgency: v.boolean(),
});
export type ProfileStatusResponse = v.InferOutput<typeof ProfileStatusResponseSchema>;

/**
 * PUT /api/profile/presentation-consent body (issue 21): the candidate gives (`true`) or withdraws
 * (`false`) the consent to be presented to clients by name, i.e. with the full card. Candidates only.
 */
export const PresentationConsentBodySchema = strictObject({
  consented: v.boolean(FieldError.invalidType),
});
export type PresentationConsentBody = v.InferOutput<typeof PresentationConsentBodySchema>;
/** GET/PUT /api/profile/presentation-consent answer: whether it is given, and since when (ISO). */
export const PresentationConsentSchema = v.object({
  consented: v.boolean(),
  since: v.nullable(v.string()),
});
export type PresentationConsent = v.InferOutput<typeof PresentationConsentSchema>;

/** POST /api/profile/photo answer: the new photo's URL (GET /api/profile/photo/{id}). */
export const PhotoUploadAnswerSchema = v.object({ image: v.string() });
