import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedDefaultCatalog } from './catalog/catalog';
import type { Config } from './config';
import { type DbHandle, type DbLocation, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';

/** Where the configured database lives: PostgreSQL by URL, else PGlite under DATA_DIR. */
export function databaseLocation(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DbLocation {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const dir = join(resolve(config.dataDir), 'pglite');
  mkdirSync(dir, { recursive: true });
  return { dataDir: dir };
}

/** Opens the configured database and applies pending migrations. */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DbHandle> {
  const location = databaseLocation(config);
  const handle = await openDatabase(location);
  try {
    await migrateDatabase(handle, location);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
