import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { companyContacts } from './clients';
import { id, moment } from './columns';
import { profiles } from './profiles';
import { users } from './users';

/**
 * An agent's invitation to take over a candidate profile or a company that has no account yet
 * (issue 20, PRODUCT.md §10): a one-time link, 7 days. Only a SHA-256 of the token is stored;
 * `used_at` is set by the one acceptance that wins it, `revoked_at` when a newer invitation to the
 * same record replaced it. Goes with the record it invites to.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** A contact's own login (issue 42): the contact it is for. */
    contactId: uuid('contact_id').references(() => companyContacts.id, { onDelete: 'cascade' }),
    /** Lower-cased; the account the acceptance creates gets this address, validated by the link. */
    email: text('email').notNull(),
    language: text('language').notNull(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_key'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [
    index('invitations_profile_idx').on(t.profileId),
    index('invitations_company_idx').on(t.companyId),
    index('invitations_contact_idx').on(t.contactId),
    check('invitations_one_target', sql`num_nonnulls(${t.profileId}, ${t.companyId}, ${t.contactId}) = 1`),
    check('invitations_language_values', sql`${t.language} in ('de', 'en')`),
  ],
);
