import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, moment } from './columns';
import { users } from './users';

/**
 * A company's profile (the company catalogue's values), one per company account, or without an
 * account when an agent keeps it (issue 20; the account comes with an accepted invitation). Apart
 * from `profiles` because companies never take part in matching and `profiles` is what the index reads.
 */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    /** The company account; null for a company an agent keeps without one (issue 20). */
    userId: uuid('user_id')
      .unique('companies_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    /** Where the invitation goes while there is no account (an agent enters it); null: none known. */
    contactEmail: text('contact_email'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /** The agent who looks after the company (issue 12); null: unassigned. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name, city and website folded for the agents' search (function of migration 0008). */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`matchwerk_company_search("values")`),
    /**
     * The account's e-mail (or, without an account, the contact e-mail an agent entered), lower case,
     * copied by triggers (migration 0023) as profiles.search_email
     * is: the search finds a company by its e-mail on this row, without joining every account.
     */
    searchEmail: text('search_email').notNull().default(''),
  },
  (t) => [
    index('companies_assigned_agent_idx').on(t.assignedAgentId),
    index('companies_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('companies_search_email_trgm_idx').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
  ],
);

/**
 * The personal profile of an account that is not a candidate (a company's contact person, an agent):
 * the profile catalogue's fields for that user type. Not in `profiles`, which holds candidates only.
 */
export const accountProfiles = pgTable('account_profiles', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique('account_profiles_user_id_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  version: integer('version').notNull().default(0),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * The current photo of an account: `id` names its files in photo storage (`<id>.jpg`, `<id>-thumb.jpg`)
 * and its URL. Replacing a photo writes new files first and swaps this row in one statement.
 */
export const photos = pgTable('photos', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().unique('photos_id_key'),
  createdAt: moment('created_at').notNull().defaultNow(),
  mediaType: text('media_type').notNull().default('image/jpeg'),
});
