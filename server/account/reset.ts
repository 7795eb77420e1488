import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { assertPasswordAllowed } from '../auth/password-rules';
import { hit, tooManyRequests } from '../auth/rate-limit';
import { revokeAllSessions } from '../auth/sessions';
import type { Database } from '../db/client';
import { passwordResetRequests } from '../db/schema/sessions';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import type { Logger } from '../log';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
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
import type { AccountServices } from './services';

/** Forgot password: the request, the worker that mails the link, the check and the reset (PRODUCT.md §3). */

export const RESET_ADDRESS_LIMIT = { max: 5, windowMs: 3_600_000 };
/** Forgot-password requests per IP and hour, whatever the addresses. */
export const RESET_IP_LIMIT = { max: 20, windowMs: 3_600_000 };
/** How often the worker looks for queued requests, and how many it takes at once. */
export const RESET_WORKER_INTERVAL_MS = 1000;
const RESET_BATCH = 20;
/** Requests older than this are dropped unanswered (the link would arrive too late to be expected). */
const RESET_REQUEST_MAX_AGE_MS = 3_600_000;

const invalidResetToken = () => new ApiError(400, 'reset.invalid_token', 'Invalid or expired reset link');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * POST /api/public/user/reset-password: only queues the address. No account is looked up here, so
 * known and unknown addresses take the same path and the same time; the worker
 * ({@link processResetRequests}) mails a link when the address has an account. Limited per IP
 * and per address (the address hashed, so the counter row does not keep it).
 */
export async function requestPasswordReset(
  svc: Pick<AccountServices, 'auth'>,
  rawEmail: string,
  ip: string,
): Promise<void> {
  const { db } = svc.auth;
  const now = new Date(svc.auth.now());
  const email = normaliseEmail(rawEmail);
  const wait =
    (await hit(db, { key: `reset:ip:${ip}`, ...RESET_IP_LIMIT }, now)) ??
    (await hit(db, { key: `reset:${sha256(email)}`, ...RESET_ADDRESS_LIMIT }, now));
  if (wait !== null) throw tooManyRequests(wait);
  await db.insert(passwordResetRequests).values({ id: crypto.randomUUID(), email, createdAt: now });
}

/**
 * Takes up to a batch of queued requests (each taken by one node only) and mails a reset link for
 * each address with an active account; others are dropped without a trace. Answers how many it took.
 */
export async function processResetRequests(
  svc: Pick<AccountServices, 'auth' | 'publicOrigin'>,
): Promise<number> {
  const { db } = svc.auth;
  const taken = await db
    .delete(passwordResetRequests)
    .where(
      inArray(
        passwordResetRequests.id,
        db
          .select({ id: passwordResetRequests.id })
          .from(passwordResetRequests)
          .orderBy(passwordResetRequests.createdAt)
          .limit(RESET_BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ email: passwordResetRequests.email, createdAt: passwordResetRequests.createdAt });
  for (const request of taken) {
    const now = new Date(svc.auth.now());
    if (now.getTime() - request.createdAt.getTime() > RESET_REQUEST_MAX_AGE_MS) continue;
    await mailResetLink(svc, db, request.email, now);
  }
  return taken.length;
}

async function mailResetLink(
  svc: Pick<AccountServices, 'auth' | 'publicOrigin'>,
  db: Database,
  email: string,
  now: Date,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.active) return;
  await mailPasswordLink(db, svc.auth.tokens, svc.publicOrigin, user, 'reset', now);
}

/**
 * Mails `user` a one-hour link to choose a password: the reset mail, or the welcome of an agent a
 * senior agent created (issue 42) — one kind of link, one page that takes it.
 */
export async function mailPasswordLink(
  db: Database,
  tokens: AccountServices['auth']['tokens'],
  publicOrigin: string,
  user: { id: string; email: string; language: string },
  kind: 'reset' | 'agentWelcome',
  now: Date,
): Promise<void> {
  const token = newEmailToken();
  // Signed before the transaction: the key ring may read the database, which must not wait on it.
  const jwt = await signResetJwt(tokens, user.id, token, now);
  await db.transaction(async (tx) => {
    await storeEmailToken(tx, user.id, 'reset', token, now);
    const mail = accountMail(kind, languageOf(user.language), `${publicOrigin}/user/reset-password/${jwt}`);
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
  });
}

/** Runs {@link processResetRequests} every second until stopped; failures are logged and retried. */
export function startResetWorker(
  svc: Pick<AccountServices, 'auth' | 'publicOrigin'>,
  logger: Logger,
  intervalMs = RESET_WORKER_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? 0 : processResetRequests(svc)))
      .catch((error) => logger.error({ err: error }, 'password reset worker failed'));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * GET /api/public/user/reset-password/check/{token}: only a live, unused token of an active account
 * passes, and answers that account's e-mail address — the reset form shows it instead of asking for
 * it again (whoever holds the link can reset the account anyway; it tells them nothing more).
 */
export async function checkResetToken(svc: Pick<AccountServices, 'auth'>, jwt: string): Promise<string> {
  const { db } = svc.auth;
  const read = await readResetJwt(svc.auth.tokens, jwt);
  const userId =
    read &&
    (await liveEmailToken(db, { purpose: 'reset', token: read.token, now: new Date(svc.auth.now()) }));
  if (!read || userId !== read.userId) throw invalidResetToken();
  const [user] = await db
    .select({ email: users.email, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.active) throw invalidResetToken();
  return user.email;
}

/**
 * PUT /api/public/user/reset-password: a new password, every session ended (access tokens
 * included), 2FA left as it is, a notice mailed. A refused password does not use the token up.
 */
export async function resetPassword(
  svc: Pick<AccountServices, 'auth'>,
  input: { email: string; token: string; password: string; language: 'de' | 'en' },
): Promise<void> {
  const { db } = svc.auth;
  const now = new Date(svc.auth.now());
  const read = await readResetJwt(svc.auth.tokens, input.token);
  const user = await findUserByEmail(db, input.email);
  if (!read || !user?.active || user.id !== read.userId) throw invalidResetToken();
  if ((await liveEmailToken(db, { purpose: 'reset', token: read.token, now })) !== user.id)
    throw invalidResetToken();
  assertPasswordAllowed(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if ((await consumeEmailToken(tx, { purpose: 'reset', token: read.token, now })) !== user.id)
      throw invalidResetToken();
    await tx
      .update(users)
      .set({ passwordHash, language: input.language, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, svc.auth.tokens.revocations, user.id, now);
    const mail = accountMail('resetDone', input.language);
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
  });
}
