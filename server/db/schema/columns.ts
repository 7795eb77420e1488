import { type AnyPgColumn, customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The schema's own column shapes and types, written once for every table file: the key, moments,
 * owned references, and the PostgreSQL types Drizzle 0.45 has no column for.
 */

/** Every table's key: a uuid the server makes (`id`). */
export const id = () => uuid('id').primaryKey();

/** A moment: every timestamp of the schema keeps its time zone (PostgreSQL's timestamptz). */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** A row's owner: a required reference, and the row goes when its owner goes (ON DELETE CASCADE). */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** PostgreSQL's bytea as a Buffer (Drizzle 0.45 has no bytea column of its own). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** PostgreSQL's tsvector: read only by SQL (the agents' search), so its value stays a string here. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
