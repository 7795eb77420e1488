import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Database, queryRowsNamed } from './client';
import { bool } from './rows';

/**
 * Answers kept per process and served again while what they show is unchanged (issues 11 and 12):
 * the agents' candidate tables and the job results pages. Twenty agents reading the same table or
 * results page cost one database read each, a small statement that tells whether anything changed
 * (counters moved by triggers at every commit that could change the answer, migrations 0012 and
 * 0015), instead of planning, running, serialising and compressing the page again.
 *
 * An answer is kept under the *version* (the counters, and what else decides it) read before its
 * data, so a write committed after that read makes the next request see another version. The gap:
 * a write whose counter moved at its commit while its rows are not visible yet. Such a writer holds
 * a shared advisory lock, taken before it moved the counter and released only after its rows became
 * visible (migration 0015). So after reading the version, a read checks that lock in a statement of
 * its own (`writesSettled`) before it reads the data: free, every write counted in the version is
 * visible to the data's statement and the answer is kept; held, the answer is served once and read
 * afresh next time.
 */

/** SQL for the counter that moves with every committed write to profiles, their accounts (e-mail, registration step), photos and account profiles (migrations 0012, 0015). */
export const LIST_GENERATION = sql`(select last_value::text || ':' || is_called::text from matchwerk_list_generation)`;

/** SQL for the counter that moves with every committed change of a shortlist (migration 0015). */
export const SHORTLIST_GENERATION = sql`(select last_value::text || ':' || is_called::text from matchwerk_shortlist_generation)`;

const SettledRow = v.object({ settled: bool });

/** The advisory lock a writer holds from moving a counter until its rows are visible (migration 0015). */
const WRITES_LOCK = 7477001;

/**
 * True when no writer is between moving a counter and its rows becoming visible. Run it after the
 * version was read and before the data are (see above).
 */
export async function writesSettled(db: Database): Promise<boolean> {
  const [row] = await queryRowsNamed(db, sql`select ${settledAfter(sql`true`)} as settled`, SettledRow);
  return row?.settled === true;
}

/**
 * SQL for "no writer is settling", checked after `value` was computed: the check refers to it, so a
 * statement `select v.version, ${settledAfter(sql`v.version`)} from (select … as version offset 0) v`
 * reads the version first and the lock after it — in one round trip instead of two. (The subquery
 * is a fence, OFFSET 0, and the lock check a subplan correlated to its row.)
 */
export function settledAfter(value: SQL): SQL {
  return sql`(not exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0
          and objid = ${WRITES_LOCK} and objsubid = 1 and ${value} is not null))`;
}

/**
 * One statement read for every caller that asked while the previous read was under way (the
 * version of the kept answers, read by every request): each caller gets a read that *started after
 * it asked*, as if it had read alone — so it sees every write committed before it asked — but
 * twenty agents asking at once cost one or two reads, not twenty.
 */
export class SharedRead<T> {
  #running: Promise<T> | undefined;
  #queued: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.#running === undefined) return this.#start();
    // The read under way may have started before this caller asked: the next one is shared.
    this.#queued ??= this.#running.then(
      () => this.#startQueued(),
      () => this.#startQueued(),
    );
    return this.#queued;
  }

  #startQueued(): Promise<T> {
    this.#queued = undefined;
    return this.#start();
  }

  #start(): Promise<T> {
    const running = this.read().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }
}

/** An answer as sent: its JSON, and its bytes compressed by encoding once a route compressed them. */
export interface KeptAnswer {
  json: string;
  encoded?: Map<string, Uint8Array<ArrayBuffer>>;
}

interface Entry<T> {
  version: string;
  answer: T;
}

/** At most `limit` answers by key, each valid for one version; the least recently used go first. */
export class KeptAnswers<T = KeptAnswer> {
  readonly #entries = new Map<string, Entry<T>>();
  /** Reads under way by key and version: requests asking the same at once share one read. */
  readonly #reading = new Map<string, Promise<T>>();

  constructor(private readonly limit: number) {}

  /** The answer kept under key for this version, or undefined. */
  get(key: string, version: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last: a Map iterates in insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.answer;
  }

  /**
   * The answer kept under key for this version; else the one being read for them, else `read()`'s
   * answer — kept when the read says its data were settled (`writesSettled`, see above).
   */
  async answer(
    key: string,
    version: string,
    read: () => Promise<{ answer: T; settled: boolean }>,
  ): Promise<T> {
    const kept = this.get(key, version);
    if (kept !== undefined) return kept;
    const flightKey = `${version}\n${key}`;
    const reading = this.#reading.get(flightKey);
    if (reading) return reading;
    const flight = (async () => {
      const { answer, settled } = await read();
      // Unsettled: kept to compare the next answer's data with, under no version that is asked.
      this.set(key, settled ? version : '', answer);
      return answer;
    })();
    this.#reading.set(flightKey, flight);
    try {
      return await flight;
    } finally {
      this.#reading.delete(flightKey);
    }
  }

  /** The answer under key whatever its version (to compare data with, not to serve). */
  latest(key: string): T | undefined {
    return this.#entries.get(key)?.answer;
  }

  set(key: string, version: string, answer: T): void {
    this.#entries.delete(key);
    this.#entries.set(key, { version, answer });
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The one object of a kind for a database handle (one per database, e.g. per test): its kept
 * answers, or the shared read of a statement.
 */
export function perDatabase<T extends object>(objects: WeakMap<object, T>, db: object, create: () => T): T {
  let object = objects.get(db);
  if (!object) {
    object = create();
    objects.set(db, object);
  }
  return object;
}

/** The kept answers of one kind for a database handle. */
export function keptAnswersOf<T>(
  stores: WeakMap<object, KeptAnswers<T>>,
  db: object,
  limit: number,
): KeptAnswers<T> {
  return perDatabase(stores, db, () => new KeptAnswers<T>(limit));
}
