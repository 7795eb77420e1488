import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  activatesAt: timestamp('activates_at', { withTimezone: true }).notNull(),
  retiresAt: timestamp('retires_at', { withTimezone: true }),
});

/**
 * Refresh tokens, stored as SHA-256 hashes. A family starts at login and ends 30 days later at the
 * latest; every use rotates to a child. Presenting a used token outside the grace window revokes
 * the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The child this token was rotated to. */
    replacedBy: uuid('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** One-time codes (SMS): only an HMAC is stored; burnt after 5 wrong tries or first use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHmac: text('code_hmac').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('one_time_codes_purpose_values', sql`${t.purpose} in ('login', 'phone')`),
  ],
);

/** Fixed-window counters for rate limits shared by every node (key = what is limited + who). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Every e-mail and SMS, queued: the request that causes a message only inserts it; a worker sends
 * it through the configured transport and retries with backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_kind_values', sql`${t.kind} in ('mail', 'sms')`),
    check('outbox_status_values', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/** PostgreSQL's bytea as a Buffer (Drizzle 0.45 has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files attached to an outbox mail (issue 21: the cards sent to a client), in their order. Deleted
 * with their message; a real transport's delivery deletes them too (the stored copy keeps no
 * personal documents once they left).
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
