import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { FINAL_RUN_STATES, RUN_STATES, type Run, type RunState } from '../../contract/job';
import { assertAgent, type Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { int, intOrNull, numbersOrNull, numOrNull, textOrNull, time, timeOrNull, uuid } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { ApiError } from '../errors';
import { jobNotFound } from './access';
import { capQueuedRuns } from './caps';
import { archived, isUuid } from './jobs';
import { ACTIVE_STATES_SQL } from './run-states';
import type { JobServices } from './services';

/**
 * Matching runs (PRODUCT.md §5, docs/decisions/0010-matching-runs.md). A run is a row: this module
 * queues one, reads it and streams its progress; run-worker.ts carries it out. Archiving a job
 * cancels its run; the worker sees it at its next step.
 */

/** A run as RUN_COLUMNS reads it. */
export const RunRow = v.object({
  id: uuid,
  job_id: uuid,
  state: v.picklist(RUN_STATES),
  progress: int,
  created_at: time,
  started_at: timeOrNull,
  finished_at: timeOrNull,
  considered: intOrNull,
  included: intOrNull,
  excluded: intOrNull,
  best_score: numOrNull,
  histogram: numbersOrNull,
  excluded_by: v.nullable(v.record(v.string(), v.number())),
  error: textOrNull,
});
export type RunRow = v.InferOutput<typeof RunRow>;

export const RUN_COLUMNS = sql`id, job_id, state, progress, created_at, started_at, finished_at, considered,
  included, excluded, best_score, histogram, excluded_by, error`;

export function toRun(row: RunRow): Run {
  return {
    uuid: row.id,
    jobUuid: row.job_id,
    state: row.state,
    progress: row.progress,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    considered: row.considered,
    included: row.included,
    excluded: row.excluded,
    bestScore: row.best_score,
    histogram: row.histogram,
    excludedBy: row.excluded_by,
    error: row.error,
  };
}

/**
 * POST /api/job/{uuid}/run: queues a run, or answers the one queued or running. The job row is
 * locked first (archiving locks it too), and the partial unique index job_runs_one_active_per_job
 * makes a second insert for the same job impossible even without the lock.
 */
export async function requestRun(svc: JobServices, caller: Caller, jobId: string): Promise<Run> {
  assertAgent(caller);
  if (!isUuid(jobId)) throw jobNotFound();
  const run = await svc.db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: jobs.status, version: jobs.version })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update');
    if (!job) throw jobNotFound();
    if (job.status !== 'active') throw archived();
    // Asking again for a job whose run is under way answers that run: it queues nothing, so no cap.
    const [active] = await queryRows(
      tx,
      sql`select ${RUN_COLUMNS} from job_runs where job_id = ${jobId} and state in ${ACTIVE_STATES_SQL}`,
      RunRow,
    );
    if (active) return active;
    await capQueuedRuns(tx, svc.caps, caller);
    const [inserted] = await queryRows(
      tx,
      sql`insert into job_runs (id, job_id, job_version, state, requested_by)
          values (${crypto.randomUUID()}, ${jobId}, ${job.version}, 'queued', ${caller.userId})
          on conflict (job_id) where state in ${ACTIVE_STATES_SQL} do nothing
          returning ${RUN_COLUMNS}`,
      RunRow,
    );
    return inserted!;
  });
  svc.onRunQueued();
  return toRun(run);
}

/** The latest run of a job (any state), or undefined. */
export async function selectLatestRun(db: Database, jobId: string): Promise<RunRow | undefined> {
  const [row] = await queryRows(
    db,
    sql`select ${RUN_COLUMNS} from job_runs where job_id = ${jobId} order by created_at desc, id desc limit 1`,
    RunRow,
  );
  return row;
}

async function selectRun(db: Database, runId: string): Promise<RunRow | undefined> {
  const [row] = await queryRows(db, sql`select ${RUN_COLUMNS} from job_runs where id = ${runId}`, RunRow);
  return row;
}

/** GET /api/job/{uuid}/run. */
export async function latestRun(db: Database, caller: Caller, jobId: string): Promise<Run> {
  assertAgent(caller);
  if (!isUuid(jobId)) throw jobNotFound();
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw jobNotFound();
  const run = await selectLatestRun(db, jobId);
  if (!run) throw new ApiError(404, 'run.not_found', 'The job was never run');
  return toRun(run);
}

/** What the progress stream needs of a Server-Sent Events stream (Hono's SSEStreamingApi is one). */
export interface RunEventStream {
  writeSSE(message: { event: string; id: string; data: string }): Promise<void>;
  sleep(ms: number): Promise<unknown>;
  onAbort(listener: () => void): void;
}

const isFinal = (state: RunState) => (FINAL_RUN_STATES as readonly RunState[]).includes(state);

/**
 * GET /api/job/{uuid}/run/events: sends the run (event `run`, id `state/progress`) whenever its state
 * or progress changed, looking every `pollMs`, until it ends, the client leaves or the job is deleted.
 */
export async function sendRunEvents(
  db: Database,
  first: Run,
  stream: RunEventStream,
  pollMs: number,
): Promise<void> {
  let aborted = false;
  stream.onAbort(() => {
    aborted = true;
  });
  let run = first;
  let sent = '';
  for (;;) {
    const key = `${run.state}/${run.progress}`;
    if (key !== sent) {
      await stream.writeSSE({ event: 'run', id: key, data: JSON.stringify(run) });
      sent = key;
    }
    if (aborted || isFinal(run.state)) break;
    await stream.sleep(pollMs);
    const row = await selectRun(db, run.uuid);
    // The job (and with it the run) was deleted meanwhile: the stream ends.
    if (!row) break;
    run = toRun(row);
  }
}
