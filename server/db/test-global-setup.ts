import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import {
  createPostgresDatabase,
  databaseUrl,
  migratedPgliteImage,
  PG_TEMPLATE_ENV,
  PGLITE_IMAGE_ENV,
} from './test-db';

/**
 * Migrates once per run what every server test file starts from (issue 40): each file is a process of
 * its own, and created and migrated its database itself (PGlite ~5 s, PostgreSQL ~1 s). The server
 * project gets a migrated PGlite image on disk, server:postgres a migrated template database that
 * createTestDb copies; the workers inherit the variables naming them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') return postgresTemplate();
  const file = join(tmpdir(), `matchwerk-test-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  process.env[PGLITE_IMAGE_ENV] = file;
  return async () => rmSync(file, { force: true });
}

async function postgresTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the server:postgres project needs TEST_DATABASE_URL');
  const name = `matchwerk_template_${randomBytes(6).toString('hex')}`;
  await createPostgresDatabase(adminUrl, name);
  const location = { url: databaseUrl(adminUrl, name) };
  const handle = await openDatabase(location);
  await migrateDatabase(handle, location);
  await handle.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
