import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACTIVE_RUN_STATES, RUN_STATES } from '../../../contract/job';
import type { BreakdownItem } from '../../../contract/matching';
import { sqlWordList } from '../sql-words';
import { companies } from './accounts';
import { id, moment, ownedBy } from './columns';
import { profiles } from './profiles';
import { users } from './users';

/**
 * Matching jobs (PRODUCT.md §5): the job catalogue's values and the criteria. A company's request is
 * a job with origin `company` tied to the company account. See docs/decisions/0010-matching-runs.md.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    origin: text('origin').notNull().default('agent'),
    /** The company account that filed the request (origin company); null for an agent's job. */
    companyUserId: uuid('company_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The client the job is for (PRODUCT.md §10): a company of the companies table, chosen, not typed;
     * null for an internal search. A company's request has the company itself.
     */
    clientCompanyId: uuid('client_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * The free-text company name a job had before clients were chosen (migration 0022), kept where no
     * company of that name existed, so the agent still sees what was meant; gone once a client is chosen.
     */
    clientText: text('client_text'),
    /** The agent who took the job (a company's request says "Alex Berger is working on it"); null: nobody yet. */
    assignedAgentId: uuid('assigned_agent_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: moment('assigned_at'),
    status: text('status').notNull().default('active'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    criteria: jsonb('criteria')
      .$type<{ key: string; value: unknown; weight: number; must: boolean }[]>()
      .notNull()
      .default([]),
    /** Increases with every saved edit; an update naming an older version is refused (409). */
    version: integer('version').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /**
     * When the criteria or target types last changed (set by a trigger, migration 0023): results of a
     * run that started before it are stale, and the job says so (PRODUCT.md §10 "Freshness").
     */
    criteriaChangedAt: moment('criteria_changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_status_updated_idx').on(t.status, t.updatedAt),
    index('jobs_company_user_idx').on(t.companyUserId),
    index('jobs_client_company_idx').on(t.clientCompanyId),
    check('jobs_origin_values', sql`${t.origin} in ('agent', 'company')`),
    check('jobs_status_values', sql`${t.status} in ('active', 'archived')`),
  ],
);

/** The job a row belongs to; the row goes with it. */
const jobColumn = () => ownedBy('job_id', () => jobs.id);

/** The profile a row speaks of; the row goes with it. */
const profileColumn = () => ownedBy('profile_id', () => profiles.id);

/**
 * One matching run of a job: queued → running → done | failed | cancelled. Any server process claims
 * a queued run (or a running one whose lease lapsed) with FOR UPDATE SKIP LOCKED and renews its lease
 * while it works. At most one run per job is queued or running (partial unique index).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobId: jobColumn(),
    /** The job version the run scores (its criteria are read when the run is claimed). */
    jobVersion: integer('job_version').notNull(),
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: moment('lease_expires_at'),
    /** The agent who asked for the run: at most 10 queued per agent (PRODUCT.md §8). */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** How often a worker claimed it: a run that keeps killing its workers fails after a few. */
    attempts: integer('attempts').notNull().default(0),
    considered: integer('considered'),
    included: integer('included'),
    excluded: integer('excluded'),
    bestScore: doublePrecision('best_score'),
    histogram: jsonb('histogram').$type<number[]>(),
    excludedBy: jsonb('excluded_by').$type<Record<string, number>>(),
    error: text('error'),
    createdAt: moment('created_at').notNull().defaultNow(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    uniqueIndex('job_runs_one_active_per_job')
      .on(t.jobId)
      .where(sql`${t.state} in ${sqlWordList(ACTIVE_RUN_STATES)}`),
    index('job_runs_job_created_idx').on(t.jobId, t.createdAt),
    index('job_runs_requested_by_idx').on(t.requestedBy).where(sql`${t.state} = 'queued'`),
    index('job_runs_claim_idx')
      .on(t.state, t.leaseExpiresAt)
      .where(sql`${t.state} in ${sqlWordList(ACTIVE_RUN_STATES)}`),
    check('job_runs_state_values', sql`${t.state} in ${sqlWordList(RUN_STATES)}`),
    check('job_runs_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * The ranked results of a run: rank, score, breakdown and the profile version scored, with the
 * name, city, type and distance as scored (for sorting and the CSV). The job's results are those of
 * its latest done run; a new run writes its rows beside them and the switch is one transaction.
 */
export const jobResults = pgTable(
  'job_results',
  {
    runId: ownedBy('run_id', () => jobRuns.id),
    jobId: jobColumn(),
    profileId: profileColumn(),
    rank: integer('rank').notNull(),
    score: doublePrecision('score').notNull(),
    breakdown: jsonb('breakdown').$type<BreakdownItem[]>().notNull(),
    profileVersion: integer('profile_version').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    city: text('city'),
    distanceKm: doublePrecision('distance_km'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.rank] }),
    uniqueIndex('job_results_run_profile_key').on(t.runId, t.profileId),
    // Score order is rank order (rank = score desc, uuid asc): the primary key serves it and minScore.
    index('job_results_run_score_idx').on(t.runId, t.score),
    index('job_results_run_name_idx').on(t.runId, t.name, t.rank),
    index('job_results_run_distance_idx').on(t.runId, t.distanceKm, t.rank),
    index('job_results_profile_idx').on(t.profileId),
  ],
);

/** Profiles an agent starred for a job; kept across runs. */
export const jobShortlist = pgTable(
  'job_shortlist',
  {
    jobId: jobColumn(),
    profileId: profileColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.profileId] }),
    index('job_shortlist_profile_idx').on(t.profileId),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
