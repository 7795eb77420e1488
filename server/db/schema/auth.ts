import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, id, moment, ownedBy } from './columns';
import { users } from './users';

/**
 * RS256 signing keys, shared by every server node through the database (with PGlite the database
 * lives in DATA_DIR). A key is published in the JWKS from `published_at`, signs from
 * `activates_at`, and leaves the JWKS at `retires_at` (docs/decisions/0006-sessions-keys-and-refresh-tokens.md).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publishedAt: moment('published_at').notNull(),
  activatesAt: moment('activates_at').notNull(),
  retiresAt: moment('retires_at'),
});

/**
 * Refresh tokens, stored as SHA-256 hashes. A family starts at login and ends 30 days later at the
 * latest; every use rotates to a child. Presenting a used token outside the grace window revokes
 * the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    userId: ownedBy('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: moment('created_at').notNull(),
    familyExpiresAt: moment('family_expires_at').notNull(),
    usedAt: moment('used_at'),
    /** The child this token was rotated to. */
    replacedBy: uuid('replaced_by'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** One-time codes (SMS): only an HMAC is stored; burnt after 5 wrong tries or first use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose').notNull(),
    codeHmac: text('code_hmac').notNull(),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: moment('consumed_at'),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('one_time_codes_purpose_values', sql`${t.purpose} in ('login', 'phone')`),
  ],
);

/** Fixed-window counters for rate limits shared by every node (key = what is limited + who). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: moment('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Every e-mail and SMS, queued: the request that causes a message only inserts it; a worker sends
 * it through the configured transport and retries with backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: moment('created_at').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull(),
    sentAt: moment('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_kind_values', sql`${t.kind} in ('mail', 'sms')`),
    check('outbox_status_values', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * Files attached to an outbox mail (issue 21: the cards sent to a client), in their order. Deleted
 * with their message; a real transport's delivery deletes them too (the stored copy keeps no
 * personal documents once they left).
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    outboxId: ownedBy('outbox_id', () => outbox.id),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.outboxId, t.position] })],
);

/** Server-side secrets created on first start (e.g. the HMAC key for refresh-token rotation and codes). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});
