import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema/profiles';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { IndexSync } from './index-sync';
import { ranking, seedIndexFixture, uuid } from './index-sync.fixture';

// Holding a transaction open beside another writer needs two connections: PGlite has one, so this
// file (*.pg.test.ts) runs only in the PostgreSQL project (TEST_DATABASE_URL, as in CI).

const db = setUpFixture(createTestDb);
beforeAll(async () => {
  await seedIndexFixture(db.db);
});

describe('the index over PostgreSQL with concurrent writers', () => {
  it('picks up a write that was uncommitted during a refresh once it commits', async () => {
    const writer = new pg.Client({ connectionString: (db.location as { url: string }).url });
    await writer.connect();
    try {
      const sync = new IndexSync(db.db);
      await sync.refresh();
      await writer.query('begin');
      await writer.query(`update profiles set values = '{"skills": ["go", "sql"]}' where id = $1`, [uuid(3)]);
      // Another writer commits after the open one started: a later transaction id, visible now.
      await db.db
        .update(profiles)
        .set({ values: { skills: [] } })
        .where(eq(profiles.id, uuid(2)));
      await sync.refresh();
      await writer.query('commit');
      await sync.refresh();
      expect(await ranking(sync)).toEqual([
        [uuid(1), 100],
        [uuid(3), 100],
        [uuid(2), 0],
      ]);
    } finally {
      await writer.end();
    }
  });
});
