import { gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessionRevocations } from '../db/schema/sessions';

/** How often each node reads new revocations: a revoked token works at most this long (+ one query) elsewhere. */
export const REVOCATION_REFRESH_MS = 2000;
/**
 * Rows are read again for this long after they were recorded: a transaction that committed late
 * (its `recorded_at` before rows already seen) is still picked up.
 */
const OVERLAP_MS = 30_000;
/** Old rows are deleted about this often (by every node; the delete is idempotent). */
const PRUNE_INTERVAL_MS = 5 * 60_000;

export interface RevocationTarget {
  sub: string;
  sid?: string | undefined;
}

/**
 * The revocations of this process's view (docs/decisions/0011-session-revocation.md): revoked
 * session ids and deleted / deactivated users, read from `session_revocations` every
 * {@link REVOCATION_REFRESH_MS} by a timer — never a query per request. Revocations made by this
 * process count at once.
 */
export class RevocationCache {
  /** sid → local time (ms) the entry was learnt, for eviction. */
  private readonly sids = new Map<string, number>();
  /** Deleted or deactivated users (every token of theirs is refused) → local time learnt. */
  private readonly users = new Map<string, number>();
  /** Database time (ms) of the newest row read. */
  private watermark = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly retentionMs: number;

  constructor(
    private readonly db: Database,
    /** The longest access-token lifetime: rows older than that cannot refuse a live token. */
    accessTokenTtlSeconds: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.retentionMs = accessTokenTtlSeconds * 1000 + 60_000;
  }

  /** Polls every `intervalMs` (unref'd: it never keeps the process alive). */
  start(intervalMs = REVOCATION_REFRESH_MS): this {
    this.stop();
    let ticks = 0;
    const pruneEvery = Math.max(1, Math.round(PRUNE_INTERVAL_MS / intervalMs));
    this.timer = setInterval(() => {
      ticks += 1;
      const work = ticks % pruneEvery === 0 ? this.prune().then(() => this.refresh()) : this.refresh();
      work.catch(this.onError);
    }, intervalMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the rows recorded since the watermark (one indexed query); concurrent calls share one. */
  refresh(): Promise<void> {
    this.running ??= this.load().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async load(): Promise<void> {
    const since = new Date(Math.max(0, this.watermark - OVERLAP_MS));
    const rows = await this.db
      .select({
        sid: sessionRevocations.sid,
        userId: sessionRevocations.userId,
        recordedAt: sessionRevocations.recordedAt,
      })
      .from(sessionRevocations)
      .where(gt(sessionRevocations.recordedAt, since))
      .orderBy(sessionRevocations.recordedAt);
    const learnt = Date.now();
    for (const row of rows) {
      if (row.sid) this.sids.set(row.sid, this.sids.get(row.sid) ?? learnt);
      if (row.userId) this.users.set(row.userId, this.users.get(row.userId) ?? learnt);
      this.watermark = Math.max(this.watermark, row.recordedAt.getTime());
    }
    this.evict(learnt);
  }

  private evict(now: number): void {
    for (const [sid, learnt] of this.sids) if (now - learnt > this.retentionMs) this.sids.delete(sid);
    for (const [user, learnt] of this.users) if (now - learnt > this.retentionMs) this.users.delete(user);
  }

  /** Counts at once in this process (the row in the database tells the other nodes). */
  noteSession(sid: string): void {
    this.sids.set(sid, Date.now());
  }

  /**
   * Counts at once in this process: every token of the user is refused (for as long as a token
   * issued before could live; a reactivated account signs in again after that).
   */
  noteUser(userId: string): void {
    this.users.set(userId, Date.now());
  }

  isRevoked(claims: RevocationTarget): boolean {
    return (claims.sid !== undefined && this.sids.has(claims.sid)) || this.users.has(claims.sub);
  }

  /** Deletes rows no live access token can depend on any more. */
  async prune(): Promise<void> {
    await this.db.execute(
      sql`delete from ${sessionRevocations}
          where recorded_at < clock_timestamp() - make_interval(secs => ${this.retentionMs / 1000})`,
    );
  }
}

/** Records the revocation of session families (and counts it in this process at once). */
export async function recordSessionRevocations(
  db: Database,
  cache: RevocationCache | undefined,
  sids: string[],
  now: Date,
): Promise<void> {
  if (sids.length === 0) return;
  await db.insert(sessionRevocations).values(sids.map((sid) => ({ sid, revokedAt: now })));
  for (const sid of sids) cache?.noteSession(sid);
}
