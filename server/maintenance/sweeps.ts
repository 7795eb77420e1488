import { inArray, lt, or } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_MAX_S } from '../config';
import type { Database } from '../db/client';
import { photos } from '../db/schema/accounts';
import { oneTimeCodes, rateLimits, refreshTokens } from '../db/schema/auth';
import { emailTokens } from '../db/schema/registration';
import type { Logger } from '../log';
import type { FilePhotoStorage } from '../profiles/photo-storage';

/**
 * A photo file is only judged when it is older than this: an upload writes its files before its
 * row commits, so a younger file may belong to an upload in flight.
 */
export const PHOTO_FILE_GRACE_MS = 10 * 60 * 1000;
/**
 * The longest rate-limit window in use (1 day: resending validation mails). A row whose window
 * started earlier counts nothing any more (the next hit starts a new window), so it can go. A
 * longer limit must raise this.
 */
export const RATE_LIMIT_MAX_WINDOW_MS = 24 * 3600 * 1000;
export const SWEEP_INTERVAL_MS = 3600 * 1000;
/**
 * How long a refresh-token family's rows outlive its end (expiry, logout, reuse): an access token
 * issued before the end lives at most the longest ACCESS_TOKEN_TTL, and until it expires the family's
 * rows tell that its session ended (a change of password or e-mail then answers `jwt.revoked`, not a
 * new session).
 */
export const REFRESH_FAMILY_KEPT_MS = ACCESS_TOKEN_TTL_MAX_S * 1000;

export interface SweepCounts {
  photoFiles: number;
  emailTokens: number;
  codes: number;
  rateLimits: number;
  refreshTokens: number;
}

/**
 * Removes photo files no row owns (left by a process killed mid-upload, or by a failed removal)
 * and temporary files, both older than the grace period. Every step is idempotent: several
 * processes sweeping one directory at once only find less to do.
 */
export async function sweepPhotoFiles(
  db: Database,
  storage: FilePhotoStorage,
  now: Date,
  graceMs = PHOTO_FILE_GRACE_MS,
): Promise<number> {
  const old = (await storage.files()).filter((f) => f.modifiedAt.getTime() < now.getTime() - graceMs);
  const doomed = old.filter((f) => f.temporary);
  const candidates = old.filter((f) => !f.temporary);
  const ids = [...new Set(candidates.map((f) => f.photoId))];
  const owned = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: photos.id })
      .from(photos)
      .where(inArray(photos.id, ids.slice(i, i + 500)));
    for (const row of rows) owned.add(row.id);
  }
  doomed.push(...candidates.filter((f) => !owned.has(f.photoId)));
  for (const file of doomed) await storage.remove(file.name);
  return doomed.length;
}

/** E-mail tokens past their expiry (used or not): they answer like unknown ones anyway. */
export async function sweepEmailTokens(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, now))
    .returning({ id: emailTokens.id });
  return gone.length;
}

/** One-time (SMS) codes past their expiry. */
export async function sweepCodes(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, now))
    .returning({ id: oneTimeCodes.id });
  return gone.length;
}

/** Rate-limit rows whose window ended (longer ago than the longest window). */
export async function sweepRateLimits(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_MAX_WINDOW_MS)))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/**
 * Refresh tokens of families that ended — expired, logged out or revoked as a whole — longer ago
 * than REFRESH_FAMILY_KEPT_MS: they answer 401 `refresh.invalid` with or without their row. A
 * family is only ever revoked as a whole, so no live family loses a row; the used rows of a live
 * family stay, to recognise a stolen token's reuse.
 */
export async function sweepRefreshTokens(db: Database, now: Date): Promise<number> {
  const ended = new Date(now.getTime() - REFRESH_FAMILY_KEPT_MS);
  const gone = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.familyExpiresAt, ended), lt(refreshTokens.revokedAt, ended)))
    .returning({ id: refreshTokens.id });
  return gone.length;
}

/** Every sweep once; one failing (say, the database is away) does not stop the others. */
export async function runSweeps(
  db: Database,
  storage: FilePhotoStorage,
  now: Date,
  logger?: Logger,
): Promise<SweepCounts> {
  const counts: SweepCounts = { photoFiles: 0, emailTokens: 0, codes: 0, rateLimits: 0, refreshTokens: 0 };
  const steps: [keyof SweepCounts, () => Promise<number>][] = [
    ['photoFiles', () => sweepPhotoFiles(db, storage, now)],
    ['emailTokens', () => sweepEmailTokens(db, now)],
    ['codes', () => sweepCodes(db, now)],
    ['rateLimits', () => sweepRateLimits(db, now)],
    ['refreshTokens', () => sweepRefreshTokens(db, now)],
  ];
  for (const [name, step] of steps) {
    try {
      counts[name] = await step();
    } catch (error) {
      logger?.warn({ err: error, sweep: name }, 'sweep failed; it runs again at the next interval');
    }
  }
  logger?.info({ removed: counts }, 'maintenance sweeps done');
  return counts;
}

export interface Sweeper {
  /** Resolves when the sweep started at launch has finished. */
  first: Promise<SweepCounts>;
  stop(): Promise<void>;
}

/** Runs the sweeps now (without delaying the start) and then every interval, until stopped. */
export function startSweeps(
  db: Database,
  storage: FilePhotoStorage,
  logger: Logger,
  clock: () => Date = () => new Date(),
  intervalMs = SWEEP_INTERVAL_MS,
): Sweeper {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    const run = runSweeps(db, storage, clock(), logger);
    running = run;
    return run;
  };
  const first = sweep();
  const timer = setInterval(() => {
    void running.then(sweep);
  }, intervalMs);
  timer.unref();
  return {
    first,
    stop: async () => {
      clearInterval(timer);
      await running.catch(() => {});
    },
  };
}
