import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../db/client';
import { signingKeys } from '../db/schema/auth';
import { createTestDb, type TestDb } from '../db/test-db';
import { KeyRing } from './keys';

/*
 * Nodes started at once on a new database (PostgreSQL only: two pools, as two processes). Each made
 * a first signing key of its own, and a token one signed was unknown to the other for up to 10 s:
 * the deploy test's second node answered 401 to a login made through the first.
 */
let db: TestDb;
let second: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
  if (!('url' in db.location)) throw new Error('a PostgreSQL test');
  second = await openDatabase(db.location);
});
afterAll(async () => {
  await second?.close();
  await db?.close();
});

describe('the first signing key', () => {
  it('is made once when several nodes start at once, and each signs with it', async () => {
    await db.db.execute(sql`delete from signing_keys`);
    const rings = await Promise.all([
      KeyRing.fromDatabase(db.db),
      KeyRing.fromDatabase(second.db),
      KeyRing.fromDatabase(db.db),
      KeyRing.fromDatabase(second.db),
    ]);
    const keys = await db.db.select({ kid: signingKeys.kid }).from(signingKeys);
    expect(keys).toHaveLength(1);
    const kids = await Promise.all(rings.map(async (ring) => (await ring.signingKey()).kid));
    expect(new Set(kids)).toEqual(new Set([keys[0]?.kid]));
    for (const ring of rings) expect(await ring.verificationKey(keys[0]?.kid ?? '')).not.toBeNull();
  });
});
