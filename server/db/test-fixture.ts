import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDb, type TestDb } from './test-db';

/**
 * A test file's (or describe block's) fixture: made before its first test (before the `beforeAll`
 * hooks registered after this call), closed after its last. Read it only inside hooks and tests.
 */
export function setUpFixture<T extends { close(): unknown }>(make: () => Promise<T>): T {
  let fixture: T | undefined;
  beforeAll(async () => {
    fixture = await make();
  });
  afterAll(() => fixture?.close());
  return new Proxy({} as T, {
    get(_, key) {
      if (!fixture) throw new Error('the fixture is read before its beforeAll ran');
      return Reflect.get(fixture, key);
    },
  });
}

/** A migrated test database of its own, emptied before each test (the seed of a test comes after). */
export function setUpTestDb(): TestDb {
  const db = setUpFixture(createTestDb);
  beforeEach(() => db.truncate());
  return db;
}
