import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { type Database, queryRows } from '../db/client';
import { type KeptAnswers, keptAnswersOf } from '../db/kept';
import { int } from '../db/rows';

/**
 * The totals of the agents' candidate tables, counted once per filter and change (issue 12).
 *
 * Counting is the slow half of a table page: the page itself reads 20 rows through an index, the
 * total reads every matching row (70 000 stellas, or thousands of "müller"s). A count only changes
 * when profiles or their accounts change, and the list generation (server/db/kept.ts) moves on
 * every such write, at its commit. A count is kept under the generation read *before* it was
 * counted, and only when no write was settling as it was counted (server/db/kept.ts): a
 * write that commits in between makes the kept count newer than its generation, never older, and
 * the next reader sees a new generation and counts again.
 */

const MAX_ENTRIES = 2_000;

const stores = new WeakMap<object, KeptAnswers<number>>();
const dialect = new PgDialect();

const TotalRow = v.object({ total: int });

/** Drops every kept total (the benchmark measures counting cold with it, as while an agent types). */
export function forgetKeptCounts(db: Database): void {
  stores.get(db)?.clear();
}

/**
 * The total of a count statement (`select count(*) as total …`): kept, or counted — by `counted`
 * when given (a statement that reads the total with something else), else by the statement alone —
 * and kept when `settled` (no write settling after the generation was read, server/db/kept.ts);
 * agents asking the same at once share one count.
 */
export function countedTotal(
  db: Database,
  generation: string,
  count: SQL,
  settled: boolean,
  counted?: () => Promise<number>,
): Promise<number> {
  const query = dialect.sqlToQuery(count);
  const key = JSON.stringify([query.sql, query.params]);
  return keptAnswersOf(stores, db, MAX_ENTRIES).answer(key, generation, async () => {
    if (counted) return { answer: await counted(), settled };
    const [row] = await queryRows(db, count, TotalRow);
    return { answer: row?.total ?? 0, settled };
  });
}
