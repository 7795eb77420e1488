import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { queryRows, queryRowsNamed } from './client';
import { CountRow, int } from './rows';
import { createTestDb } from './test-db';
import { setUpFixture } from './test-fixture';

// Named statements stay prepared on their connection until it closes: the process names at most
// 64 texts, so a connection never keeps more, however many shapes the results pages take.

const testDb = setUpFixture(createTestDb);

describe('named statements', () => {
  it('are prepared for the first 64 texts; later texts run unnamed and answer all the same', async () => {
    const { db } = testDb;
    // One after another: the pool hands out the same idle connection each time.
    for (let i = 0; i < 80; i++) {
      const rows = await queryRowsNamed(db, sql.raw(`select ${i}::int as n /* shape ${i} */`), CountRow);
      expect(rows[0]?.n).toBe(i);
    }
    // A text named before runs by its name again.
    expect((await queryRowsNamed(db, sql.raw('select 3::int as n /* shape 3 */'), CountRow))[0]?.n).toBe(3);
    const [row] = await queryRows(
      db,
      sql`select count(*)::int as named from pg_prepared_statements where name like 'mw\\_%'`,
      v.object({ named: int }),
    );
    expect(row?.named).toBeGreaterThan(0);
    expect(row?.named).toBeLessThanOrEqual(64);
  });
});
