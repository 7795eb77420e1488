import { beforeAll } from 'vitest';
import { seedDefaultCatalog } from '../catalog/catalog';
import { createTestDb, type TestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { seedDemo } from './seed';

/**
 * The database of a demo-data test file: migrated, with the default catalogue and the demo seed,
 * made before its tests and closed after them; read it only inside hooks and tests.
 */
export function demoDbPerFile(): TestDb {
  const t = setUpFixture(createTestDb);
  beforeAll(async () => {
    await seedDefaultCatalog(t.db);
    await seedDemo(t.db);
  });
  return t;
}
