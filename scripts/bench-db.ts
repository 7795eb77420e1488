import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, type DbLocation, openDatabase } from '../server/db/client';
import { PGLITE_EXTENSIONS } from '../server/db/extensions';
import { migrateDatabase } from '../server/db/migrate';

export interface ScratchDatabase {
  handle: DbHandle;
  /** The scratch database's URL (PostgreSQL only), for server processes of the benchmark. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A migrated, empty database for a benchmark: in-memory PGlite, or — given an admin URL — a new
 * PostgreSQL database named `<prefix>_<random>` that drop() removes again.
 */
export async function scratchDatabase(
  adminUrl: string | undefined,
  prefix: string,
): Promise<ScratchDatabase> {
  if (!adminUrl) {
    const location: DbLocation = {
      pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }),
    };
    const handle = await openDatabase(location);
    await migrateDatabase(handle, location);
    return { handle, drop: () => handle.close() };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const location: DbLocation = { url: url.toString() };
  const handle = await openDatabase(location);
  await migrateDatabase(handle, location);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
