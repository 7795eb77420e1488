import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FieldDefinition } from '../../../contract/catalog';
import { moment } from './columns';

/**
 * The field catalogues (PRODUCT.md §4), one row per scope. Seeded from server/catalog on every start;
 * the checksum tells whether the file changed, so an unchanged catalogue is not rewritten.
 */
export const catalogs = pgTable(
  'catalogs',
  {
    scope: text('scope').primaryKey(),
    fields: jsonb('fields').$type<FieldDefinition[]>().notNull(),
    checksum: text('checksum').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [check('catalogs_scope_values', sql`${t.scope} in ('profile', 'company', 'job')`)],
);
