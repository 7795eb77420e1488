import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedDefaultCatalog } from './catalog/catalog';
import type { Config } from './config';
import { type DbHandle, type DbLocation, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { acquireDataDirLock } from './maintenance/data-lock';

/** Where the configured database lives: PostgreSQL by URL, else PGlite under DATA_DIR. */
export function databaseLocation(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DbLocation {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const dir = join(resolve(config.dataDir), 'pglite');
  mkdirSync(dir, { recursive: true });
  return { dataDir: dir };
}

/**
 * Opens the configured database, applies pending migrations and brings the field catalogue in line
 * with server/catalog/default-catalog.json (changing the file and restarting updates it). PGlite:
 * the process first takes DATA_DIR's lock (a second process gets DataDirInUseError); closing the
 * handle releases it.
 */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DbHandle> {
  const lock = config.databaseUrl ? null : acquireDataDirLock(resolve(config.dataDir), config.dataDir);
  let handle: DbHandle;
  try {
    const location = databaseLocation(config);
    handle = await openDatabase(location);
    try {
      await migrateDatabase(handle, location);
      await seedDefaultCatalog(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  if (!lock) return handle;
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      try {
        await close();
      } finally {
        lock.release();
      }
    },
  };
}
