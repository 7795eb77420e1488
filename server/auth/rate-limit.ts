import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';

export interface Limit {
  /** What is limited and for whom, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit in a fixed window shared by every node (one atomic upsert). Answers the seconds to
 * wait when the limit is exceeded, else null.
 */
export async function hit(db: Database, limit: Limit, now: Date): Promise<number | null> {
  const windowStartFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${limit.key}, ${now}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end
        returning count, window_start`,
  );
  if (!row || row.count <= limit.max) return null;
  const started = new Date(row.window_start).getTime();
  return Math.max(1, Math.ceil((started + limit.windowMs - now.getTime()) / 1000));
}

/** Like hit(), but answers 429 with Retry-After when the limit is exceeded. */
export async function enforce(db: Database, limit: Limit, now: Date): Promise<void> {
  const retryAfter = await hit(db, limit, now);
  if (retryAfter !== null) throw tooManyRequests(retryAfter);
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, ErrorCode.rateLimited, 'Too Many Requests', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}
