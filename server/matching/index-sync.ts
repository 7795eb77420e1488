import { gte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Catalog } from '../../contract/catalog';
import { readCatalog } from '../catalog/catalog';
import { bulkRows, type Database, queryRows } from '../db/client';
import { CountRow, int, record, text, textOrNull, uuid } from '../db/rows';
import { profileTombstones } from '../db/schema/profiles';
import { loadIndexSnapshot, saveIndexSnapshot } from './index-snapshot';
import { type IndexedProfile, ProfileIndex } from './profile-index';

/**
 * Keeps a process's ProfileIndex equal to the database. Every write to `profiles` stamps the row with
 * its transaction id (`change_tx`, by trigger) and every delete leaves a tombstone. The index's
 * watermark is the xmin of the snapshot it last read: every transaction below it had finished, so
 * whatever it wrote was visible then. The next refresh reads the rows and tombstones with
 * change_tx ≥ watermark — including transactions that were running (invisible) last time and have
 * committed since, which a timestamp or sequence watermark would miss. Rows seen twice are applied
 * twice, harmlessly. See docs/decisions/0003-matching-index.md.
 */

const PAGE = 10_000;
/** Tombstones older than this are pruned; an index not refreshed for half of it rebuilds instead. */
export const TOMBSTONE_RETENTION_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
/** A persisted index is written again at most this often after delta refreshes (after a rebuild at once). */
const PERSIST_EVERY_MS = 3600 * 1000;

/** Where a process keeps its built index between starts, and which database it belongs to. */
export interface SnapshotOptions {
  path: string;
  /** Names the database (URL without credentials, or the PGlite directory): another's is ignored. */
  key: string;
}

export interface RefreshStats {
  rebuilt: boolean;
  upserted: number;
  removed: number;
}

/** The snapshot a refresh reads in: its xmin (the next watermark) and what the index was read from. */
const SnapshotRow = v.object({ xmin: int, profile_sum: textOrNull, job_sum: textOrNull, profiles_oid: text });
type SnapshotRow = v.InferOutput<typeof SnapshotRow>;
/** A profile as the index takes it: the indexed fields only, as a jsonb object. */
const ProfileSourceRow = v.object({ id: uuid, type: text, status: text, v: v.union([record, v.string()]) });
type ProfileSourceRow = v.InferOutput<typeof ProfileSourceRow>;

export class IndexSync {
  private index: ProfileIndex | null = null;
  private watermark = 0;
  private catalogSums = '';
  private refreshedAt = 0;
  private prunedAt = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private snapshotTried = false;
  private persistedAt = 0;
  /** The transaction id the next delta reads from: every profile whose change_tx is this or later. */
  get deltaFrom(): number {
    return this.watermark;
  }
  /** How the last cold start got its index: read from the snapshot, or built from every profile. */
  coldStart: 'snapshot' | 'rebuild' | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
    private readonly snapshot: SnapshotOptions | null = null,
  ) {}

  /** The current index (after at least one refresh). */
  get current(): ProfileIndex {
    if (!this.index) throw new Error('the matching index is not built yet: refresh() first');
    return this.index;
  }

  /** Brings the index up to date: a full build the first time, then only what changed. Serialised. */
  refresh(): Promise<RefreshStats> {
    const next = this.queue.then(() => this.refreshNow());
    this.queue = next.catch(() => {});
    return next;
  }

  private async refreshNow(): Promise<RefreshStats> {
    if (!this.index && this.snapshot && !this.snapshotTried) {
      this.snapshotTried = true;
      const loaded = await loadIndexSnapshot(this.snapshot.path, this.snapshot.key).catch(() => null);
      if (loaded) {
        this.index = loaded.index;
        this.watermark = loaded.watermark;
        this.catalogSums = loaded.catalogSums;
        this.refreshedAt = loaded.refreshedAt;
        this.persistedAt = this.clock();
        this.coldStart = 'snapshot';
      }
    }
    const stale = this.clock() - this.refreshedAt > TOMBSTONE_RETENTION_MS / 2;
    if (!this.index || stale) return this.rebuild();
    const stats = await this.db.transaction(
      async (tx) => {
        const [snap] = await queryRows(tx, snapshotQuery, SnapshotRow);
        if (!snap || sourceOf(snap) !== this.catalogSums) return null;
        // A watermark ahead of the database (a snapshot of a database since restored from a backup)
        // could skip rows: build afresh.
        if (snap.xmin < this.watermark) return null;
        const removedIds = await tx
          .select({ profileId: profileTombstones.profileId })
          .from(profileTombstones)
          .where(gte(profileTombstones.changeTx, this.watermark));
        const changed = await queryRows(
          tx,
          sql`select p.id, p.type, ${eligibleStatus} as status, ${projection(this.current.catalog)} as v
              from profiles p where p.change_tx >= ${this.watermark}`,
          ProfileSourceRow,
        );
        const index = this.current;
        let removed = 0;
        for (const { profileId } of removedIds) if (index.remove(profileId)) removed++;
        for (const row of changed) index.upsert(toProfile(row));
        this.watermark = snap.xmin;
        return { rebuilt: false, upserted: changed.length, removed };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (!stats) return this.rebuild();
    this.refreshedAt = this.clock();
    await this.pruneTombstones();
    if (this.clock() - this.persistedAt >= PERSIST_EVERY_MS) this.persist();
    return stats;
  }

  /**
   * Writes the index to the snapshot file in the background (a failure only costs the next cold
   * start its speed). The copy is taken now, while no refresh runs (refreshes are serialised).
   */
  private persist(): void {
    if (!this.snapshot || !this.index) return;
    this.persistedAt = this.clock();
    const { path, key } = this.snapshot;
    const state = {
      index: this.index,
      watermark: this.watermark,
      catalogSums: this.catalogSums,
      refreshedAt: this.refreshedAt,
    };
    this.lastPersist = saveIndexSnapshot(path, key, state).catch(() => {});
  }

  /** The last background write of the snapshot (tests and benchmarks wait for it). */
  lastPersist: Promise<void> = Promise.resolve();

  /** Reads every active profile in one snapshot; its xmin becomes the watermark. */
  private async rebuild(): Promise<RefreshStats> {
    const catalog = await readCatalog(this.db);
    const built = await this.db.transaction(
      async (tx) => {
        const [snap] = await queryRows(tx, snapshotQuery, SnapshotRow);
        const [{ n } = { n: 0 }] = await queryRows(
          tx,
          sql`select count(*) as n from profiles p where ${eligible}`,
          CountRow,
        );
        const index = new ProfileIndex(catalog, n);
        let last = '00000000-0000-0000-0000-000000000000';
        for (;;) {
          // Every profile (up to millions) in pages: the one read whose rows are not parsed one by one.
          const page = await bulkRows<ProfileSourceRow>(
            tx,
            sql`select p.id, p.type, p.status, ${projection(catalog)} as v from profiles p
                where ${eligible} and p.id > ${last} order by p.id limit ${PAGE}`,
          );
          for (const row of page) index.upsert(toProfile(row));
          if (page.length < PAGE) break;
          last = page[page.length - 1]!.id;
        }
        return { index, snap: snap! };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.index = built.index;
    this.watermark = built.snap.xmin;
    this.catalogSums = sourceOf(built.snap);
    this.refreshedAt = this.clock();
    this.coldStart ??= 'rebuild';
    this.persist();
    return { rebuilt: true, upserted: built.index.size, removed: 0 };
  }

  private async pruneTombstones(): Promise<void> {
    if (this.clock() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = this.clock();
    const cutoff = new Date(this.clock() - TOMBSTONE_RETENTION_MS).toISOString();
    await this.db.execute(sql`delete from profile_tombstones where deleted_at < ${cutoff}`);
  }
}

/**
 * Whether a profile takes part: its own switch is on, the agency did not block it (PRODUCT.md §8),
 * and its account (agents keep profiles without one) finished registration and is active. A change of the account re-stamps the profile (trigger
 * users_touch_profile), so the delta refresh sees it.
 */
const eligible = sql`(p.status = 'active' and p.blocked_at is null and (p.user_id is null or exists (
  select 1 from users u where u.id = p.user_id and u.registration_step = 0 and u.active)))`;
const eligibleStatus = sql`(case when ${eligible} then 'active' else 'inactive' end)`;

const snapshotQuery = sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
  (select checksum from catalogs where scope = 'profile') as profile_sum,
  (select checksum from catalogs where scope = 'job') as job_sum,
  'profiles'::regclass::oid::text as profiles_oid`;

/**
 * What an index must have been read from to be refreshed by deltas (kept as `catalogSums`): the
 * catalogues, and the profiles table itself. A backup restored under the same URL (pg_restore into a
 * new or emptied database of the same cluster) has a new profiles table, but the cluster's transaction
 * ids only grow: the watermark check alone would keep the index of the database as it was before.
 */
const sourceOf = (snap: SnapshotRow) => `${snap.profile_sum}/${snap.job_sum}/${snap.profiles_oid}`;

/** Only the indexed fields travel from the database: a jsonb object of them. */
function projection(catalog: Catalog) {
  const keys = [...new Set(catalog.job.flatMap((f) => (f.criterion ? [f.criterion.profileKey] : [])))];
  if (keys.length === 0) return sql`'{}'::jsonb`;
  const pairs = sql.join(
    keys.map((k) => sql`${k}::text, "values" -> ${k}::text`),
    sql`, `,
  );
  return sql`jsonb_build_object(${pairs})`;
}

function toProfile(row: ProfileSourceRow): IndexedProfile {
  const values = typeof row.v === 'string' ? (JSON.parse(row.v) as Record<string, unknown>) : row.v;
  return { uuid: row.id, type: row.type, status: row.status, values };
}
