import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { profiles } from './profiles';
import { users } from './users';

/**
 * A job's pipeline (PRODUCT.md §10 "Pipeline per job"): one entry per job × candidate in one stage;
 * the stages and the moves between them are contract/pipeline.ts. `last_open_stage` is where a final
 * entry (placed, rejected, withdrawn) reopens to; `version` grows with every move, so of two agents
 * moving one entry at once one wins and the other is answered 409 with the entry as it is.
 */
export const pipelineEntries = pgTable(
  'pipeline_entries',
  {
    id: uuid('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('proposed'),
    lastOpenStage: text('last_open_stage').notNull().default('proposed'),
    /** Why it was rejected or withdrawn (null in the other stages). */
    reason: text('reason'),
    /** Who rejected (client, agency) or withdrew (candidate). */
    reasonBy: text('reason_by'),
    /** A reminder for this day (the agent's dashboard lists the due ones). */
    followUp: date('follow_up', { mode: 'string' }),
    followUpBy: uuid('follow_up_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    movedBy: uuid('moved_by').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pipeline_entries_job_profile_key').on(t.jobId, t.profileId),
    index('pipeline_entries_profile_idx').on(t.profileId),
    index('pipeline_entries_follow_up_idx').on(t.followUp).where(sql`${t.followUp} is not null`),
    check(
      'pipeline_entries_stage_values',
      sql`${t.stage} in ('proposed', 'contacted', 'submitted', 'interview', 'offer', 'placed', 'rejected', 'withdrawn')`,
    ),
    check(
      'pipeline_entries_last_open_values',
      sql`${t.lastOpenStage} in ('proposed', 'contacted', 'submitted', 'interview', 'offer')`,
    ),
  ],
);
