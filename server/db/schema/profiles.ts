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
    /** The agent who looks after the candidate (issue 12); null: unassigned. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name and city folded (no accents, lower case) for the agents' search; functions of migration 0008. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`matchwerk_profile_search("values")`),
    /** "last first", folded: the name sort of the agents' tables. */
    sortName: text('sort_name').notNull().generatedAlwaysAs(sql`matchwerk_profile_sort_name("values")`),
    /**
     * The account's e-mail, lower case, copied by triggers (migration 0013) so that the agents' search
     * matches it on this row's own trigram index instead of looking accounts up per row.
     */
    searchEmail: text('search_email').notNull().default(''),
    /**
     * The share (0–100) of the type's required catalogue fields that are filled, kept by triggers on
     * profiles and catalogs (migration 0014): the agents' tables sort by it through an index.
     */
    completeness: integer('completeness').notNull().default(0),
  },
  (t) => [
    index('profiles_change_tx_idx').on(t.changeTx),
    index('profiles_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('profiles_search_email_trgm_idx').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
    index('profiles_skills_gin_idx').using('gin', sql`(${t.values} -> 'skills')`),
    index('profiles_occupation_idx').on(sql`(${t.values} ->> 'occupation')`),
    // The agents' tables filtered by assignment (me / none) and type, read in the order of their
    // sort: a page is the next 20 entries, not a sort of every assigned row (migration 0013).
    index('profiles_assigned_type_updated_idx').on(t.assignedAgentId, t.type, t.updatedAt, t.id),
    index('profiles_assigned_type_sort_name_idx').on(t.assignedAgentId, t.type, t.sortName, t.id),
    // Their counts read profiles_assigned_type_status_idx (assignment, type, status, INCLUDE user_id),
    // written in SQL (migration 0015): Drizzle's index builder has no INCLUDE.
    // The table orders (with the id as tie-break, so a backward scan serves "desc" too).
    index('profiles_type_updated_idx').on(t.type, t.updatedAt, t.id),
    index('profiles_type_created_idx').on(t.type, t.createdAt, t.id),
    index('profiles_type_sort_name_idx').on(t.type, t.sortName, t.id),
    index('profiles_type_completeness_idx').on(t.type, t.completeness, t.id),
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

/**
 * The required profile fields per candidate type, copied from the catalogue by a trigger on
 * catalogs (migration 0014): the completeness trigger reads this small row instead of the whole
 * catalogue for every profile it writes.
 */
export const profileRequiredFields = pgTable('profile_required_fields', {
  type: text('type').primaryKey(),
  keys: text('keys').array().notNull(),
});
