import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchJob } from '../../contract/matching';
import { loadCatalogFile, seedCatalog } from '../catalog/catalog';
import { profiles } from '../db/schema/profiles';
import { createTestDb, type TestDb } from '../db/test-db';
import { IndexSync } from './index-sync';

// Holding a transaction open beside another writer needs two connections: PGlite has one, so this
// file (*.pg.test.ts) runs only in the PostgreSQL project (TEST_DATABASE_URL, as in CI).
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const job: MatchJob = {
  targetTypes: ['stella'],
  criteria: [{ key: 'skills', value: ['sql', 'go'], weight: 1, must: false }],
};

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db.db, loadCatalogFile());
  await db.db.insert(profiles).values([
    { id: uuid(1), type: 'stella', values: { skills: ['sql', 'go'] } },
    { id: uuid(2), type: 'stella', values: { skills: ['sql'] } },
    { id: uuid(3), type: 'stella', values: { skills: ['docker'] } },
    { id: uuid(4), type: 'stella', status: 'inactive', values: { skills: ['sql', 'go'] } },
  ]);
});
afterAll(async () => {
  await db.close();
});

const ranking = async (sync: IndexSync) =>
  (await sync.match(job, { topK: 10 })).results.map((r) => [r.uuid, r.score]);

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
