import type { ACCOUNT_ERROR_CODES } from './account';
import type { AGENT_ERROR_CODES } from './agent';
import type { CONTACT_ERROR_CODES } from './client';
import type { ERASURE_ERROR_CODES } from './erasure';
import type { ErrorCode } from './errors';
import type { FieldError } from './field-errors';
import type { JOB_ERROR_CODES } from './job';
import type { PEOPLE_ERROR_CODES } from './people';
import type { PIPELINE_ERROR_CODES } from './pipeline';
import type { CLIENT_ANSWER_ERROR_CODES, SEND_ERROR_CODES } from './submissions';
import type { TEAM_ERROR_CODES } from './team';
import type { TIMELINE_ERROR_CODES } from './timeline';

/** Codes of the login, SMS and refresh calls (server/auth). */
export const SESSION_ERROR_CODES = [
  'login.invalid_credentials',
  'login.wrong_2FA_code',
  'refresh.invalid',
  'refresh.reused',
  'auth.mfa_pending',
  'auth.not_pending',
] as const;

/** Codes of the profile and photo calls (server/profiles). */
export const PROFILE_ERROR_CODES = [
  'profile.version_conflict',
  'profile.not_found',
  /** Switching matching on while the agency blocks the profile (PRODUCT.md §8). */
  'profile.blocked',
  'photo.type_unsupported',
  'photo.invalid',
  'photo.too_many_pixels',
  'photo.name_invalid',
  'photo.missing',
  'photo.not_found',
] as const;

/** Codes the client makes itself: no answer, an answer without an error body, a failed city search. */
export const CLIENT_ERROR_CODES = [
  'network.unreachable',
  'http.error',
  'city.search_failed',
  'client.search_failed',
] as const;

/**
 * Every error code the client can meet. The UI's message map is a `Record<KnownErrorCode, …>`, so a
 * code added here (or to a domain's list) without a translation does not compile.
 */
export type KnownErrorCode =
  | (typeof ErrorCode)[keyof typeof ErrorCode]
  | (typeof ACCOUNT_ERROR_CODES)[number]
  | (typeof FieldError)[keyof typeof FieldError]
  | (typeof JOB_ERROR_CODES)[number]
  | (typeof SESSION_ERROR_CODES)[number]
  | (typeof PROFILE_ERROR_CODES)[number]
  | (typeof AGENT_ERROR_CODES)[number]
  | (typeof TIMELINE_ERROR_CODES)[number]
  | (typeof PEOPLE_ERROR_CODES)[number]
  | (typeof CONTACT_ERROR_CODES)[number]
  | (typeof PIPELINE_ERROR_CODES)[number]
  | (typeof SEND_ERROR_CODES)[number]
  | (typeof CLIENT_ANSWER_ERROR_CODES)[number]
  | (typeof ERASURE_ERROR_CODES)[number]
  | (typeof CLIENT_ERROR_CODES)[number]
  | (typeof TEAM_ERROR_CODES)[number];
