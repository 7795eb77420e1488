import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The id of the writing transaction, as a bigint (xid8 is 64-bit: it never wraps around). Set by the
 * trigger of migration 0002 on every insert and update, so no writer can forget it.
 */
const currentTx = sql`(pg_current_xact_id()::text::bigint)`;

/**
 * Candidate profiles (luna, stella, nova): the values of the profile catalogue as jsonb. The matching
 * index reads them and follows their changes by `change_tx` (see docs/decisions/0003-matching-index.md).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    /** The owning account (one profile per candidate); null for profiles an agent keeps without an account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('active'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    /** Increases with every saved edit of `values`; a PUT naming an older version is refused (409). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    changeTx: bigint('change_tx', { mode: 'number' }).notNull().default(currentTx),
  },
  (t) => [
    index('profiles_change_tx_idx').on(t.changeTx),
    uniqueIndex('profiles_user_id_key').on(t.userId),
    index('profiles_type_status_idx').on(t.type, t.status),
    check('profiles_type_values', sql`${t.type} in ('luna', 'stella', 'nova')`),
    check('profiles_status_values', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** One row per deleted profile, written by a trigger, so that every index learns of the deletion. */
export const profileTombstones = pgTable(
  'profile_tombstones',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id').notNull(),
    changeTx: bigint('change_tx', { mode: 'number' }).notNull().default(currentTx),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profile_tombstones_change_tx_idx').on(t.changeTx),
    index('profile_tombstones_deleted_at_idx').on(t.deletedAt),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
