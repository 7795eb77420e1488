import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './client';
import { isDatabaseUnavailable } from './errors';
import { createTestDb } from './test-db';
import { setUpFixture } from './test-fixture';

// A second handle on the test database with short bounds, so a wait shows in well under a second.
const BOUNDS = { connectMs: 1000, queryMs: 800, statementMs: 300, lockMs: 300 };

const testDb = setUpFixture(createTestDb);
let bounded: DbHandle;

beforeAll(async () => {
  bounded = await openDatabase(testDb.location, BOUNDS);
  await testDb.db.execute(sql`create table timeout_probe (id int primary key, n int not null)`);
  await testDb.db.execute(sql`insert into timeout_probe values (1, 0)`);
});

afterAll(async () => {
  // Closing the bounded handle of a shared PGlite instance would close the instance itself.
  if (testDb.driver === 'postgres') await bounded.close();
});

/** Holds a transaction open (with a row lock) until the returned release() is called. */
async function holdTransaction(handle: DbHandle): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = handle.db.transaction(async (tx) => {
    await tx.execute(sql`update timeout_probe set n = n + 1 where id = 1`);
    started();
    await released;
  });
  await running;
  return async () => {
    release();
    await done;
  };
}

async function failure(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected the statement to fail');
}

describe('database waits are bounded', () => {
  it('a statement waiting behind a transaction that does not end fails fast as "unavailable"', async () => {
    const release = await holdTransaction(testDb);
    try {
      const { error, ms } = await failure(
        bounded.db.execute(sql`update timeout_probe set n = n + 10 where id = 1`),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(2000);
    } finally {
      await release();
    }
    // The abandoned statement did not change the row later behind the caller's back (PostgreSQL
    // cancelled it; PGlite's statement may still run, but not within a transaction).
    const rows = (await testDb.db.execute(sql`select n from timeout_probe where id = 1`)) as unknown as {
      rows: { n: number }[];
    };
    expect([1, 11]).toContain(rows.rows[0]?.n);
  });

  it('a transaction that cannot start in time is abandoned and never runs', async () => {
    await testDb.db.execute(sql`update timeout_probe set n = 0 where id = 1`);
    const release = await holdTransaction(testDb);
    let ran = false;
    try {
      const { error } = await failure(
        bounded.db.transaction(async (tx) => {
          await tx.execute(sql`update timeout_probe set n = n + 100 where id = 1`);
          ran = true;
        }),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await release();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = (await testDb.db.execute(sql`select n from timeout_probe where id = 1`)) as unknown as {
      rows: { n: number }[];
    };
    expect(ran).toBe(false);
    expect(rows.rows[0]?.n).toBe(1);
  });
});
