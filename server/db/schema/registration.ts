import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, moment, ownedBy } from './columns';
import { users } from './users';

/**
 * Single-use tokens sent by e-mail (validation 24 h, password reset 1 h, keeping an account
 * after the retention notice 45 days). Only a SHA-256 of the
 * token is stored; `used_at` is set by the one request that wins it.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('email_tokens_token_hash_key'),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('email_tokens_purpose_values', sql`${t.purpose} in ('validate', 'reset', 'keep')`),
  ],
);

/** Which legal text (and which version of it) an account accepted, and when. */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    userId: ownedBy('user_id', () => users.id),
    text: text('text').notNull(),
    version: text('version').notNull(),
    acceptedAt: moment('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.text] })],
);
