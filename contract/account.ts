import * as v from 'valibot';
import { strictObject } from './field-errors';
import { EmailSchema } from './session';
import { AgentEditSchema } from './timeline';

/*
 * Registration, e-mail validation, SMS 2FA setup, password reset and account settings
 * (PRODUCT.md §3, SEED-SPEC §7). Messages are stable codes the client translates.
 *
 * Every call that changes `registration_step` or `mfa_status` answers a fresh TokenPair
 * (contract/session.ts) so the client sees the change in the access token's claims. A bearer call's
 * pair replaces the caller's session: the old refresh token then answers 401 `refresh.invalid`, the
 * old access token 401 `jwt.revoked` (docs/decisions/0024); a session ended meanwhile answers 401
 * `jwt.revoked` and nothing changes. Changing the password ends every session instead.
 *
 * PUT    /api/public/user/create                RegistrationRequestSchema → 201 TokenPair (registration_step 1);
 *                                               409 email.taken; 429 (10 an hour per IP) with Retry-After;
 *                                               400 password.weak | password.contains_email | field codes.
 * GET    /api/public/user/validate/{token}      → 200 TokenPair (step 1 → 2); 400 validation.invalid_token
 *                                               (unknown, used, expired or superseded). The variant
 *                                               /api/public/user/validate/user/{token} answers the same.
 * GET    /api/user/create/resend                bearer → 204, a new validation mail (60 s apart, 10 a day:
 *                                               429 with Retry-After); 409 registration.already_validated.
 * PUT    /api/user/registration/email       RegistrationEmailSchema, bearer, at step 1 → 200 TokenPair: the
 *                                               address corrected, a new validation mail (counts as a resend:
 *                                               429); 409 email.taken | registration.already_validated.
 * PUT    /api/user/2fa/save-phone               PhoneRequestSchema, bearer, at step 2 → 204 and an SMS code;
 *                                               400 phone.invalid | phone.not_mobile | phone.premium_rate |
 *                                               phone.country_not_supported (fields.phoneNumber); 403
 *                                               phone.email_not_validated at step 1; 409 registration.wrong_step;
 *                                               429 beyond the SMS caps (per account, per IP, global; an hour).
 * POST   /api/user/2fa/save-phone/resend        bearer → 204, a new code (60 s apart, 10 an hour: 429).
 * PUT    /api/user/2fa/save-phone/confirm       PhoneConfirmSchema, bearer → 200 TokenPair (mfa_status enabled,
 *                                               step 2 → 3 during registration); 401 login.wrong_2FA_code
 *                                               (5 wrong tries burn the code); 409 phone.no_pending.
 * POST   /api/user/2fa/skip                     bearer, at step 2 → 200 TokenPair (mfa_status disabled, step 3).
 * POST   /api/user/registration/next            bearer → 200 TokenPair: step 3 → 4 when the profile has no
 *                                               missing required field (else 409 registration.step_not_ready),
 *                                               step 4 → 0 (the photo is optional); other steps 409
 *                                               registration.wrong_step.
 * POST   /api/public/user/reset-password        PasswordResetRequestSchema → 204, alike for unknown addresses
 *                                               (only queued: a worker looks the address up and mails);
 *                                               429 beyond 5 an hour per address or 20 an hour per IP.
 * GET    /api/public/user/reset-password/check/{token}
 *                                               → 200 ResetCheckResponse only for a live, unused token;
 *                                               400 reset.invalid_token otherwise.
 * PUT    /api/public/user/reset-password        PasswordResetSchema → 204; ends all sessions, keeps 2FA;
 *                                               400 reset.invalid_token | password.* codes.
 * PUT    /api/user/password                     ChangePasswordSchema, bearer → 200 TokenPair (all other sessions
 *                                               ended); 400 password.wrong_current | password.* codes.
 * PUT    /api/user/phone                        ChangePhoneSchema, bearer → 204 and an SMS code to the new number,
 *                                               which replaces the old one on .../save-phone/confirm; the
 *                                               phone codes and 403 of save-phone.
 * DELETE /api/user/2fa                          DisableTwoFactorSchema, bearer → 200 TokenPair (mfa_status
 *                                               disabled, phone removed); 400 password.wrong_current.
 * DELETE /api/user                              DeleteAccountSchema, bearer → 204; 400 password.wrong_current.
 */

/**
 * What self-registration offers (PRODUCT.md §1): looking for work (luna), student, graduate, apprentice
 * or career changer (nova), hiring (company). Never stella: only an agent makes a stella, so the
 * server refuses it with its own code (`category.agent_only`).
 */
export const USER_CATEGORIES = ['luna', 'nova', 'company'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];

/** The legal texts a registration must accept (contract/legal.ts names them). */
export const REQUIRED_ACCEPTANCES = ['terms-conditions', 'condition-agreements'] as const;
/** The version of the legal texts in force; stored with each acceptance. Change it with the texts. */
export const LEGAL_TEXTS_VERSION = '2026-11-01';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Length only; strength (zxcvbn) and "contains the e-mail" are checked by the server. */
export const PasswordSchema = v.pipe(
  v.string('password.required'),
  v.nonEmpty('password.required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'password.too_short'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'password.too_long'),
);

/** The password a user types to prove it is them (any stored password, so no strength rules). */
const CurrentPasswordSchema = v.pipe(
  v.string('password.required'),
  v.nonEmpty('password.required'),
  v.maxLength(1024, 'password.too_long'),
);

const LanguageSchema = v.picklist(['de', 'en'], 'language.unsupported');

export const RegistrationRequestSchema = strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  category: v.picklist(USER_CATEGORIES, (issue) =>
    issue.input === 'stella' ? 'category.agent_only' : 'category.invalid',
  ),
  language: LanguageSchema,
  accepted: v.pipe(
    v.array(v.string('accepted.missing'), 'accepted.missing'),
    v.check((list) => REQUIRED_ACCEPTANCES.every((name) => list.includes(name)), 'accepted.missing'),
    // The reference's form of the check: the list contains each required text.
    v.metadata({ allOf: REQUIRED_ACCEPTANCES.map((name) => ({ contains: { const: name } })) }),
  ),
});
export type RegistrationRequest = v.InferInput<typeof RegistrationRequestSchema>;

const PhoneNumberSchema = v.pipe(
  v.string('phone.invalid'),
  v.trim(),
  v.nonEmpty('phone.invalid'),
  v.maxLength(40, 'phone.invalid'),
);
/** ISO 3166-1 alpha-2, e.g. "DE"; the number may also be typed with +49 or 0049. */
const CountryCodeSchema = v.pipe(
  v.string('phone.invalid'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'phone.invalid'),
);

export const PhoneRequestSchema = strictObject({
  phoneNumber: PhoneNumberSchema,
  countryCode: CountryCodeSchema,
});
export type PhoneRequest = v.InferInput<typeof PhoneRequestSchema>;

export const PhoneConfirmSchema = strictObject({
  code: v.pipe(v.string('code.required'), v.trim(), v.regex(/^[0-9]{6}$/, 'code.format')),
});

export const PasswordResetRequestSchema = strictObject({ email: EmailSchema });

/** A mistyped address corrected on the waiting-for-the-mail step. */
export const RegistrationEmailSchema = strictObject({ email: EmailSchema });
export type RegistrationEmail = v.InferInput<typeof RegistrationEmailSchema>;

/**
 * POST /api/public/retention/keep: the link of the retention notice (PRODUCT.md §8) keeps the
 * account; 204, or 400 `keep.invalid_token` for a used, expired or unknown token.
 */
export const KeepAccountSchema = strictObject({
  token: v.pipe(
    v.string('keep.invalid_token'),
    v.minLength(1, 'keep.invalid_token'),
    v.maxLength(200, 'keep.invalid_token'),
  ),
});
export type KeepAccount = v.InferOutput<typeof KeepAccountSchema>;

export const PasswordResetSchema = strictObject({
  email: EmailSchema,
  token: v.pipe(
    v.string('reset.invalid_token'),
    v.nonEmpty('reset.invalid_token'),
    v.maxLength(4096, 'reset.invalid_token'),
  ),
  password: PasswordSchema,
  language: LanguageSchema,
});

/** Answer of GET /api/public/user/reset-password/check/{token} for a live, unused token. */
/** The check's answer: the link is good, for this address (the reset form shows it, read-only). */
export const ResetCheckResponseSchema = v.object({ code: v.literal('reset_password.ok'), email: v.string() });

export const ChangePasswordSchema = strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});

export const ChangePhoneSchema = strictObject({
  currentPassword: CurrentPasswordSchema,
  phoneNumber: PhoneNumberSchema,
  countryCode: CountryCodeSchema,
});

export const DisableTwoFactorSchema = strictObject({ currentPassword: CurrentPasswordSchema });

export const DeleteAccountSchema = strictObject({ password: CurrentPasswordSchema });

/** The claim of the reset JWT that names the stored (hashed) single-use token. */
export const RESET_TOKEN_CLAIM = 'reset_password_token';

/**
 * Every code these calls can answer, in `code` or in `fields` (contract/errors.ts adds the generic
 * ones: request.invalid, request.rate_limited, jwt.*). The client has a translation for each.
 */
export const ACCOUNT_ERROR_CODES = [
  'email.required',
  'email.too_long',
  'email.invalid',
  'email.taken',
  'password.required',
  'password.too_short',
  'password.too_long',
  'password.weak',
  'password.contains_email',
  'password.wrong_current',
  'category.invalid',
  'category.agent_only',
  'language.unsupported',
  'accepted.missing',
  'phone.invalid',
  /** 403: SMS go only to accounts whose e-mail address is validated (registration step ≥ 2). */
  'phone.email_not_validated',
  /** Field codes of phoneNumber: SMS go only to mobile numbers of SMS_COUNTRIES, never premium-rate ones. */
  'phone.not_mobile',
  'phone.premium_rate',
  'phone.country_not_supported',
  'phone.no_pending',
  'code.required',
  'code.format',
  'login.wrong_2FA_code',
  'validation.invalid_token',
  'registration.already_validated',
  'registration.wrong_step',
  'registration.step_not_ready',
  /** Under `fields` of registration.step_not_ready, for each missing profile field. */
  'field.required',
  'reset.invalid_token',
  /** The retention notice's keep link was used, has expired or never existed. */
  'keep.invalid_token',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/**
 * An agent's look at the candidate's data (the access log, server/agents/audit.ts); the export lists
 * them so a user sees who saw their data. `job`: the job a match result or results CSV belonged to.
 */
export const AgentAccessSchema = v.object({
  at: v.string(),
  agent: v.string(),
  action: v.string(),
  job: v.nullable(v.string()),
});
export type AgentAccess = v.InferOutput<typeof AgentAccessSchema>;

/** A message the server sent to the account's address or phone, links and codes redacted. */
export const ExportedMessageSchema = v.object({
  kind: v.picklist(['mail', 'sms']),
  to: v.string(),
  subject: v.nullable(v.string()),
  text: v.string(),
  html: v.nullable(v.string()),
  createdAt: v.string(),
  status: v.string(),
});

const ExportedValuesSchema = v.object({
  values: v.record(v.string(), v.unknown()),
  version: v.number(),
});

/**
 * `GET /api/user/export` (PRODUCT.md §8, GDPR Art. 15/20): everything the server holds about the
 * caller, as JSON. Secrets (password hash, tokens, codes, links in messages) are never part of it.
 */
export const AccountExportSchema = v.object({
  exportedAt: v.string(),
  account: v.object({
    id: v.string(),
    email: v.string(),
    type: v.string(),
    language: v.string(),
    createdAt: v.string(),
    /** 0 when the registration is finished, else the step it stands at. */
    registrationStep: v.number(),
    twoFactor: v.picklist(['enabled', 'pending', 'disabled']),
    phone: v.nullable(v.string()),
    pendingPhone: v.nullable(v.string()),
  }),
  /** The legal texts accepted at registration, each with the version of its text. */
  consents: v.array(v.object({ text: v.string(), version: v.string(), acceptedAt: v.string() })),
  /**
   * A candidate's consent to be presented to clients by name (the full card, issue 21): since when
   * (ISO), null when not given or withdrawn; absent for other accounts.
   */
  presentedByNameSince: v.nullable(v.string()),
  /** The personal profile (a candidate's matching profile, or another account's own). */
  profile: v.nullable(v.object({ ...ExportedValuesSchema.entries, status: v.string() })),
  /** A company account's company profile. */
  company: v.nullable(ExportedValuesSchema),
  /** The photo as a `data:image/jpeg;base64,…` URL. */
  photo: v.nullable(v.string()),
  messages: v.array(ExportedMessageSchema),
  agentAccesses: v.array(AgentAccessSchema),
  /**
   * What agents changed about the profile or company (who, when, which fields), oldest first: the
   * agents' events of its timeline. Agents' notes and logged calls and mails are not part of it
   * (PRODUCT.md §10: working notes of the agency).
   */
  agentEdits: v.array(AgentEditSchema),
});
export type AccountExport = v.InferOutput<typeof AccountExportSchema>;

/**
 * Where SMS may go unless the operator sets SMS_COUNTRIES: the EU/EEA countries, Switzerland and the
 * United Kingdom (ISO 3166 codes). The server checks its own setting and names it in every page it
 * serves (a `<meta name="matchwerk-sms-countries">`, SMS_COUNTRIES_META); the phone forms offer that
 * list, and these countries only where a page has none (the Vite dev server's).
 */
export const DEFAULT_SMS_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
] as const;

/** The page's `<meta>` naming the countries SMS go to (comma-separated ISO codes, server/http/spa-document.ts). */
export const SMS_COUNTRIES_META = 'matchwerk-sms-countries';
