import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase, queryRows } from './client';
import { isDatabaseUnavailable } from './errors';
import { int } from './rows';
import { createTestDb } from './test-db';
import { setUpFixture } from './test-fixture';

const testDb = setUpFixture(createTestDb);
let bounded: DbHandle;

beforeAll(async () => {
  bounded = await openDatabase(testDb.location, { statementMs: 300, queryMs: 5000 });
});

afterAll(async () => {
  await bounded.close();
});

describe('PostgreSQL statement timeouts', () => {
  it('a statement running too long is cancelled by the server, answers "unavailable", and the pool goes on', async () => {
    const started = performance.now();
    const error = await bounded.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(1500);
    await bounded.ping();
  });

  it('a query without an answer is abandoned by the client after queryMs', async () => {
    const impatient = await openDatabase(testDb.location, { statementMs: 10_000, queryMs: 300 });
    try {
      const started = performance.now();
      const error = await impatient.db.execute(sql`select pg_sleep(3)`).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(1500);
      await impatient.ping();
    } finally {
      await impatient.close();
    }
  });
});

describe('a connection lost in the middle of a transaction', () => {
  it('does not end the process, answers "unavailable", and the pool goes on with a new connection', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const error = await bounded.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // Another session ends this one while the transaction waits on the application (a password
          // hash, say): the checked-out client gets its 'error' with no query running.
          const [row] = await queryRows(tx, sql`select pg_backend_pid() as pid`, v.object({ pid: int }));
          await testDb.db.execute(sql`select pg_terminate_backend(${row?.pid})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 2`);
        })
        .catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(uncaught).toEqual([]);
      await bounded.ping();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
