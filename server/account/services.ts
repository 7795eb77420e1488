import { eq } from 'drizzle-orm';
import type { TokenClaims } from '../../contract/session';
import { verifyPassword } from '../auth/password';
import { enforce, hit, type Limit, tooManyRequests } from '../auth/rate-limit';
import type { AuthServices } from '../auth/sessions';
import type { Database } from '../db/client';
import { type UserRow, users } from '../db/schema/users';
import { ApiError } from '../errors';
import type { PhotoStorage } from '../profiles/photo-storage';

/**
 * What the account calls need (PRODUCT.md §3; the calls are listed in contract/account.ts), split
 * by concern: registration.ts, phone.ts, reset.ts, settings.ts.
 */
export interface AccountServices {
  auth: AuthServices;
  /** Links in mails are built from this, never from the Host header. */
  publicOrigin: string;
  storage: PhotoStorage;
  /** ISO codes of the countries SMS go to (SMS_COUNTRIES). */
  smsCountries: readonly string[];
  /** The legal texts whose versions in force a registration records (LEGAL_DIR). */
  legalDir?: string;
}

/** Checks of the current password per account, so a stolen access token cannot guess it. */
const CURRENT_PASSWORD_LIMIT = { max: 10, windowMs: 3_600_000 };

export const wrongStep = () =>
  new ApiError(409, 'registration.wrong_step', 'Not possible at this registration step');
const wrongCurrent = (field: string) =>
  new ApiError(400, 'password.wrong_current', 'Current password is wrong', {
    [field]: ['password.wrong_current'],
  });
export const noAccount = () => new ApiError(401, 'jwt.invalid', 'Invalid JWT Token');

/** Both limits must allow it; answers 429 with Retry-After otherwise. */
export async function enforceBoth(db: Database, first: Limit, second: Limit, now: Date): Promise<void> {
  const wait = (await hit(db, first, now)) ?? (await hit(db, second, now));
  if (wait !== null) throw tooManyRequests(wait);
}

/** The caller's account row; a deleted or deactivated one is 401. */
export async function currentUser(svc: AccountServices, claims: TokenClaims): Promise<UserRow> {
  const [user] = await svc.auth.db.select().from(users).where(eq(users.id, claims.sub));
  if (!user?.active) throw noAccount();
  return user;
}

export async function checkCurrentPassword(
  svc: AccountServices,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const now = new Date(svc.auth.now());
  await enforce(svc.auth.db, { key: `current-password:${user.id}`, ...CURRENT_PASSWORD_LIMIT }, now);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrent(field);
}
