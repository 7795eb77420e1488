import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { REQUIRED_ACCEPTANCES, type UserCategory } from '../../contract/account';
import { LEGAL_TEXTS } from '../../contract/legal';
import type { TokenClaims, TokenPair } from '../../contract/session';
import { consumeCode, issueCode } from '../auth/codes';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertPasswordAllowed } from '../auth/password-rules';
import { enforce, hit, type Limit, tooManyRequests } from '../auth/rate-limit';
import { type AuthServices, issueTokenPair, revokeAllSessions, wrongCode } from '../auth/sessions';
import type { Database } from '../db/client';
import { photos } from '../db/schema/accounts';
import { outbox } from '../db/schema/auth';
import { legalAcceptances } from '../db/schema/registration';
import { type UserRow, users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { currentLegalVersions } from '../legal/texts';
import type { Logger } from '../log';
import { queueMessage } from '../messaging/outbox';
import { languageOf, smsTexts } from '../messaging/texts';
import type { PhotoStorage } from '../profiles/photo-storage';
import { deletePhotoFiles } from '../profiles/photos';
import { profileKindOf, readProfile } from '../profiles/profiles';
import { findUserByEmail, normaliseEmail } from '../users/users';
import {
  consumeEmailToken,
  liveEmailToken,
  newEmailToken,
  readResetJwt,
  signResetJwt,
  storeEmailToken,
} from './email-tokens';
import { accountMail } from './mails';

/**
 * Registration, e-mail validation, SMS 2FA setup, password reset and account settings
 * (PRODUCT.md §3; the calls are listed in contract/account.ts).
 */
export interface AccountServices {
  auth: AuthServices;
  /** Links in mails are built from this, never from the Host header. */
  publicOrigin: string;
  storage: PhotoStorage;
}

export const CREATE_IP_LIMIT = { max: 10, windowMs: 3_600_000 };
export const RESEND_MINUTE_LIMIT = { max: 1, windowMs: 60_000 };
export const RESEND_DAY_LIMIT = { max: 10, windowMs: 86_400_000 };
export const RESET_ADDRESS_LIMIT = { max: 5, windowMs: 3_600_000 };
const SMS_MINUTE_LIMIT = { max: 1, windowMs: 60_000 };
const SMS_HOUR_LIMIT = { max: 10, windowMs: 3_600_000 };
/** Checks of the current password per account, so a stolen access token cannot guess it. */
const CURRENT_PASSWORD_LIMIT = { max: 10, windowMs: 3_600_000 };

const emailTaken = () =>
  new ApiError(409, 'email.taken', 'E-mail address already registered', { email: ['email.taken'] });
const invalidValidationToken = () =>
  new ApiError(400, 'validation.invalid_token', 'Invalid or expired validation link');
const invalidResetToken = () => new ApiError(400, 'reset.invalid_token', 'Invalid or expired reset link');
const wrongStep = () =>
  new ApiError(409, 'registration.wrong_step', 'Not possible at this registration step');
const wrongCurrent = (field: string) =>
  new ApiError(400, 'password.wrong_current', 'Current password is wrong', {
    [field]: ['password.wrong_current'],
  });
const noAccount = () => new ApiError(401, 'jwt.invalid', 'Invalid JWT Token');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Both limits must allow it; answers 429 with Retry-After otherwise. */
async function enforceBoth(db: Database, first: Limit, second: Limit, now: Date): Promise<void> {
  const wait = (await hit(db, first, now)) ?? (await hit(db, second, now));
  if (wait !== null) throw tooManyRequests(wait);
}

async function currentUser(svc: AccountServices, claims: TokenClaims): Promise<UserRow> {
  const [user] = await svc.auth.db.select().from(users).where(eq(users.id, claims.sub));
  if (!user?.active) throw noAccount();
  return user;
}

async function checkCurrentPassword(svc: AccountServices, user: UserRow, password: string, field: string) {
  const now = new Date(svc.auth.now());
  await enforce(svc.auth.db, { key: `current-password:${user.id}`, ...CURRENT_PASSWORD_LIMIT }, now);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrent(field);
}

async function queueValidationMail(db: Database, svc: AccountServices, user: UserRow, now: Date) {
  const token = await storeEmailToken(db, user.id, 'validate', newEmailToken(), now);
  const mail = accountMail(
    'validation',
    languageOf(user.language),
    `${svc.publicOrigin}/user/validate/${token}`,
  );
  await queueMessage(db, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
}

/** PUT /api/public/user/create. */
export async function createAccount(
  svc: AccountServices,
  input: {
    email: string;
    password: string;
    category: UserCategory;
    language: 'de' | 'en';
    accepted: string[];
  },
  ip: string,
): Promise<TokenPair> {
  const { db } = svc.auth;
  const now = new Date(svc.auth.now());
  // Counted before anything else, so the 409 cannot be used to test more than 10 addresses an hour.
  await enforce(db, { key: `create:ip:${ip}`, ...CREATE_IP_LIMIT }, now);
  const email = normaliseEmail(input.email);
  assertPasswordAllowed(input.password, email);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const versions = currentLegalVersions();
  const accepted = LEGAL_TEXTS.filter(
    (name) => input.accepted.includes(name) || (REQUIRED_ACCEPTANCES as readonly string[]).includes(name),
  );
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email,
        passwordHash,
        userType: input.category,
        language: input.language,
        registrationStep: 1,
        mfaStatus: 'disabled',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw emailTaken();
    await tx
      .insert(legalAcceptances)
      .values(accepted.map((text) => ({ userId: row.id, text, version: versions[text], acceptedAt: now })));
    await queueValidationMail(tx, svc, row, now);
    return row;
  });
  return issueTokenPair(svc.auth, user);
}

/** GET /api/public/user/validate/{token}: single use, 24 h; step 1 → 2; answers tokens. */
export async function validateEmail(svc: AccountServices, token: string): Promise<TokenPair> {
  const now = new Date(svc.auth.now());
  const user = await svc.auth.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, 'validate', token, now);
    if (!userId) throw invalidValidationToken();
    const [row] = await tx
      .update(users)
      .set({
        registrationStep: sql`case when ${users.registrationStep} = 1 then 2 else ${users.registrationStep} end`,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row?.active) throw invalidValidationToken();
    return row;
  });
  return issueTokenPair(svc.auth, user);
}

/** GET /api/user/create/resend: a new validation mail (the old link stops working). */
export async function resendValidation(svc: AccountServices, claims: TokenClaims): Promise<void> {
  const user = await currentUser(svc, claims);
  if (user.registrationStep !== 1)
    throw new ApiError(409, 'registration.already_validated', 'E-mail address already validated');
  const now = new Date(svc.auth.now());
  await enforceBoth(
    svc.auth.db,
    { key: `validation-mail:${user.id}:minute`, ...RESEND_MINUTE_LIMIT },
    { key: `validation-mail:${user.id}:day`, ...RESEND_DAY_LIMIT },
    now,
  );
  await svc.auth.db.transaction((tx) => queueValidationMail(tx, svc, user, now));
}

/** The number in E.164, or 400 `phone.invalid`: "0151 2345 6789" (DE), "+49 151 23456789" and "0049…" are one number. */
export function normalisePhone(phoneNumber: string, countryCode: string): string {
  const country = countryCode.toUpperCase();
  const parsed = isSupportedCountry(country)
    ? parsePhoneNumberFromString(phoneNumber.replace(/^\s*00/, '+'), country as CountryCode)
    : undefined;
  if (!parsed?.isValid()) {
    throw new ApiError(400, 'phone.invalid', 'Invalid phone number', { phoneNumber: ['phone.invalid'] });
  }
  return parsed.number;
}

async function sendPhoneCode(svc: AccountServices, user: UserRow, to: string, now: Date): Promise<void> {
  const { db } = svc.auth;
  await enforceBoth(
    db,
    { key: `sms:phone:${user.id}:minute`, ...SMS_MINUTE_LIMIT },
    { key: `sms:phone:${user.id}:hour`, ...SMS_HOUR_LIMIT },
    now,
  );
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pendingPhoneNumber: to, updatedAt: now }).where(eq(users.id, user.id));
    const code = await issueCode(tx, svc.auth.secret, user.id, 'phone', now);
    await queueMessage(
      tx,
      { kind: 'sms', userId: user.id, to, text: smsTexts.phoneCode(languageOf(user.language), code) },
      now,
    );
  });
}

/** PUT /api/user/2fa/save-phone: during registration (step 2) only; later PUT /api/user/phone. */
export async function savePhone(
  svc: AccountServices,
  claims: TokenClaims,
  input: { phoneNumber: string; countryCode: string },
): Promise<void> {
  const user = await currentUser(svc, claims);
  if (user.registrationStep !== 2) throw wrongStep();
  await sendPhoneCode(
    svc,
    user,
    normalisePhone(input.phoneNumber, input.countryCode),
    new Date(svc.auth.now()),
  );
}

/** PUT /api/user/phone: a new number for 2FA, confirmed like the first. */
export async function changePhone(
  svc: AccountServices,
  claims: TokenClaims,
  input: { currentPassword: string; phoneNumber: string; countryCode: string },
): Promise<void> {
  const user = await currentUser(svc, claims);
  const number = normalisePhone(input.phoneNumber, input.countryCode);
  await checkCurrentPassword(svc, user, input.currentPassword, 'currentPassword');
  await sendPhoneCode(svc, user, number, new Date(svc.auth.now()));
}

const noPending = () => new ApiError(409, 'phone.no_pending', 'No phone number waits for confirmation');

/** POST /api/user/2fa/save-phone/resend. */
export async function resendPhoneCode(svc: AccountServices, claims: TokenClaims): Promise<void> {
  const user = await currentUser(svc, claims);
  if (!user.pendingPhoneNumber) throw noPending();
  await sendPhoneCode(svc, user, user.pendingPhoneNumber, new Date(svc.auth.now()));
}

/** PUT /api/user/2fa/save-phone/confirm: the right code makes the number the 2FA phone; step 2 → 3. */
export async function confirmPhone(
  svc: AccountServices,
  claims: TokenClaims,
  code: string,
): Promise<TokenPair> {
  const user = await currentUser(svc, claims);
  if (!user.pendingPhoneNumber) throw noPending();
  const now = new Date(svc.auth.now());
  if (!(await consumeCode(svc.auth.db, svc.auth.secret, user.id, 'phone', code, now))) throw wrongCode();
  const [row] = await svc.auth.db
    .update(users)
    .set({
      phoneNumber: user.pendingPhoneNumber,
      pendingPhoneNumber: null,
      mfaStatus: 'enabled',
      registrationStep: sql`case when ${users.registrationStep} = 2 then 3 else ${users.registrationStep} end`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw noAccount();
  return issueTokenPair(svc.auth, row);
}

/** POST /api/user/2fa/skip: no SMS 2FA; step 2 → 3. */
export async function skipPhone(svc: AccountServices, claims: TokenClaims): Promise<TokenPair> {
  const now = new Date(svc.auth.now());
  const [row] = await svc.auth.db
    .update(users)
    .set({ mfaStatus: 'disabled', pendingPhoneNumber: null, registrationStep: 3, updatedAt: now })
    .where(and(eq(users.id, claims.sub), eq(users.registrationStep, 2), eq(users.active, true)))
    .returning();
  if (!row) throw wrongStep();
  return issueTokenPair(svc.auth, row);
}

/**
 * POST /api/user/registration/next: 3 → 4 once the profile (a company's: the company profile) has
 * every required field; 4 → 0 (the photo is optional).
 */
export async function registrationNext(svc: AccountServices, claims: TokenClaims): Promise<TokenPair> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  const from = user.registrationStep;
  if (from !== 3 && from !== 4) throw wrongStep();
  if (from === 3) {
    const kind = user.userType === 'company' ? 'company' : profileKindOf(user.userType);
    const { missing } = await readProfile(db, kind, { userId: user.id, userType: user.userType });
    if (missing.length > 0) {
      throw new ApiError(
        409,
        'registration.step_not_ready',
        'Required profile fields are missing',
        Object.fromEntries(missing.map((key) => [key, ['field.required']])),
      );
    }
  }
  const [row] = await db
    .update(users)
    .set({ registrationStep: from === 3 ? 4 : 0, updatedAt: new Date(svc.auth.now()) })
    .where(and(eq(users.id, user.id), eq(users.registrationStep, from)))
    .returning();
  if (!row) throw wrongStep();
  return issueTokenPair(svc.auth, row);
}

/**
 * POST /api/public/user/reset-password: mails a reset link if the address has an account. Known and
 * unknown addresses get the same answer and share the same limit per address.
 */
export async function requestPasswordReset(svc: AccountServices, rawEmail: string): Promise<void> {
  const { db } = svc.auth;
  const now = new Date(svc.auth.now());
  const email = normaliseEmail(rawEmail);
  // Hashed so the counter row does not keep the address.
  await enforce(db, { key: `reset:${sha256(email)}`, ...RESET_ADDRESS_LIMIT }, now);
  const user = await findUserByEmail(db, email);
  if (!user?.active) return;
  const token = newEmailToken();
  // Signed before the transaction: the key ring may read the database, which must not wait on it.
  const jwt = await signResetJwt(svc.auth.tokens, user.id, token, now);
  await db.transaction(async (tx) => {
    await storeEmailToken(tx, user.id, 'reset', token, now);
    const mail = accountMail(
      'reset',
      languageOf(user.language),
      `${svc.publicOrigin}/user/reset-password/${jwt}`,
    );
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
  });
}

/** GET /api/public/user/reset-password/check/{token}: only a live, unused token passes. */
export async function checkResetToken(svc: AccountServices, jwt: string): Promise<void> {
  const read = await readResetJwt(svc.auth.tokens, jwt);
  const userId = read && (await liveEmailToken(svc.auth.db, 'reset', read.token, new Date(svc.auth.now())));
  if (!read || userId !== read.userId) throw invalidResetToken();
}

/**
 * PUT /api/public/user/reset-password: a new password, every session ended, 2FA left as it is, a
 * notice mailed. A refused password does not use the token up.
 */
export async function resetPassword(
  svc: AccountServices,
  input: { email: string; token: string; password: string; language: 'de' | 'en' },
): Promise<void> {
  const { db } = svc.auth;
  const now = new Date(svc.auth.now());
  const read = await readResetJwt(svc.auth.tokens, input.token);
  const user = await findUserByEmail(db, input.email);
  if (!read || !user?.active || user.id !== read.userId) throw invalidResetToken();
  if ((await liveEmailToken(db, 'reset', read.token, now)) !== user.id) throw invalidResetToken();
  assertPasswordAllowed(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if ((await consumeEmailToken(tx, 'reset', read.token, now)) !== user.id) throw invalidResetToken();
    await tx
      .update(users)
      .set({ passwordHash, language: input.language, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    const mail = accountMail('resetDone', input.language);
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
  });
}

/** PUT /api/user/password: ends every other session and answers a new pair for this one. */
export async function changePassword(
  svc: AccountServices,
  claims: TokenClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<TokenPair> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, input.currentPassword, 'currentPassword');
  assertPasswordAllowed(input.newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date(svc.auth.now());
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await revokeAllSessions(tx, user.id, now);
    const mail = accountMail('resetDone', languageOf(user.language));
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
    return row;
  });
  if (!updated) throw noAccount();
  return issueTokenPair(svc.auth, updated);
}

/** DELETE /api/user/2fa: SMS 2FA off and the number removed. */
export async function disableTwoFactor(
  svc: AccountServices,
  claims: TokenClaims,
  currentPassword: string,
): Promise<TokenPair> {
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, currentPassword, 'currentPassword');
  const [row] = await svc.auth.db
    .update(users)
    .set({
      mfaStatus: 'disabled',
      phoneNumber: null,
      pendingPhoneNumber: null,
      updatedAt: new Date(svc.auth.now()),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw noAccount();
  return issueTokenPair(svc.auth, row);
}

/**
 * DELETE /api/user: the user row and with it (cascade) profile, photo row, tokens, codes, consents
 * and outbox entries in one transaction, plus queued messages addressed to the user's e-mail or
 * phone; the photo files go after the commit. A notice is queued to the address, tied to no user.
 */
export async function deleteAccount(
  svc: AccountServices,
  claims: TokenClaims,
  password: string,
  log?: Logger,
): Promise<void> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, password, 'password');
  const now = new Date(svc.auth.now());
  const photoId = await db.transaction(async (tx) => {
    const [photo] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, user.id));
    const addressedTo = [user.email, user.phoneNumber, user.pendingPhoneNumber].filter(
      (to): to is string => to !== null,
    );
    await tx
      .delete(outbox)
      .where(or(eq(outbox.userId, user.id), ...addressedTo.map((to) => eq(outbox.recipient, to))));
    await tx.delete(users).where(eq(users.id, user.id));
    const mail = accountMail('accountDeleted', languageOf(user.language));
    await queueMessage(tx, { kind: 'mail', userId: null, to: user.email, ...mail }, now);
    return photo?.id;
  });
  if (photoId) await deletePhotoFiles(svc.storage, photoId, log);
}
