import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../db/client';

/**
 * The totals of the agents' candidate tables, counted once per filter and change (issue 12).
 *
 * Counting is the slow half of a table page: the page itself reads 20 rows through an index, the
 * total reads every matching row (70 000 stellas, or thousands of "müller"s). A count only changes
 * when profiles or their accounts change, and the sequence `matchwerk_list_generation` (migration
 * 0012) moves on every such write, at its commit. A count is kept under the generation read
 * *before* it was counted: a write that commits in between makes the kept count newer than its
 * generation, never older, and the next reader sees a new generation and counts again.
 *
 * The one gap: the counter moves just before a commit becomes visible, so a count that starts in
 * that instant may miss the write under the new generation. `MAX_AGE_MS` bounds how long such a
 * count can be served.
 */

const MAX_ENTRIES = 2_000;
const MAX_AGE_MS = 30_000;

interface Entry {
  generation: string;
  total: number;
  at: number;
}

const caches = new WeakMap<object, Map<string, Entry>>();
/** Counts under way, by statement and generation: agents asking the same at once share one count. */
const counting = new WeakMap<object, Map<string, Promise<number>>>();
const dialect = new PgDialect();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** SQL for the counter that moves with every committed write to profiles or their accounts. */
export const LIST_GENERATION = sql`(select last_value::text || ':' || is_called::text from matchwerk_list_generation)`;

/** Drops every kept total (the benchmark measures counting cold with it, as while an agent types). */
export function forgetKeptCounts(db: Database): void {
  caches.get(db)?.clear();
}

/** The total of a count statement (`select count(*) as total …`): kept, or counted and kept. */
export async function countedTotal(
  db: Database,
  generation: string,
  count: SQL,
  now: () => number = Date.now,
): Promise<number> {
  const query = dialect.sqlToQuery(count);
  const key = JSON.stringify([query.sql, query.params]);
  const cache = cacheOf(db);
  const kept = cache.get(key);
  if (kept && kept.generation === generation && now() - kept.at < MAX_AGE_MS) return kept.total;
  let flights = counting.get(db);
  if (!flights) {
    flights = new Map();
    counting.set(db, flights);
  }
  const flightKey = `${generation} ${key}`;
  const running = flights.get(flightKey);
  if (running) return running;
  const flight = (async () => {
    const [row] = await queryRows<{ total: number | string }>(db, count);
    const total = Number(row?.total ?? 0);
    cache.delete(key);
    cache.set(key, { generation, total, at: now() });
    if (cache.size > MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      for (const old of cache.keys()) {
        cache.delete(old);
        if (cache.size <= MAX_ENTRIES * 0.9) break;
      }
    }
    return total;
  })();
  flights.set(flightKey, flight);
  try {
    return await flight;
  } finally {
    flights.delete(flightKey);
  }
}
