import * as v from 'valibot';
import { strictObject } from './field-errors';

/** The access token's claims (SEED-SPEC §3, PRODUCT.md §3). */
export const TokenClaimsSchema = v.object({
  sub: v.string(),
  /** The session (refresh-token family) the token belongs to; logout and the like revoke it (PRODUCT.md §8). */
  sid: v.optional(v.string()),
  active: v.boolean(),
  email: v.string(),
  exp: v.number(),
  iat: v.number(),
  language: v.picklist(['de', 'en']),
  login_status: v.picklist(['ok', 'pending']),
  mfa_status: v.picklist(['enabled', 'pending', 'disabled']),
  phone_number: v.nullable(v.string()),
  roles: v.array(v.string()),
  user_type: v.string(),
  username: v.string(),
  registration_step: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5)),
  image: v.nullable(v.string()),
});
export type TokenClaims = v.InferOutput<typeof TokenClaimsSchema>;

/** What the browser keeps under localStorage 'credentials' (SEED-SPEC §3); no refresh token while the SMS code is pending. */
export const StoredCredentialsSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.optional(v.pipe(v.string(), v.minLength(1))),
});
export type StoredCredentials = v.InferOutput<typeof StoredCredentialsSchema>;

export { CREDENTIALS_KEY } from './storage-keys';

/**
 * What `v.email` takes, as the API reference's pattern (valibot's EMAIL_REGEX with `\w` and `\d`
 * spelled out: `format: email` alone allows far more, quoted names and IP literals, than we take).
 */
export const EMAIL_PATTERN =
  '^[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@[0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*\\.[A-Za-z]{2,}$';

export const EmailSchema = v.pipe(
  v.string('email.required'),
  v.trim(),
  v.nonEmpty('email.required'),
  v.maxLength(254, 'email.too_long'),
  v.email('email.invalid'),
  v.metadata({ pattern: EMAIL_PATTERN }),
);

export const LoginRequestSchema = strictObject({
  email: EmailSchema,
  password: v.pipe(
    v.string('password.required'),
    v.nonEmpty('password.required'),
    v.maxLength(1024, 'password.too_long'),
  ),
  locale: v.optional(v.picklist(['de', 'en'], 'language.unsupported'), 'de'),
});
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>;

export const TwoFactorCodeSchema = strictObject({
  code: v.pipe(v.string('code.required'), v.trim(), v.regex(/^[0-9]{6}$/, 'code.format')),
});

export const RefreshRequestSchema = strictObject({
  refresh_token: v.pipe(
    v.string('refresh_token.required'),
    v.nonEmpty('refresh_token.required'),
    v.maxLength(200, 'refresh_token.invalid'),
  ),
});

/** Login and refresh answers. A login pending the SMS code has no refresh token. */
export const TokenPairSchema = v.object({
  token: v.string(),
  refresh_token: v.optional(v.string()),
});
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;

/**
 * GET /api/login/2fa (pending token): when a new SMS code may be asked for — an ISO instant (null:
 * now) and the seconds until then (0: now; what a client counts down, whatever its own clock says).
 * The number the code went to is the token's `phone_number`.
 */
export const LoginCodeStatusSchema = v.object({
  resendAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  resendAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type LoginCodeStatus = v.InferOutput<typeof LoginCodeStatusSchema>;
