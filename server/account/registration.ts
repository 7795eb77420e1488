import { and, eq, sql } from 'drizzle-orm';
import { REQUIRED_ACCEPTANCES, type UserCategory } from '../../contract/account';
import { LEGAL_TEXTS } from '../../contract/legal';
import type { TokenClaims, TokenPair } from '../../contract/session';
import { recordEvent } from '../agents/audit';
import { hashPassword } from '../auth/password';
import { assertPasswordAllowed } from '../auth/password-rules';
import { enforce } from '../auth/rate-limit';
import { changeInNewSession, issueTokenPair } from '../auth/sessions';
import { readCatalog } from '../catalog/catalog';
import type { Database } from '../db/client';
import { legalAcceptances } from '../db/schema/registration';
import { type UserRow, users } from '../db/schema/users';
import { ApiError } from '../errors';
import { currentLegalVersions } from '../legal/texts';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import {
  fieldsFor,
  ownTimelineTarget,
  profileKindOf,
  readProfile,
  requiredMissing,
} from '../profiles/profiles';
import { findUserByEmail, normaliseEmail } from '../users/users';
import { consumeEmailToken, newEmailToken, storeEmailToken } from './email-tokens';
import { accountMail } from './mails';
import { type AccountServices, currentUser, enforceBoth, wrongStep } from './services';

/** Registration: account creation, e-mail validation and the registration steps (PRODUCT.md §3). */

export const CREATE_IP_LIMIT = { max: 10, windowMs: 3_600_000 };
export const RESEND_MINUTE_LIMIT = { max: 1, windowMs: 60_000 };
export const RESEND_DAY_LIMIT = { max: 10, windowMs: 86_400_000 };

const emailTaken = () =>
  new ApiError(409, 'email.taken', 'E-mail address already registered', { email: ['email.taken'] });
const invalidValidationToken = () =>
  new ApiError(400, 'validation.invalid_token', 'Invalid or expired validation link');

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
  const versions = currentLegalVersions(svc.legalDir);
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
    const userId = await consumeEmailToken(tx, { purpose: 'validate', token, now });
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
    const target = await ownTimelineTarget(tx, { userId: row.id, userType: row.userType });
    if (target) await recordEvent(tx, target, 'email.confirmed', {}, now);
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

/**
 * PUT /api/user/registration/email: a mistyped address corrected while its validation is awaited
 * (issue 42): the account takes the new address, the old link stops working and a validation mail goes
 * to the new one; the resend's limits count it. Answers a new pair (the token names the address).
 */
export async function changeRegistrationEmail(
  svc: AccountServices,
  claims: TokenClaims,
  address: string,
): Promise<TokenPair> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  if (user.registrationStep !== 1)
    throw new ApiError(409, 'registration.already_validated', 'E-mail address already validated');
  const email = normaliseEmail(address);
  const other = await findUserByEmail(db, email);
  if (other && other.id !== user.id) throw emailTaken();
  const now = new Date(svc.auth.now());
  await enforceBoth(
    db,
    { key: `validation-mail:${user.id}:minute`, ...RESEND_MINUTE_LIMIT },
    { key: `validation-mail:${user.id}:day`, ...RESEND_DAY_LIMIT },
    now,
  );
  return (await changeInNewSession(svc.auth, claims, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ email, updatedAt: now })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.registrationStep, 1),
          eq(users.active, true),
          // Taken meanwhile by someone else: nothing changes (the unique index would refuse it too).
          sql`not exists (select 1 from users o where o.email = ${email} and o.id <> ${user.id})`,
        ),
      )
      .returning();
    if (!row) {
      if (await findUserByEmail(tx, email)) throw emailTaken();
      throw new ApiError(409, 'registration.already_validated', 'E-mail address already validated');
    }
    await queueValidationMail(tx, svc, row, now);
    return row;
  }))!;
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
    const profile = await readProfile(db, kind, { userId: user.id, userType: user.userType });
    const fields = fieldsFor(await readCatalog(db), kind, profile.type ?? user.userType);
    const missing = requiredMissing(fields, profile.values);
    if (missing.length > 0) {
      throw new ApiError(
        409,
        'registration.step_not_ready',
        'Required profile fields are missing',
        Object.fromEntries(missing.map((key) => [key, ['field.required']])),
      );
    }
  }
  // The new pair replaces the caller's session (changeInNewSession).
  return (await changeInNewSession(svc.auth, claims, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ registrationStep: from === 3 ? 4 : 0, updatedAt: new Date(svc.auth.now()) })
      .where(and(eq(users.id, user.id), eq(users.registrationStep, from)))
      .returning();
    if (!row) throw wrongStep();
    return row;
  }))!;
}
