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
  /** Reuse (and keep) this database when it exists, else create it under this name and keep it. */
  keepName?: string,
): Promise<ScratchDatabase & { reused: boolean }> {
  if (!adminUrl) {
    const location: DbLocation = {
      pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }),
    };
    const handle = await openDatabase(location, BENCH_TIMEOUTS);
    await migrateDatabase(handle, location);
    return { handle, reused: false, drop: () => handle.close() };
  }
  if (keepName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keepName))
    throw new Error(`not a plain database name: ${keepName}`);
  const name = keepName ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists =
    keepName !== undefined &&
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const location: DbLocation = { url: url.toString() };
  const handle = await openDatabase(location, BENCH_TIMEOUTS);
  await migrateDatabase(handle, location);
  return {
    handle,
    url: url.toString(),
    reused: exists,
    drop: async () => {
      await handle.close();
      if (keepName !== undefined) return;
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
