import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, gte, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogFile, seedCatalog } from '../catalog/catalog';
import { profiles } from '../db/schema/profiles';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { IndexSync } from './index-sync';
import { ranking, seedIndexFixture, uuid } from './index-sync.fixture';

const db = setUpTestDb();
beforeEach(async () => {
  await seedIndexFixture(db.db);
});

describe('the index snapshot of a cold start', () => {
  it('loads the saved index and reads only what changed since, ignoring another database’s file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchwerk-sync-snapshot-'));
    try {
      const snapshot = { path: join(dir, 'matching-index.v8'), key: 'db-a' };
      const first = new IndexSync(db.db, Date.now, snapshot);
      expect(await first.refresh()).toMatchObject({ rebuilt: true, upserted: 3 });
      expect(first.coldStart).toBe('rebuild');
      await first.lastPersist;

      // Written after the snapshot: the next cold start must see it through the delta.
      await db.db
        .update(profiles)
        .set({ values: { skills: ['go', 'sql'] } })
        .where(eq(profiles.id, uuid(3)));
      await db.db.delete(profiles).where(eq(profiles.id, uuid(1)));

      // Alone on its database only the update is read again; on a PostgreSQL server whose other
      // databases run transactions meanwhile (the test files beside this one), the watermark (the
      // snapshot's xmin, server-wide) stays below those, and the delta reads what is newer than it.
      const [newer] = await db.db
        .select({ n: count() })
        .from(profiles)
        .where(gte(profiles.changeTx, first.deltaFrom));
      if (process.env.TEST_DB !== 'postgres') expect(newer?.n).toBe(1);
      const cold = new IndexSync(db.db, Date.now, snapshot);
      expect(await cold.refresh()).toMatchObject({ rebuilt: false, upserted: newer?.n, removed: 1 });
      expect(cold.coldStart).toBe('snapshot');
      expect(await ranking(cold)).toEqual([
        [uuid(3), 100],
        [uuid(2), 50],
      ]);

      const elsewhere = new IndexSync(db.db, Date.now, { ...snapshot, key: 'db-b' });
      expect(await elsewhere.refresh()).toMatchObject({ rebuilt: true, upserted: 2 });
      expect(elsewhere.coldStart).toBe('rebuild');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the index over the database', () => {
  it('builds from the active profiles', async () => {
    const sync = new IndexSync(db.db);
    expect(await sync.refresh()).toMatchObject({ rebuilt: true, upserted: 3 });
    expect(await ranking(sync)).toEqual([
      [uuid(1), 100],
      [uuid(2), 50],
      [uuid(3), 0],
    ]);
  });

  it('follows changes, deactivations, activations, inserts and deletions without a rebuild', async () => {
    const sync = new IndexSync(db.db);
    await sync.refresh();

    await db.db
      .update(profiles)
      .set({ values: { skills: ['go', 'sql'] } })
      .where(eq(profiles.id, uuid(3)));
    await db.db
      .update(profiles)
      .set({ status: 'inactive' })
      .where(eq(profiles.id, uuid(1)));
    await db.db
      .update(profiles)
      .set({ status: 'active' })
      .where(eq(profiles.id, uuid(4)));
    await db.db.delete(profiles).where(eq(profiles.id, uuid(2)));
    await db.db.insert(profiles).values({ id: uuid(5), type: 'stella', values: { skills: ['go'] } });

    const stats = await sync.refresh();
    expect(stats.rebuilt).toBe(false);
    expect(stats.removed).toBe(1);
    expect(await ranking(sync)).toEqual([
      [uuid(3), 100],
      [uuid(4), 100],
      [uuid(5), 50],
    ]);
  });

  it('sees a type change (a luna promoted to stella)', async () => {
    await db.db.insert(profiles).values({ id: uuid(6), type: 'luna', values: { skills: ['go'] } });
    const sync = new IndexSync(db.db);
    await sync.refresh();
    expect((await ranking(sync)).map(([id]) => id)).not.toContain(uuid(6));
    await db.db
      .update(profiles)
      .set({ type: 'stella' })
      .where(eq(profiles.id, uuid(6)));
    expect((await ranking(sync)).map(([id]) => id)).toContain(uuid(6));
  });

  it('rebuilds when the catalogue changed', async () => {
    const sync = new IndexSync(db.db);
    await sync.refresh();
    const catalog = loadCatalogFile();
    const skills = catalog.profile.find((f) => f.key === 'skills')!;
    skills.options = [...skills.options!, { value: 'cobol', label: { de: 'COBOL', en: 'COBOL' } }];
    catalog.job.find((f) => f.key === 'skills')!.options = skills.options;
    await seedCatalog(db.db, catalog);
    expect(await sync.refresh()).toMatchObject({ rebuilt: true });
  });

  it('rebuilds when it was not refreshed for longer than tombstones are kept', async () => {
    let now = Date.now();
    const sync = new IndexSync(db.db, () => now);
    await sync.refresh();
    now += 4 * 24 * 3600 * 1000;
    expect(await sync.refresh()).toMatchObject({ rebuilt: true });
  });

  it('takes in a candidate only once the registration is finished and while the account is active', async () => {
    const userId = '00000000-0000-4000-8000-0000000000aa';
    await db.db.insert(users).values({
      id: userId,
      email: 'mid-registration@example.test',
      passwordHash: 'x',
      userType: 'stella',
      registrationStep: 2,
    });
    await db.db.insert(profiles).values({ id: uuid(7), userId, type: 'stella', values: { skills: ['go'] } });
    const sync = new IndexSync(db.db);
    const ids = async () => (await ranking(sync)).map(([id]) => id);
    expect(await ids()).not.toContain(uuid(7));

    await db.db.update(users).set({ registrationStep: 0 }).where(eq(users.id, userId));
    expect(await ids()).toContain(uuid(7));
    await db.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect(await ids()).not.toContain(uuid(7));
    await db.db.update(users).set({ active: true }).where(eq(users.id, userId));
    expect(await ids()).toContain(uuid(7));
    // A fresh build agrees with the followed changes.
    expect(await ranking(new IndexSync(db.db))).toEqual(await ranking(sync));
  });

  it('writes a tombstone for every deleted profile', async () => {
    await db.db.delete(profiles).where(eq(profiles.type, 'stella'));
    const rows = await db.db.execute(sql`select count(*)::int as n from profile_tombstones`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });
});
