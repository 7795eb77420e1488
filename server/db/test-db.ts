import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { type DbHandle, type DbLocation, openDatabase, queryRows } from './client';
import { PGLITE_EXTENSIONS } from './extensions';
import { migrateDatabase } from './migrate';
import { text } from './rows';

export interface TestDb extends DbHandle {
  /** Empties every application table (keeps the migration journal). */
  truncate(): Promise<void>;
  location: DbLocation;
}

/** Where the test run's global setup (server/db/test-global-setup.ts) left its migrated images. */
export const PGLITE_IMAGE_ENV = 'MATCHWERK_TEST_PGLITE_IMAGE';
export const PG_TEMPLATE_ENV = 'MATCHWERK_TEST_PG_TEMPLATE';

/** A migrated PGlite data directory as a tarball: loading one (~1 s) is a third of creating and migrating. */
export async function migratedPgliteImage(): Promise<Blob | File> {
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const location = { pglite };
  const handle = await openDatabase(location);
  await migrateDatabase(handle, location);
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  return dump;
}

let snapshot: Promise<Blob | File> | undefined;

/**
 * The run's one migrated image, made by the global setup (every test file is a process of its own);
 * where no setup made one (a script, a file run outside the projects), made here once per process.
 */
function migratedSnapshot(): Promise<Blob | File> {
  const image = process.env[PGLITE_IMAGE_ENV];
  snapshot ??=
    image && existsSync(image) ? Promise.resolve(new Blob([readFileSync(image)])) : migratedPgliteImage();
  return snapshot;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, a new database on the
 * server of `TEST_DATABASE_URL` when the test project runs with `TEST_DB=postgres`.
 */
/**
 * How long a test's statement may wait for an answer before it counts as a hang: 3 s (the server's
 * default) was load, not a hang, once the gate's first minute ran two workers, `tsc` and the build
 * at once (a PGlite file's first query gave up after 3 s). Tests of the timeouts set their own.
 */
const TEST_TIMEOUTS = { queryMs: 15_000 };

export async function createTestDb(): Promise<TestDb> {
  if (process.env.TEST_DB === 'postgres') return createPostgresTestDb();
  const pglite = await PGlite.create({
    loadDataDir: await migratedSnapshot(),
    extensions: PGLITE_EXTENSIONS,
  });
  const location = { pglite };
  const handle = await openDatabase(location, TEST_TIMEOUTS);
  return { ...handle, location, truncate: () => truncateAll(handle) };
}

async function createPostgresTestDb(): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `matchwerk_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  await createPostgresDatabase(adminUrl, name, template);
  const location = { url: databaseUrl(adminUrl, name) };
  const handle = await openDatabase(location, TEST_TIMEOUTS);
  if (!template) await migrateDatabase(handle, location);
  let dropped = false;
  return {
    ...handle,
    location,
    truncate: () => truncateAll(handle),
    close: async () => {
      if (dropped) return;
      dropped = true;
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name`, a copy of `template` when given. Two copies of one template made at the
 * same moment can meet PostgreSQL's "source database is being accessed by other users" (55006): then
 * again, shortly after.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

async function truncateAll(handle: DbHandle): Promise<void> {
  const rows = await queryRows(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
    v.object({ tablename: text }),
  );
  const tables = rows.map((r) => `"${r.tablename}"`);
  if (tables.length > 0) await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`));
}
