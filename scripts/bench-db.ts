import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, type DbLocation, openDatabase } from '../server/db/client';
import { PGLITE_EXTENSIONS } from '../server/db/extensions';
import { migrateDatabase } from '../server/db/migrate';

/**
 * Benchmarks seed and scan millions of rows in one statement: the server's request timeouts
 * (server/db/client.ts, 3 s) would cancel them, so scratch databases wait up to 10 minutes.
 */
export const BENCH_TIMEOUTS = { connectMs: 10_000, queryMs: 600_000, statementMs: 600_000, lockMs: 60_000 };

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
    const handle = await openDatabase(location, BENCH_TIMEOUTS);
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
  const handle = await openDatabase(location, BENCH_TIMEOUTS);
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
