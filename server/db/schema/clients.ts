import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { id, moment, ownedBy } from './columns';
import { users } from './users';

/**
 * A company's contacts (PRODUCT.md §10 "Clients"): the people the agency writes to about a job. Keyed
 * by the company record (not its account: agents keep companies without one). When a company has
 * contacts, exactly one is its default recipient: the partial unique index allows one at most, and
 * server/clients/contacts.ts keeps one whenever any exist (the first one created, the oldest left
 * when the default goes).
 */
export const companyContacts = pgTable(
  'company_contacts',
  {
    id: id(),
    companyId: ownedBy('company_id', () => companies.id),
    /** The whole name as it reads: title, first and last name (kept from the parts on every save). */
    name: text('name').notNull(),
    /** How the contact is saluted (issue 42): `ms` Frau / Ms, `mr` Herr / Mr, `none` neutrally by name. */
    salutation: text('salutation').notNull().default('none'),
    /** An academic title before the name ("Dr."), or ''. */
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    /** The language mails to this contact are written in. */
    language: text('language').notNull().default('de'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The contact's own login (issue 42, docs/decisions/0031-contacts-sign-in.md): a user of type
     * company that acts for this contact's company; null while the contact has none.
     */
    userId: uuid('user_id')
      .unique('company_contacts_user_id_key')
      .references(() => users.id, { onDelete: 'set null' }),
    /** Increases with every saved edit; an update naming an older version is refused (409). */
    version: integer('version').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('company_contacts_company_idx').on(t.companyId, t.createdAt, t.id),
    uniqueIndex('company_contacts_one_default').on(t.companyId).where(sql`${t.isDefault}`),
    check('company_contacts_language_values', sql`${t.language} in ('de', 'en')`),
    check('company_contacts_salutation_values', sql`${t.salutation} in ('ms', 'mr', 'none')`),
  ],
);
