import { afterAll, beforeAll } from 'vitest';
import { seedDefaultCatalog } from '../catalog/catalog';
import { createTestDb, type TestDb } from '../db/test-db';
import { seedDemo } from './seed';

/**
 * The database of a demo-data test file: migrated, with the default catalogue and the demo seed,
 * made before its tests and closed after them; its members are there once the tests run.
 */
export function demoDbPerFile(): TestDb {
  const handle = {} as TestDb;
  beforeAll(async () => {
    const t = await createTestDb();
    await seedDefaultCatalog(t.db);
    await seedDemo(t.db);
    Object.assign(handle, t);
  });
  afterAll(() => handle.close());
  return handle;
}
