import { and, eq, sql } from 'drizzle-orm';
import { parsePhone } from '../../contract/phone';
import type { TokenClaims, TokenPair } from '../../contract/session';
import { consumeCode, issueCode } from '../auth/codes';
import { tooManyRequests } from '../auth/rate-limit';
import { changeInNewSession, hitSmsCaps, wrongCode } from '../auth/sessions';
import { type UserRow, users } from '../db/schema/users';
import { ApiError } from '../errors';
import { queueMessage } from '../messaging/outbox';
import { languageOf, smsTexts } from '../messaging/texts';
import { accountMail } from './mails';
import {
  type AccountServices,
  checkCurrentPassword,
  currentUser,
  enforceBoth,
  noAccount,
  wrongStep,
} from './services';

/** SMS protection (2FA): the phone number, its code, turning it on and off (PRODUCT.md §3, §8). */

/** Phone codes per account and hour. */
export const SMS_HOUR_LIMIT = { max: 10, windowMs: 3_600_000 };
/** Types libphonenumber gives a number that can receive an SMS. */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

const phoneRefused = (code: string, message: string) =>
  new ApiError(400, code, message, { phoneNumber: [code] });
const noPending = () => new ApiError(409, 'phone.no_pending', 'No phone number waits for confirmation');
const emailNotValidated = () =>
  new ApiError(403, 'phone.email_not_validated', 'SMS need a validated e-mail address first');

/**
 * The number in E.164 when it can get an SMS: valid ("0151 2345 6789" (DE), "+49 151 23456789" and
 * "0049…" are one number), a mobile number, of a country in `smsCountries`, not premium-rate.
 * Otherwise 400 with the reason under fields.phoneNumber.
 */
export function normalisePhone(
  phoneNumber: string,
  countryCode: string,
  smsCountries: readonly string[],
): string {
  const parsed = parsePhone(phoneNumber, countryCode);
  if (!parsed?.isValid()) throw phoneRefused('phone.invalid', 'Invalid phone number');
  const type = parsed.getType();
  if (type === 'PREMIUM_RATE') throw phoneRefused('phone.premium_rate', 'Premium-rate numbers are refused');
  if (!parsed.country || !smsCountries.includes(parsed.country))
    throw phoneRefused('phone.country_not_supported', 'No SMS to numbers of this country');
  if (!type || !MOBILE_TYPES.has(type)) throw phoneRefused('phone.not_mobile', 'Not a mobile number');
  return parsed.number;
}

/** SMS go only to accounts whose e-mail address is validated (step 1 means it is not). */
function assertMaySendSms(user: UserRow): void {
  if (user.registrationStep === 1) throw emailNotValidated();
}

/**
 * A phone code to `to`, within the caps: per account once a minute and 10 an hour, per IP and
 * globally per hour (429). The pending number, the code and its SMS are written in one transaction.
 */
async function sendPhoneCode(
  svc: AccountServices,
  user: UserRow,
  to: string,
  now: Date,
  ip: string,
): Promise<void> {
  const { db } = svc.auth;
  await enforceBoth(
    db,
    { key: `sms:phone:${user.id}:minute`, max: 1, windowMs: svc.auth.smsIntervalMs },
    { key: `sms:phone:${user.id}:hour`, ...SMS_HOUR_LIMIT },
    now,
  );
  const wait = await hitSmsCaps(db, ip, now);
  if (wait !== null) throw tooManyRequests(wait);
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
  ip: string,
): Promise<void> {
  const user = await currentUser(svc, claims);
  assertMaySendSms(user);
  if (user.registrationStep !== 2) throw wrongStep();
  const number = normalisePhone(input.phoneNumber, input.countryCode, svc.smsCountries);
  await sendPhoneCode(svc, user, number, new Date(svc.auth.now()), ip);
}

/** PUT /api/user/phone: a new number for 2FA, confirmed like the first. */
export async function changePhone(
  svc: AccountServices,
  claims: TokenClaims,
  input: { currentPassword: string; phoneNumber: string; countryCode: string },
  ip: string,
): Promise<void> {
  const user = await currentUser(svc, claims);
  assertMaySendSms(user);
  const number = normalisePhone(input.phoneNumber, input.countryCode, svc.smsCountries);
  await checkCurrentPassword(svc, user, input.currentPassword, 'currentPassword');
  await sendPhoneCode(svc, user, number, new Date(svc.auth.now()), ip);
}

/** POST /api/user/2fa/save-phone/resend. */
export async function resendPhoneCode(svc: AccountServices, claims: TokenClaims, ip: string): Promise<void> {
  const user = await currentUser(svc, claims);
  assertMaySendSms(user);
  if (!user.pendingPhoneNumber) throw noPending();
  await sendPhoneCode(svc, user, user.pendingPhoneNumber, new Date(svc.auth.now()), ip);
}

/**
 * PUT /api/user/2fa/save-phone/confirm: the right code makes the number the 2FA phone; step 2 → 3.
 * The code's use, the account's change, the notice mail (SMS protection on, or its number changed)
 * and the new pair replacing the caller's session are one transaction.
 */
export async function confirmPhone(
  svc: AccountServices,
  claims: TokenClaims,
  code: string,
): Promise<TokenPair> {
  const user = await currentUser(svc, claims);
  const pendingNumber = user.pendingPhoneNumber;
  if (!pendingNumber) throw noPending();
  const now = new Date(svc.auth.now());
  const pair = await changeInNewSession(svc.auth, claims, async (tx) => {
    if (!(await consumeCode(tx, svc.auth.secret, user.id, 'phone', code, now))) return null;
    const [updated] = await tx
      .update(users)
      .set({
        phoneNumber: pendingNumber,
        pendingPhoneNumber: null,
        mfaStatus: 'enabled',
        registrationStep: sql`case when ${users.registrationStep} = 2 then 3 else ${users.registrationStep} end`,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), eq(users.active, true)))
      .returning();
    if (!updated) throw noAccount();
    const wasOn = user.mfaStatus === 'enabled' && user.phoneNumber !== null;
    const mail = accountMail(wasOn ? 'smsChanged' : 'smsOn', languageOf(updated.language));
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: updated.email, ...mail }, now);
    return updated;
  });
  // A wrong code counts its try: that write must stay, so it is answered outside the transaction.
  if (!pair) throw wrongCode();
  return pair;
}

/** POST /api/user/2fa/skip: no SMS 2FA; step 2 → 3; the new pair replaces the caller's session. */
export async function skipPhone(svc: AccountServices, claims: TokenClaims): Promise<TokenPair> {
  const now = new Date(svc.auth.now());
  return (await changeInNewSession(svc.auth, claims, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ mfaStatus: 'disabled', pendingPhoneNumber: null, registrationStep: 3, updatedAt: now })
      .where(and(eq(users.id, claims.sub), eq(users.registrationStep, 2), eq(users.active, true)))
      .returning();
    if (!row) throw wrongStep();
    return row;
  }))!;
}

/**
 * DELETE /api/user/2fa: SMS 2FA off and the number removed; the owner gets a notice; the new pair
 * replaces the caller's session.
 */
export async function disableTwoFactor(
  svc: AccountServices,
  claims: TokenClaims,
  currentPassword: string,
): Promise<TokenPair> {
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, currentPassword, 'currentPassword');
  const now = new Date(svc.auth.now());
  return (await changeInNewSession(svc.auth, claims, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ mfaStatus: 'disabled', phoneNumber: null, pendingPhoneNumber: null, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw noAccount();
    if (user.mfaStatus === 'enabled') {
      const mail = accountMail('smsOff', languageOf(updated.language));
      await queueMessage(tx, { kind: 'mail', userId: user.id, to: updated.email, ...mail }, now);
    }
    return updated;
  }))!;
}
