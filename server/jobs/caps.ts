import { sql } from 'drizzle-orm';
import type { Caller } from '../auth/caller';
import { acquireSlot, enforceCap, type Slot, tooManyRequests } from '../auth/rate-limit';
import { type Database, queryRows } from '../db/client';
import { CountRow } from '../db/rows';

/**
 * Caps per caller (PRODUCT.md §8), counted in the database so that they hold across nodes: the
 * windows and slots are rows of `rate_limits` (server/auth/rate-limit.ts), the queued runs are the
 * `job_runs` rows themselves. Each answers 429 with Retry-After and its own `cap.*` code.
 */
export interface JobCaps {
  /** Job requests a company files per day (a fixed 24-hour window). */
  jobRequestsPerDay: number;
  /** Runs an agent has queued (not yet claimed by a worker) at once. */
  runsQueued: number;
  /** Progress streams (run events) one user holds open at once. */
  streams: number;
  /** What-if previews an agent asks per second. */
  previewsPerSecond: number;
}

export const DEFAULT_JOB_CAPS: JobCaps = {
  jobRequestsPerDay: 20,
  runsQueued: 10,
  streams: 10,
  previewsPerSecond: 20,
};

const DAY_MS = 86_400_000;
/** A stream's slot is renewed this often; one not renewed for STREAM_LEASE_MS counts no more. */
export const STREAM_RENEW_MS = 20_000;
const STREAM_LEASE_MS = 60_000;
/** What a refused run is told to wait: a queued run is usually claimed within seconds. */
const RUN_RETRY_AFTER_S = 10;

/** A company's requests a day, whichever of its logins files them (`company`: its record, decision 0031). */
export async function capJobRequest(db: Database, caps: JobCaps, company: string, now: Date): Promise<void> {
  await enforceCap(
    db,
    { key: `cap:job-requests:${company}`, max: caps.jobRequestsPerDay, windowMs: DAY_MS },
    now,
    'cap.job_requests',
  );
}

export async function capPreview(db: Database, caps: JobCaps, caller: Caller, now: Date): Promise<void> {
  await enforceCap(
    db,
    { key: `cap:previews:${caller.userId}`, max: caps.previewsPerSecond, windowMs: 1000 },
    now,
    'cap.previews',
  );
}

/**
 * Inside the transaction that queues a run: refuses when the agent has `runsQueued` runs queued.
 * An advisory lock per agent makes two requests of one agent count one after the other.
 */
export async function capQueuedRuns(tx: Database, caps: JobCaps, caller: Caller): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cap:runs:${caller.userId}`}))`);
  const [row] = await queryRows(
    tx,
    sql`select count(*) as n from job_runs where requested_by = ${caller.userId} and state = 'queued'`,
    CountRow,
  );
  if ((row?.n ?? 0) >= caps.runsQueued) throw tooManyRequests(RUN_RETRY_AFTER_S, 'cap.runs_queued');
}

/** Takes one of the user's stream slots, or answers 429 `cap.streams`. */
export async function openStreamSlot(db: Database, caps: JobCaps, caller: Caller, now: Date): Promise<Slot> {
  const taken = await acquireSlot(
    db,
    { prefix: `cap:stream:${caller.userId}`, max: caps.streams, leaseMs: STREAM_LEASE_MS },
    now,
  );
  if ('retryAfter' in taken) throw tooManyRequests(taken.retryAfter, 'cap.streams');
  return taken.slot;
}
