import { join, resolve } from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { IndexSync, type SnapshotOptions } from '../matching/index-sync';
import type { ProfileIndex } from '../matching/profile-index';
import { DEFAULT_JOB_CAPS, type JobCaps } from './caps';

/** How many included profiles a done run keeps (PRODUCT.md §5, MATCH_RESULT_LIMIT). */
export const DEFAULT_RESULT_LIMIT = 2000;

/**
 * What the job calls and the run worker of one process share: the database and the process's
 * matching index (docs/decisions/0003-matching-index.md).
 */
export class JobServices {
  readonly sync: IndexSync;
  private refreshedAt = 0;
  private pending: Promise<ProfileIndex> | null = null;
  /** Called when a run was queued in this process, so its worker need not wait for the next poll. */
  onRunQueued: () => void = () => {};
  /** The caps per caller (PRODUCT.md §8); a benchmark measuring the engine lifts one of them. */
  caps: JobCaps = { ...DEFAULT_JOB_CAPS };

  constructor(
    readonly db: Database,
    readonly resultLimit = DEFAULT_RESULT_LIMIT,
    readonly clock: () => number = Date.now,
    snapshot: SnapshotOptions | null = null,
  ) {
    this.sync = new IndexSync(db, clock, snapshot);
  }

  /** The index refreshed now: what a run scores. */
  async freshIndex(): Promise<ProfileIndex> {
    await this.sync.refresh();
    this.refreshedAt = this.clock();
    return this.sync.current;
  }

  /**
   * The index, refreshed when the last refresh is older than `maxAgeMs`: the live what-if and the
   * near misses are asked for many times a second, and callers arriving together share one refresh.
   */
  async recentIndex(maxAgeMs = 1000): Promise<ProfileIndex> {
    if (this.refreshedAt > 0 && this.clock() - this.refreshedAt <= maxAgeMs) return this.sync.current;
    this.pending ??= this.freshIndex().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }
}

/**
 * Where a server keeps its matching index between starts: `DATA_DIR/matching-index.v8`, for the
 * database it serves (a PostgreSQL URL without credentials, or the PGlite directory). Tests keep none.
 */
export function indexSnapshotFor(config: Config): SnapshotOptions | null {
  if (config.nodeEnv === 'test') return null;
  let key = `pglite:${resolve(config.dataDir)}`;
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.password = '';
    key = url.toString();
  }
  return { path: join(config.dataDir, 'matching-index.v8'), key };
}
