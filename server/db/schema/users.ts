import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';

/** Every account: candidates (luna, stella, nova), companies and agents (any type containing "agent"). */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull(),
    language: text('language').notNull().default('de'),
    /** Steps of the guided registration done; 0 means finished (PRODUCT.md §3). */
    registrationStep: integer('registration_step').notNull().default(1),
    mfaStatus: text('mfa_status').notNull().default('disabled'),
    phoneNumber: text('phone_number'),
    /** A number (E.164) waiting for its SMS code; it becomes `phone_number` on confirmation. */
    pendingPhoneNumber: text('pending_phone_number'),
    active: boolean('active').notNull().default(true),
    /** Failed password logins since the last success; 10 lock the password login (PRODUCT.md §3). */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: moment('locked_until'),
    /** The last successful password login (shown to agents, issue 12). */
    lastLoginAt: moment('last_login_at'),
    /**
     * Retention (PRODUCT.md §8): when the owner last asked to keep the account through the link of
     * the notice mail (counts as activity), and when that notice was sent.
     */
    retentionKeptAt: moment('retention_kept_at'),
    retentionNoticeAt: moment('retention_notice_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_user_type_idx').on(t.userType),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_registration_step_range', sql`${t.registrationStep} between 0 and 5`),
    check('users_mfa_status_values', sql`${t.mfaStatus} in ('enabled', 'pending', 'disabled')`),
    check('users_language_values', sql`${t.language} in ('de', 'en')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
