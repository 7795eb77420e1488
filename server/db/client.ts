import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as v from 'valibot';
import { PGLITE_EXTENSIONS } from './extensions';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DbHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections now (GET /metrics); PGlite has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DbLocation = { url: string } | { dataDir: string } | { pglite: PGlite };

/**
 * How long the server waits for the database (docs/operations.md, "Fault tolerance"). A request meeting a hung
 * or unreachable database fails within connect + query time (under 5 s) and answers 503; the pool
 * drops the broken connections, so the server recovers by itself when the database returns.
 */
export const DB_TIMEOUTS = {
  /** Getting a connection from the pool, or opening one (TCP and startup handshake). */
  connectMs: 2000,
  /** Client side: a query without an answer is abandoned (a frozen server never cancels it). */
  queryMs: 3000,
  /** Server side: PostgreSQL cancels a statement running longer (the connection stays usable). */
  statementMs: 2500,
  /** Server side: waiting for a row or table lock. */
  lockMs: 2000,
  /** Server side: a transaction left idle (its client hung or gone) is ended and its locks freed. */
  idleInTransactionMs: 30_000,
  /** TCP keepalive probes find a dead peer on an idle connection. */
  keepAliveDelayMs: 10_000,
} as const;

export type DbTimeouts = { [K in keyof typeof DB_TIMEOUTS]: number };

/** Thrown when the embedded database did not start a statement in time (mapped to 503). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'MATCHWERK_DB_TIMEOUT';
  constructor(ms: number) {
    super(`database did not answer within ${ms} ms`);
  }
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in a directory (or `memory://`). */
export async function openDatabase(
  location: DbLocation,
  timeouts: Partial<DbTimeouts> = {},
): Promise<DbHandle> {
  const t: DbTimeouts = { ...DB_TIMEOUTS, ...timeouts };
  if ('url' in location) {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 10,
      connectionTimeoutMillis: t.connectMs,
      query_timeout: t.queryMs,
      statement_timeout: t.statementMs,
      lock_timeout: t.lockMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: t.keepAliveDelayMs,
    });
    // A client losing its connection must not crash the process; the next query on it reports the
    // loss and the pool then drops it. The pool listens on idle clients only ('error' below); a
    // client checked out between two statements (a transaction waiting on a password hash) has no
    // listener of its own, and an unhandled 'error' event would end the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const client =
    'pglite' in location
      ? location.pglite
      : await PGlite.create(location.dataDir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client: boundedPglite(client, t.queryMs), schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite runs one statement at a time in this process and has no statement_timeout of its own: a
 * statement queued behind a transaction that does not end would wait forever. Statements outside a
 * transaction are raced against a timer; a transaction is bounded until it starts (once it runs it
 * is left to finish, so it never commits after its caller was told it failed).
 */
function boundedPglite(client: PGlite, ms: number): PGlite {
  const race = <T>(work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseTimeoutError(ms)), ms);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };
  const query: PGlite['query'] = (...args) => race(client.query(...args));
  const exec: PGlite['exec'] = (...args) => race(client.exec(...args));
  const transaction: PGlite['transaction'] = (callback) => {
    let state: 'waiting' | 'running' | 'abandoned' = 'waiting';
    let timer: NodeJS.Timeout | undefined;
    return new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        reject(new DatabaseTimeoutError(ms));
      }, ms);
      client
        .transaction(async (tx) => {
          if (state === 'abandoned') throw new DatabaseTimeoutError(ms);
          state = 'running';
          clearTimeout(timer);
          return callback(tx);
        })
        .then(resolve, (error: unknown) => {
          clearTimeout(timer);
          if (state !== 'abandoned') reject(error);
        });
    });
  };
  const overrides: Record<PropertyKey, unknown> = { query, exec, transaction };
  return new Proxy(client, {
    get(target, property) {
      if (property in overrides) return overrides[property];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The rows of raw SQL as the driver hands them, whichever driver answers (their result types differ). */
async function driverRows(db: Database, query: SQL): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

/**
 * Runs raw SQL and returns its rows parsed by `row` (a valibot object of server/db/rows.ts's
 * column readers): the result is typed and checked, times normalised, counts numbers. A row that
 * does not fit its schema is a programming error and throws.
 */
export async function queryRows<S extends v.GenericSchema>(
  db: Database,
  query: SQL,
  row: S,
): Promise<v.InferOutput<S>[]> {
  const rows = await driverRows(db, query);
  return rows.map((r) => v.parse(row, r));
}

/**
 * Rows of a hot bulk read (the matching index's full scan, millions of rows) typed without a parse:
 * the one place a row type is asserted, for statements whose every column the caller's type names
 * from the schema. Everything else reads through `queryRows` with a row schema.
 */
export async function bulkRows<T>(db: Database, query: SQL): Promise<T[]> {
  return (await driverRows(db, query)) as T[];
}

/** Drizzle's session, which can run a statement under a name (not part of its typed API). */
interface NamedStatements {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * The most statement texts a process runs by name. Each PostgreSQL connection keeps every statement
 * it prepared (100–200 kB with its plan) until it closes, and the results page has a text per
 * combination of sort and filters: the first 64 seen (the common ones) run by name, the rest
 * unnamed.
 */
const PREPARED_LIMIT = 64;
const preparedNames = new Set<string>();

/**
 * Rows of a statement run as a named prepared statement on PostgreSQL (its name follows its text),
 * so a connection plans it once and reuses the plan: the results page's statement costs more to
 * plan (~2 ms) than to run (~1 ms), and the kept answers' version checks (server/db/kept.ts) run on
 * every request. PGlite ignores the name.
 */
export async function queryRowsNamed<S extends v.GenericSchema>(
  db: Database,
  query: SQL,
  row: S,
): Promise<v.InferOutput<S>[]> {
  const rows = await namedRows(db, query);
  return rows.map((r) => v.parse(row, r));
}

async function namedRows(db: Database, query: SQL): Promise<unknown[]> {
  const { session, dialect } = db as unknown as NamedStatements;
  const built = dialect.sqlToQuery(query);
  const name = `mw_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  // Each connection keeps what it prepared until it closes: a bound on the statements it keeps.
  if (!preparedNames.has(name)) {
    if (preparedNames.size >= PREPARED_LIMIT) return driverRows(db, query);
    preparedNames.add(name);
  }
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return result.rows;
}
