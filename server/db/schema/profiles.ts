import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, moment, tsvector } from './columns';
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
    id: id(),
    /** The owning account (one profile per candidate); null for profiles an agent keeps without an account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('active'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    /** Increases with every saved edit of `values`; a PUT naming an older version is refused (409). */
    version: integer('version').notNull().default(0),
    /**
     * The e-mail an agent entered for a candidate without an account (issue 20): where the invitation
     * goes, and what the search finds while there is no account e-mail. Null: none known.
     */
    contactEmail: text('contact_email'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    changeTx: bigint('change_tx', { mode: 'number' }).notNull().default(currentTx),
    /** The agent who looks after the candidate (issue 12); null: unassigned. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** "last first", folded: the name sort of the agents' tables. */
    sortName: text('sort_name').notNull().generatedAlwaysAs(sql`matchwerk_profile_sort_name("values")`),
    /**
     * The account's e-mail, lower case, copied by triggers (migration 0013) so that the agents' search
     * finds it in this row's own search_doc instead of looking accounts up per row.
     */
    searchEmail: text('search_email').notNull().default(''),
    /**
     * The account is still registering (its registration_step is not 0), copied by triggers
     * (migration 0016): the agents' "registration finished" filter reads it on this row, and their
     * counts from an index, instead of looking each account up.
     */
    accountRegistering: boolean('account_registering').notNull().default(false),
    /**
     * The words the agents' search matches, as a tsvector (migration 0016): the words of the name,
     * city and e-mail, folded, and the profile's skill and occupation keys. The search asks it with
     * one prefix query on a GIN index per candidate type, which needs no recheck of the row.
     */
    searchDoc: tsvector('search_doc')
      .notNull()
      .generatedAlwaysAs(sql`matchwerk_profile_doc("values", search_email)`),
    /**
     * How complete the profile is for matching, 0–100: the weights of contract/completeness.ts over
     * the fields that are filled, kept by a trigger (migrations 0014, 0023): the agents' tables sort
     * by it through an index.
     */
    completeness: integer('completeness').notNull().default(0),
    /**
     * The agency's block (PRODUCT.md §8): set by an agent with a reason, lifted only by an agent. A
     * blocked profile is in no run whatever its own `status` (the candidate's switch) says.
     */
    blockedAt: moment('blocked_at'),
    blockedReason: text('blocked_reason'),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The candidate's consent to be presented to clients by name (issue 21, the full card): when it
     * was given; null when never given or withdrawn. Only the candidate sets it (their settings).
     */
    presentedByNameAt: moment('presented_by_name_at'),
  },
  (t) => [
    index('profiles_change_tx_idx').on(t.changeTx),
    // The agents' search, one index per candidate type (a table always shows one type): a query
    // under `type = …` reads its own index and no bitmap of every row of that type.
    index('profiles_search_doc_stella_idx').using('gin', t.searchDoc).where(sql`${t.type} = 'stella'`),
    index('profiles_search_doc_luna_idx').using('gin', t.searchDoc).where(sql`${t.type} = 'luna'`),
    index('profiles_search_doc_nova_idx').using('gin', t.searchDoc).where(sql`${t.type} = 'nova'`),
    index('profiles_search_doc_idx').using('gin', t.searchDoc),
    // The agents' tables filtered by assignment (me / none) and type, read in the order of their
    // sort: a page is the next 20 entries, not a sort of every assigned row (migration 0013).
    index('profiles_assigned_type_updated_idx').on(t.assignedAgentId, t.type, t.updatedAt, t.id),
    index('profiles_assigned_type_sort_name_idx').on(t.assignedAgentId, t.type, t.sortName, t.id),
    // Their counts read profiles_assigned_type_status_idx (assignment, type, status, INCLUDE
    // account_registering), written in SQL (migrations 0015, 0016): Drizzle's index builder has no
    // INCLUDE.
    // The table orders (with the id as tie-break, so a backward scan serves "desc" too).
    index('profiles_type_updated_idx').on(t.type, t.updatedAt, t.id),
    index('profiles_type_created_idx').on(t.type, t.createdAt, t.id),
    index('profiles_type_sort_name_idx').on(t.type, t.sortName, t.id),
    index('profiles_type_completeness_idx').on(t.type, t.completeness, t.id),
    uniqueIndex('profiles_user_id_key').on(t.userId),
    index('profiles_type_status_idx').on(t.type, t.status),
    check('profiles_type_values', sql`${t.type} in ('luna', 'stella', 'nova')`),
    check('profiles_status_values', sql`${t.status} in ('active', 'inactive')`),
    check('profiles_block_reason', sql`(${t.blockedAt} is null) = (${t.blockedReason} is null)`),
  ],
);

/** One row per deleted profile, written by a trigger, so that every index learns of the deletion. */
export const profileTombstones = pgTable(
  'profile_tombstones',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id').notNull(),
    changeTx: bigint('change_tx', { mode: 'number' }).notNull().default(currentTx),
    deletedAt: moment('deleted_at').notNull().defaultNow(),
  },
  (t) => [
    index('profile_tombstones_change_tx_idx').on(t.changeTx),
    index('profile_tombstones_deleted_at_idx').on(t.deletedAt),
  ],
);
