import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';

/**
 * Ended sessions that every node must learn about within seconds (docs/decisions/0011): a revoked
 * refresh-token family (`sid`, the access tokens' claim) or a deleted / deactivated user (`user_id`,
 * written by a trigger on `users`; all its tokens are refused). Each node polls
 * rows by `recorded_at` (the database clock); rows are pruned once every access token they could
 * refuse has expired.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    id: id().defaultRandom(),
    sid: uuid('sid'),
    /** No foreign key: the row must outlive the deleted user. */
    userId: uuid('user_id'),
    revokedAt: moment('revoked_at').notNull(),
    recordedAt: moment('recorded_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('session_revocations_recorded_idx').on(t.recordedAt),
    check('session_revocations_target', sql`${t.sid} is not null or ${t.userId} is not null`),
  ],
);

/**
 * Forgot-password requests waiting for the worker: the request only stores the address, so known
 * and unknown addresses take the same path and time; the worker looks the address up and mails a
 * link only when it has an account.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('password_reset_requests_created_idx').on(t.createdAt)],
);
