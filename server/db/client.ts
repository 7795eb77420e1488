import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './extensions';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DbHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DbLocation = { url: string } | { dataDir: string } | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in a directory (or `memory://`). */
export async function openDatabase(location: DbLocation): Promise<DbHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const client =
    'pglite' in location
      ? location.pglite
      : await PGlite.create(location.dataDir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Runs raw SQL and returns its rows, whichever driver answers (their result types differ). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
