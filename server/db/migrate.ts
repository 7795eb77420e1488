import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DbHandle, DbLocation } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any fixed number; every Matchwerk process that migrates takes this lock first, so several
// nodes starting at once over one PostgreSQL apply each migration exactly once.
const MIGRATION_LOCK = 4_227_001;

/** Applies the committed migrations that the database does not have yet. */
export async function migrateDatabase(handle: DbHandle, location: DbLocation): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!('url' in location)) throw new Error('a PostgreSQL handle needs its URL to migrate');
  const client = new pg.Client({ connectionString: location.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
