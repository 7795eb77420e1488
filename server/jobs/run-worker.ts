import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { RunState } from '../../contract/job';
import type { MatchJob } from '../../contract/matching';
import { type Database, queryRows } from '../db/client';
import { CountRow, IdRow, int, uuid } from '../db/rows';
import { jobRuns, jobs } from '../db/schema/jobs';
import { sqlWordList } from '../db/sql-words';
import type { Logger } from '../log';
import { analyseIndex } from '../matching/analysis';
import { targetTypesOf } from './jobs';
import type { JobServices } from './services';

/**
 * The matching run worker (docs/decisions/0010-matching-runs.md). Every server process runs one: it
 * claims queued runs — and running ones whose lease lapsed because their process died — with FOR
 * UPDATE SKIP LOCKED, renews its lease while it works, persists progress, writes the results beside
 * the previous run's in short batches and, in one transaction, marks the run done and drops the
 * previous results.
 */

/** A run that ended without results (its rows, if any, are dropped). */
const ENDED_EMPTY_STATES_SQL = sqlWordList(['cancelled', 'failed'] satisfies RunState[]);

export interface WorkerOptions {
  /** Names this worker in `lease_owner`; unique per process. */
  owner?: string;
  /** How long a claim holds without renewal; a run whose lease lapsed is claimed again. */
  leaseMs?: number;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs?: number;
  /** Results written per transaction. */
  batchSize?: number;
  /** A run that was claimed this often (each claim after a worker died) fails instead. */
  maxAttempts?: number;
  now?: () => number;
  logger?: Logger | undefined;
  /** Tests: called between the steps of a run, to act while it is half done. */
  onStep?: ((step: 'scored' | 'batch', runId: string) => Promise<void>) | undefined;
}

/** The worker gave up a run: it lost the lease, the run was cancelled or the job deleted. */
class RunAbandoned extends Error {}

/** A run this worker claimed. */
const ClaimedRow = v.object({ id: uuid, job_id: uuid, attempts: int });
type Claimed = v.InferOutput<typeof ClaimedRow>;

export class RunWorker {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> = Promise.resolve();
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly svc: JobServices,
    private readonly options: WorkerOptions = {},
  ) {
    this.owner = options.owner ?? `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.now = options.now ?? Date.now;
  }

  /** Polls until stopped; `poke()` (a run queued in this process) skips the wait. */
  start(): this {
    this.loop = (async () => {
      while (!this.stopped) {
        let worked = false;
        try {
          worked = await this.runOnce();
        } catch (error) {
          this.options.logger?.error({ err: error }, 'matching run worker failed');
        }
        if (!worked && !this.stopped) await this.idle();
      }
    })();
    return this;
  }

  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.timer = setTimeout(resolve, this.pollMs);
      this.timer.unref?.();
      this.wake = () => {
        if (this.timer) clearTimeout(this.timer);
        resolve();
      };
    }).then(() => {
      this.wake = null;
      this.timer = null;
    });
  }

  /** Claims one run and carries it out; false when there was none. */
  async runOnce(): Promise<boolean> {
    const run = await this.claim();
    if (!run) return false;
    await this.execute(run);
    return true;
  }

  private async claim(): Promise<Claimed | undefined> {
    const now = new Date(this.now());
    const [row] = await queryRows(
      this.svc.db,
      sql`update job_runs set state = 'running', lease_owner = ${this.owner},
            lease_expires_at = ${new Date(now.getTime() + this.leaseMs)}, attempts = attempts + 1,
            started_at = coalesce(started_at, ${now}), progress = 0
          where id = (select id from job_runs
                      where state = 'queued' or (state = 'running' and lease_expires_at < ${now})
                      order by created_at limit 1 for update skip locked)
          returning id, job_id, attempts`,
      ClaimedRow,
    );
    return row;
  }

  /** Renews the lease and records progress, if the run is still this worker's and running. */
  private async heartbeat(runId: string, progress?: number): Promise<void> {
    const expires = new Date(this.now() + this.leaseMs);
    const rows = await queryRows(
      this.svc.db,
      progress === undefined
        ? sql`update job_runs set lease_expires_at = ${expires}
              where id = ${runId} and lease_owner = ${this.owner} and state = 'running' returning id`
        : sql`update job_runs set lease_expires_at = ${expires}, progress = ${progress}
              where id = ${runId} and lease_owner = ${this.owner} and state = 'running' returning id`,
      IdRow,
    );
    if (rows.length === 0) throw new RunAbandoned();
  }

  private async execute(run: Claimed): Promise<void> {
    const log = this.options.logger?.child({ runId: run.id, jobId: run.job_id });
    let lost = false;
    const renew = setInterval(
      () => {
        this.heartbeat(run.id).catch(() => {
          lost = true;
        });
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref?.();
    try {
      if (run.attempts > this.maxAttempts) {
        await this.fail(run.id, 'run.too_many_attempts');
        return;
      }
      await this.carryOut(run, () => lost);
      log?.info('matching run done');
    } catch (error) {
      if (error instanceof RunAbandoned) {
        log?.info('matching run given up: cancelled, taken over or its job deleted');
        await this.dropIfEnded(run.id);
        return;
      }
      log?.error({ err: error }, 'matching run failed');
      await this.fail(run.id, 'run.failed');
    } finally {
      clearInterval(renew);
    }
  }

  private async carryOut(run: Claimed, lost: () => boolean): Promise<void> {
    const db = this.svc.db;
    const [job] = await db
      .select({ values: jobs.values, criteria: jobs.criteria })
      .from(jobs)
      .where(eq(jobs.id, run.job_id));
    if (!job) throw new RunAbandoned();
    // A previous attempt (its worker died) may have left some rows.
    await db.execute(sql`delete from job_results where run_id = ${run.id}`);
    await this.heartbeat(run.id, 5);

    const index = await this.svc.freshIndex();
    await this.heartbeat(run.id, 40);
    const matchJob: MatchJob = { targetTypes: targetTypesOf(job.values), criteria: job.criteria };
    const analysis = analyseIndex(index, matchJob, { topK: this.svc.resultLimit });
    await this.heartbeat(run.id, 50);
    await this.options.onStep?.('scored', run.id);

    const locationKey = job.criteria.find((c) => c.key === 'location')?.key;
    let written = 0;
    const total = analysis.results.length;
    for (let start = 0; start < total; start += this.batchSize) {
      if (lost()) throw new RunAbandoned();
      const slice = analysis.results.slice(start, start + this.batchSize);
      // One jsonb parameter per batch; the profile's version, type, name and city come from the join.
      const batch = slice.map((result, i) => ({
        ord: i,
        id: result.uuid,
        score: result.score,
        breakdown: result.breakdown,
        km: locationKey
          ? ((result.breakdown.find((b) => b.key === locationKey)?.params as { km?: number } | undefined)
              ?.km ?? null)
          : null,
      }));
      const progress = 50 + Math.floor((45 * (start + slice.length)) / Math.max(1, total));
      await db.transaction(async (tx) => {
        await this.lockOwnRun(tx, run.id);
        // A profile deleted since the index was read has no row; ranks stay consecutive.
        const [inserted] = await queryRows(
          tx,
          sql`with ins as (
                insert into job_results (run_id, job_id, profile_id, rank, score, breakdown, profile_version,
                  type, name, city, distance_km)
                select ${run.id}, ${run.job_id}, p.id, ${written} + row_number() over (order by x.ord), x.score,
                  x.breakdown, p.version, p.type,
                  concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name'),
                  p."values" -> 'city' ->> 'name', x.km
                from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                  as x(ord int, id uuid, score float8, breakdown jsonb, km float8)
                join profiles p on p.id = x.id
                returning 1)
              select count(*) as n from ins`,
          CountRow,
        );
        written += inserted?.n ?? 0;
        await tx.execute(
          sql`update job_runs set progress = ${progress},
                lease_expires_at = ${new Date(this.now() + this.leaseMs)} where id = ${run.id}`,
        );
      });
      await this.options.onStep?.('batch', run.id);
    }

    const bestScore = analysis.results[0]?.score ?? null;
    await db.transaction(async (tx) => {
      await this.lockOwnRun(tx, run.id);
      await tx.execute(
        sql`update job_runs set state = 'done', progress = 100, finished_at = ${new Date(this.now())},
              lease_owner = null, lease_expires_at = null, considered = ${analysis.considered},
              included = ${analysis.included}, excluded = ${analysis.considered - analysis.included},
              best_score = ${bestScore}, histogram = ${JSON.stringify(analysis.histogram)}::jsonb,
              excluded_by = ${JSON.stringify(analysis.excludedBy)}::jsonb, error = null
            where id = ${run.id}`,
      );
      // The previous results go in the same transaction: readers see either the old or the new ones.
      await tx.execute(sql`delete from job_results where job_id = ${run.job_id} and run_id <> ${run.id}`);
    });
  }

  /** Locks the run row; gives up unless it is still this worker's running run. */
  private async lockOwnRun(tx: Database, runId: string): Promise<void> {
    const [own] = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.leaseOwner, this.owner), eq(jobRuns.state, 'running')))
      .for('update');
    if (!own) throw new RunAbandoned();
  }

  private async fail(runId: string, error: string): Promise<void> {
    await this.svc.db.transaction(async (tx) => {
      await tx.execute(
        sql`update job_runs set state = 'failed', error = ${error}, finished_at = ${new Date(this.now())},
              lease_owner = null, lease_expires_at = null
            where id = ${runId} and lease_owner = ${this.owner} and state = 'running'`,
      );
      await tx.execute(
        sql`delete from job_results where run_id = ${runId}
              and exists (select 1 from job_runs where id = ${runId} and state = 'failed')`,
      );
    });
  }

  /** A cancelled or failed run keeps no results; a run another worker took over is left to it. */
  private async dropIfEnded(runId: string): Promise<void> {
    await this.svc.db.execute(
      sql`delete from job_results where run_id = ${runId}
            and exists (select 1 from job_runs where id = ${runId} and state in ${ENDED_EMPTY_STATES_SQL})`,
    );
  }
}
