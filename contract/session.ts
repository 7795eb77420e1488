import * as v from 'valibot';

/** The access token's claims (SEED-SPEC §3, PRODUCT.md §3). */
export const TokenClaimsSchema = v.object({
  sub: v.string(),
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

/** What the browser keeps under localStorage 'credentials' (SEED-SPEC §3). */
export const StoredCredentialsSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.pipe(v.string(), v.minLength(1)),
});
export type StoredCredentials = v.InferOutput<typeof StoredCredentialsSchema>;

export const CREDENTIALS_KEY = 'credentials';
