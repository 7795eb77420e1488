import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { LoginCodeStatus, TokenClaims, TokenPair } from '../../contract/session';
import { accountMail } from '../account/mails';
import type { Database } from '../db/client';
import { refreshTokens } from '../db/schema/auth';
import { type UserRow, users } from '../db/schema/users';
import { ApiError } from '../errors';
import { queueMessage } from '../messaging/outbox';
import { languageOf, smsTexts } from '../messaging/texts';
import { findUserByEmail } from '../users/users';
import { consumeCode, issueCode } from './codes';
import { sessionEnded } from './middleware';
import { hashPassword, verifyPassword } from './password';
import { hit, nextAllowedAt, tooManyRequests } from './rate-limit';
import { type RevocationCache, recordSessionRevocations } from './revocations';
import { hmac } from './secrets';
import { signAccessToken, type TokenSettings } from './tokens';

export const REFRESH_FAMILY_LIFETIME_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_GRACE_MS = 10_000;
export const LOCK_AFTER_FAILURES = 10;
const LOCK_MAX_MS = 15 * 60 * 1000;
const LOGIN_IP_LIMIT = { max: 30, windowMs: 5 * 60 * 1000 };
const SMS_HOUR_LIMIT = { max: 10, windowMs: 3_600_000 };
/** Every SMS (login and phone codes) from one address, and from the whole instance, per hour (PRODUCT.md §8). */
export const SMS_IP_HOUR_LIMIT = { max: 20, windowMs: 3_600_000 };
export const SMS_GLOBAL_HOUR_LIMIT = { key: 'sms:global:hour', max: 1000, windowMs: 3_600_000 };

export interface AuthServices {
  db: Database;
  tokens: TokenSettings;
  /** HMAC key for refresh-token rotation and one-time codes. */
  secret: Buffer;
  /** Verified against when the e-mail is unknown, so that case takes as long as a wrong password. */
  dummyHash: string;
  now: () => number;
  /** The least time between two SMS codes to one account (SMS_RESEND_SECONDS), in ms. */
  smsIntervalMs: number;
}

export async function createDummyHash(): Promise<string> {
  return hashPassword(randomBytes(16).toString('hex'));
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const invalidCredentials = () => new ApiError(401, 'login.invalid_credentials', 'Invalid credentials');
export const wrongCode = () => new ApiError(401, 'login.wrong_2FA_code', 'Wrong 2FA code');
const invalidRefresh = () => new ApiError(401, 'refresh.invalid', 'Invalid refresh token');

/** Delay of the n-th lock: 1 minute, doubling, at most 15 minutes. */
export function lockDelayMs(failures: number): number {
  return Math.min(LOCK_MAX_MS, 60_000 * 2 ** Math.max(0, failures - LOCK_AFTER_FAILURES));
}

/**
 * POST /api/login. Unknown e-mail, wrong password and a locked account answer alike (status, body,
 * time); a user with SMS 2FA gets a pending token and an SMS.
 */
export async function login(
  auth: AuthServices,
  input: { email: string; password: string; locale: 'de' | 'en'; ip: string },
): Promise<TokenPair> {
  const now = new Date(auth.now());
  const retryAfter = await hit(auth.db, { key: `login:ip:${input.ip}`, ...LOGIN_IP_LIMIT }, now);
  if (retryAfter !== null) throw tooManyRequests(retryAfter);

  const user = await findUserByEmail(auth.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? auth.dummyHash, input.password);
  if (!user) throw invalidCredentials();
  const locked = user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
  if (locked || !user.active) throw invalidCredentials();
  if (!passwordOk) {
    await recordFailure(auth.db, user, now);
    throw invalidCredentials();
  }
  const [current] = await auth.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, language: input.locale, updatedAt: now, lastLoginAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (!current) throw invalidCredentials();
  if (current.mfaStatus === 'enabled' && current.phoneNumber) {
    await sendLoginCode(auth, current, now, false, input.ip);
    return { token: await signAccessToken(auth.tokens, current, 'pending') };
  }
  return issueTokenPair(auth, current);
}

/**
 * Counts a failed password login; the 10th and every later one locks the password login for a
 * growing delay and mails the owner a notice, once per lock. One transaction: the count, the lock
 * and the notice go together or not at all.
 */
async function recordFailure(db: Database, user: UserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins, language: users.language, email: users.email });
    if (!row || row.failedLogins < LOCK_AFTER_FAILURES) return;
    const locked = await tx
      .update(users)
      .set({ lockedUntil: new Date(now.getTime() + lockDelayMs(row.failedLogins)) })
      .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
      .returning({ id: users.id });
    if (locked.length === 0) return;
    const mail = accountMail('loginLocked', languageOf(row.language));
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: row.email, ...mail }, now);
  });
}

/**
 * Counts one SMS against the caps every SMS shares: per address and for the whole instance, per
 * hour (PRODUCT.md §8). Answers the seconds to wait, or null.
 */
export async function hitSmsCaps(db: Database, ip: string, now: Date): Promise<number | null> {
  return (
    (await hit(db, { key: `sms:ip:${ip}:hour`, ...SMS_IP_HOUR_LIMIT }, now)) ??
    (await hit(db, SMS_GLOBAL_HOUR_LIMIT, now))
  );
}

/** The per-account limits of login codes: once per SMS_RESEND_SECONDS, 10 an hour. */
function loginSmsLimits(auth: AuthServices, userId: string) {
  return {
    minute: { key: `sms:login:${userId}:minute`, max: 1, windowMs: auth.smsIntervalMs },
    hour: { key: `sms:login:${userId}:hour`, ...SMS_HOUR_LIMIT },
  };
}

/**
 * Sends a login code by SMS within the limits (per account once per SMS_RESEND_SECONDS, a minute by default, and 10 an hour, plus the
 * per-IP and global caps); `strict` answers 429 beyond them. The code and its SMS are written in
 * one transaction, so no code exists without its message nor a message without its code.
 */
async function sendLoginCode(
  auth: AuthServices,
  user: UserRow,
  now: Date,
  strict: boolean,
  ip: string,
): Promise<void> {
  const minute = await hit(auth.db, loginSmsLimits(auth, user.id).minute, now);
  const hour = minute === null ? await hit(auth.db, loginSmsLimits(auth, user.id).hour, now) : null;
  const wait = minute ?? hour ?? (await hitSmsCaps(auth.db, ip, now));
  if (wait !== null) {
    if (strict) throw tooManyRequests(wait);
    return;
  }
  await auth.db.transaction(async (tx) => {
    const code = await issueCode(tx, auth.secret, user.id, 'login', now);
    await queueMessage(
      tx,
      {
        kind: 'sms',
        userId: user.id,
        to: user.phoneNumber ?? '',
        text: smsTexts.loginCode(languageOf(user.language), code),
      },
      now,
    );
  });
}

/** POST /api/login/2fa: the right code turns a pending login into full tokens. */
export async function completeTwoFactorLogin(
  auth: AuthServices,
  pending: TokenClaims,
  code: string,
): Promise<TokenPair> {
  const now = new Date(auth.now());
  const [user] = await auth.db.select().from(users).where(eq(users.id, pending.sub));
  if (!user?.active) throw invalidCredentials();
  if (!(await consumeCode(auth.db, auth.secret, user.id, 'login', code, now))) throw wrongCode();
  return issueTokenPair(auth, user);
}

/** POST /api/login/2fa/resend: a new code, at most once a minute and 10 times an hour. */
export async function resendTwoFactorCode(
  auth: AuthServices,
  pending: TokenClaims,
  ip: string,
): Promise<void> {
  const [user] = await auth.db.select().from(users).where(eq(users.id, pending.sub));
  if (!user?.active || !user.phoneNumber) throw invalidCredentials();
  await sendLoginCode(auth, user, new Date(auth.now()), true, ip);
}

/**
 * GET /api/login/2fa: when the pending login may ask for a new code (the account's own limits; the
 * per-address and instance caps are not the account's to know). A reload of the SMS step counts
 * down from it instead of starting over.
 */
export async function loginCodeStatus(auth: AuthServices, pending: TokenClaims): Promise<LoginCodeStatus> {
  const now = new Date(auth.now());
  const limits = loginSmsLimits(auth, pending.sub);
  const waits = [
    await nextAllowedAt(auth.db, limits.minute, now),
    await nextAllowedAt(auth.db, limits.hour, now),
  ].filter((at): at is Date => at !== null);
  const latest = waits.length === 0 ? null : Math.max(...waits.map((at) => at.getTime()));
  if (latest === null) return { resendAt: null, resendAfterSeconds: 0 };
  return {
    resendAt: new Date(latest).toISOString(),
    resendAfterSeconds: Math.ceil((latest - now.getTime()) / 1000),
  };
}

/** Stores the first refresh token of a new family, ending at `familyExpiresAt`. */
async function startFamily(
  db: Database,
  userId: string,
  now: Date,
  familyExpiresAt = new Date(now.getTime() + REFRESH_FAMILY_LIFETIME_MS),
): Promise<{ familyId: string; refresh: string }> {
  const refresh = randomBytes(32).toString('base64url');
  const familyId = crypto.randomUUID();
  await db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    familyId,
    userId,
    tokenHash: sha256(refresh),
    createdAt: now,
    familyExpiresAt,
  });
  return { familyId, refresh };
}

/** Starts a refresh-token family and signs an access token. */
export async function issueTokenPair(auth: AuthServices, user: UserRow): Promise<TokenPair> {
  const now = new Date(auth.now());
  const { familyId, refresh } = await startFamily(auth.db, user.id, now);
  const token = await signAccessToken(auth.tokens, user, 'ok', Math.floor(now.getTime() / 1000), familyId);
  return { token, refresh_token: refresh };
}

/**
 * A change of the caller's own account answered with a new pair that carries the changed claims (a
 * registration step; SMS protection on, changed or off). The pair takes the place of the caller's
 * session in the change's transaction: the refresh-token family the access token names (`sid`) is
 * ended as a logout ends it — its refresh tokens answer 401 `refresh.invalid`, its access tokens
 * `jwt.revoked` — and a new family starts that ends when the old one would have (a step never
 * lengthens a session). A session that ended before (on another node, before this one learnt it)
 * answers 401 `jwt.revoked` and nothing is changed. A token of no family (none was started for its
 * `sid`: only tests sign such) gets a new one. `change` answers the changed user, or null to answer
 * no pair and keep what it wrote (a wrong code's try).
 */
export async function changeInNewSession(
  auth: AuthServices,
  claims: Pick<TokenClaims, 'sub' | 'sid'>,
  change: (tx: Database) => Promise<UserRow | null>,
): Promise<TokenPair | null> {
  const now = new Date(auth.now());
  const sid = claims.sid;
  const issued = await auth.db.transaction(async (tx) => {
    const user = await change(tx);
    if (!user) return null;
    const ended = sid ? await endFamilyTokens(tx, sid, now) : null;
    if (sid && ended) await recordSessionRevocations(tx, undefined, [sid], now);
    else if (sid && (await familyExists(tx, sid))) throw sessionEnded();
    return { user, replaced: ended !== null, ...(await startFamily(tx, user.id, now, ended ?? undefined)) };
  });
  if (!issued) return null;
  // Counted in this process once committed: a change that rolled back leaves the session as it was.
  if (sid && issued.replaced) auth.tokens.revocations?.noteSession(sid);
  const iat = Math.floor(now.getTime() / 1000);
  return {
    token: await signAccessToken(auth.tokens, issued.user, 'ok', iat, issued.familyId),
    refresh_token: issued.refresh,
  };
}

async function familyExists(db: Database, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks every token of a family revoked (in the caller's transaction); answers when the family would
 * have ended, or null when it had ended already.
 */
async function endFamilyTokens(tx: Database, familyId: string, now: Date): Promise<Date | null> {
  const revoke = () =>
    tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ familyExpiresAt: refreshTokens.familyExpiresAt });
  const ended = await revoke();
  if (ended.length === 0) return null;
  // Again: a refresh that held the family's token while the first update waited for its lock has
  // committed the child by now, which that statement's snapshot could not see; this one does.
  await revoke();
  return ended[0]?.familyExpiresAt ?? null;
}

/** The next refresh token of a family is derived from the one presented, so the grace answer can repeat it. */
const childOf = (auth: AuthServices, presented: string) => hmac(auth.secret, `rotate:${presented}`);

/**
 * POST /api/login/refresh: rotates on every use. The token just rotated, presented again within
 * 10 s (parallel tabs), answers the same new pair; any other reuse revokes the whole family.
 */
export async function refreshSession(auth: AuthServices, presented: string): Promise<TokenPair> {
  const now = new Date(auth.now());
  const [row] = await auth.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row || row.revokedAt || row.familyExpiresAt.getTime() <= now.getTime()) throw invalidRefresh();
  const [user] = await auth.db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.active) throw invalidRefresh();

  const child = childOf(auth, presented);
  if (row.usedAt === null) {
    const childId = crypto.randomUUID();
    const rotated = await auth.db.transaction(async (tx) => {
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: now, replacedBy: childId })
        .where(
          and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) return false;
      await tx.insert(refreshTokens).values({
        id: childId,
        familyId: row.familyId,
        userId: row.userId,
        tokenHash: sha256(child),
        createdAt: now,
        familyExpiresAt: row.familyExpiresAt,
      });
      return true;
    });
    if (rotated) {
      return {
        token: await signAccessToken(auth.tokens, user, 'ok', Math.floor(now.getTime() / 1000), row.familyId),
        refresh_token: child,
      };
    }
  }
  // Used already (here or by a parallel request that won the race), or revoked meanwhile: a session
  // ended or replaced (changeInNewSession) while this request was under way is not a reuse.
  const [used] = await auth.db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
  if (!used || used.revokedAt) throw invalidRefresh();
  const [next] = used?.replacedBy
    ? await auth.db.select().from(refreshTokens).where(eq(refreshTokens.id, used.replacedBy))
    : [];
  const withinGrace = used?.usedAt && now.getTime() - used.usedAt.getTime() <= REFRESH_GRACE_MS;
  if (withinGrace && next && next.usedAt === null && next.revokedAt === null) {
    const iat = Math.floor(next.createdAt.getTime() / 1000);
    return {
      token: await signAccessToken(auth.tokens, user, 'ok', iat, row.familyId),
      refresh_token: child,
    };
  }
  await revokeFamily(auth.db, auth.tokens.revocations, row.familyId, now);
  throw new ApiError(401, 'refresh.reused', 'Refresh token reused; the session was ended');
}

/**
 * Ends a session: its refresh tokens stop working, its access tokens are refused within seconds
 * everywhere. One transaction: a family marked revoked always has its revocation row (a later call
 * finds nothing left to revoke and would not write it).
 */
export async function revokeFamily(
  db: Database,
  cache: RevocationCache | undefined,
  familyId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A family revoked before has its revocation row already.
    if (await endFamilyTokens(tx, familyId, now)) await recordSessionRevocations(tx, cache, [familyId], now);
  });
}

/** Ends every session of a user (password change and reset), access tokens included. */
export async function revokeAllSessions(
  db: Database,
  cache: RevocationCache | undefined,
  userId: string,
  now: Date,
): Promise<void> {
  const revoke = () =>
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
      .returning({ familyId: refreshTokens.familyId });
  // Twice, as endFamilyTokens does: the child of a refresh the first update waited for.
  const ended = [...(await revoke()), ...(await revoke())];
  await recordSessionRevocations(db, cache, [...new Set(ended.map((r) => r.familyId))], now);
}

/** POST /api/logout: revokes the presented token's family; answers alike for unknown tokens. */
export async function logout(auth: AuthServices, presented: string): Promise<void> {
  const [row] = await auth.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(auth.db, auth.tokens.revocations, row.familyId, new Date(auth.now()));
}
