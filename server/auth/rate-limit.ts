import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { type Database, queryRows } from '../db/client';
import { CountRow, int, time } from '../db/rows';
import { rateLimits } from '../db/schema/auth';
import { ApiError } from '../errors';

export interface Limit {
  /** What is limited and for whom, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowMs: number;
}

/** A limit's window: its hits and when it started. */
const WindowRow = v.object({ count: int, window_start: time });

/**
 * Counts one hit in a fixed window shared by every node (one atomic upsert). Answers the seconds to
 * wait when the limit is exceeded, else null.
 */
export async function hit(db: Database, limit: Limit, now: Date): Promise<number | null> {
  const windowStartFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await queryRows(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${limit.key}, ${now}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end
        returning count, window_start`,
    WindowRow,
  );
  if (!row || row.count <= limit.max) return null;
  const started = Date.parse(row.window_start);
  return Math.max(1, Math.ceil((started + limit.windowMs - now.getTime()) / 1000));
}

/**
 * When the next hit() of a limit would be taken again, without counting one: null when it would be
 * taken now (the window ran out, or it still has room).
 */
export async function nextAllowedAt(db: Database, limit: Limit, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, limit.key));
  if (!row || row.count < limit.max) return null;
  const ends = row.windowStart.getTime() + limit.windowMs;
  return ends > now.getTime() ? new Date(ends) : null;
}

/** Like hit(), but answers 429 with Retry-After when the limit is exceeded. */
export async function enforce(db: Database, limit: Limit, now: Date): Promise<void> {
  const retryAfter = await hit(db, limit, now);
  if (retryAfter !== null) throw tooManyRequests(retryAfter);
}

/** 429 with Retry-After; `code` names the cap when it is one of PRODUCT.md §8's (`cap.*`). */
export function tooManyRequests(retryAfterSeconds: number, code: string = ErrorCode.rateLimited): ApiError {
  return new ApiError(429, code, 'Too Many Requests', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** Like enforce(), answering 429 with the cap's own code. */
export async function enforceCap(db: Database, limit: Limit, now: Date, code: string): Promise<void> {
  const retryAfter = await hit(db, limit, now);
  if (retryAfter !== null) throw tooManyRequests(retryAfter, code);
}

export interface SlotLimit {
  /** What is held and by whom, e.g. `stream:<user id>`; each slot is a row `<prefix>:<slot id>`. */
  prefix: string;
  max: number;
  /** A slot not renewed for this long counts no more (its process died): a lease. */
  leaseMs: number;
}

/** A held slot: renew it while the thing it stands for lasts, release it when that ends. */
export interface Slot {
  renew(now: Date): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes one of `max` concurrent slots shared by every node, as rows of the same `rate_limits` table
 * (window_start is the lease's last renewal). Answers the slot, or the seconds to wait when all are
 * held. Takers count and take one after the other (an advisory lock per prefix), so of two racing
 * for the last slot one gets it and the other is refused.
 */
export async function acquireSlot(
  db: Database,
  limit: SlotLimit,
  now: Date,
): Promise<{ slot: Slot } | { retryAfter: number }> {
  const key = `${limit.prefix}:${crypto.randomUUID()}`;
  const prefix = `${limit.prefix}:`;
  const liveSince = new Date(now.getTime() - limit.leaseMs);
  // Counted and taken under one lock per user: eleven opened at once get ten slots and one refusal.
  // (Inserting first and counting after, all eleven counted each other and were all refused: issue 41.)
  const free = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
    const [held] = await queryRows(
      tx,
      sql`select count(*) as n from rate_limits
          where starts_with(key, ${prefix}) and window_start > ${liveSince}`,
      CountRow,
    );
    if ((held?.n ?? 0) >= limit.max) return false;
    await tx.execute(sql`insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)`);
    return true;
  });
  const release = async () => {
    await db.execute(sql`delete from rate_limits where key = ${key}`);
  };
  if (!free) return { retryAfter: Math.max(1, Math.ceil(limit.leaseMs / 1000 / 4)) };
  return {
    slot: {
      renew: async (at: Date) => {
        await db.execute(sql`update rate_limits set window_start = ${at} where key = ${key}`);
      },
      release,
    },
  };
}
