import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, moment, ownedBy } from './columns';
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
    id: id(),
    jobId: ownedBy('job_id', () => jobs.id),
    profileId: ownedBy('profile_id', () => profiles.id),
    stage: text('stage').notNull().default('proposed'),
    lastOpenStage: text('last_open_stage').notNull().default('proposed'),
    /** Why it was rejected or withdrawn (null in the other stages). */
    reason: text('reason'),
    /** Who rejected (client, agency) or withdrew (candidate). */
    reasonBy: text('reason_by'),
    /** A reminder for this day (the agent's dashboard lists the due ones). */
    followUp: date('follow_up', { mode: 'string' }),
    followUpBy: uuid('follow_up_by').references(() => users.id, { onDelete: 'set null' }),
    /** The follow-up's time on its day (the agent's wall clock) and its note (issue 42; migration 0034). */
    followUpTime: time('follow_up_time'),
    followUpNote: text('follow_up_note'),
    version: integer('version').notNull().default(0),
    /**
     * The client loop (PRODUCT.md §10): when the entry was first sent to the job's client, and which
     * card the client got (`anonymised` or `full`). The company sees an entry of a job it is the client
     * of only once this is set, and always the same card.
     */
    submittedAt: moment('submitted_at'),
    submittedCard: text('submitted_card'),
    /**
     * The company the entry was first sent (or, moved by hand, presented) to, and the contact the mail
     * went to (issue 41): that company alone sees and answers it, whatever the job's client is later.
     * Their foreign keys (on delete set null) are in migration 0028, DEFERRABLE INITIALLY DEFERRED,
     * which drizzle cannot declare: deleting a company account sets several keys of one entry to null
     * in one statement (the company, its contact, who answered), and a key checked at once failed
     * while another's action had not run yet.
     */
    submittedCompanyId: uuid('submitted_company_id'),
    submittedContactId: uuid('submitted_contact_id'),
    /** The company's answer ("interested" moves to interview, "not interested" rejects with reason by client). */
    clientAnswer: text('client_answer'),
    clientComment: text('client_comment'),
    clientAnsweredAt: moment('client_answered_at'),
    clientAnsweredBy: uuid('client_answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the job's agent saw the answer (the dashboard's "company answers" item lists the unseen ones). */
    answerSeenAt: moment('answer_seen_at'),
    /**
     * The entry as it was before its last change, while that change may be undone (issue 42): an
     * agent's move or correction (`kind: agent`), a company's answer (`kind: client`); null after an
     * addition, a send or an undo. server/pipeline/change.ts writes and reads it.
     */
    undo: jsonb('undo').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    movedBy: uuid('moved_by').references(() => users.id, { onDelete: 'set null' }),
    movedAt: moment('moved_at').notNull().defaultNow(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pipeline_entries_job_profile_key').on(t.jobId, t.profileId),
    index('pipeline_entries_profile_idx').on(t.profileId),
    index('pipeline_entries_follow_up_idx').on(t.followUp).where(sql`${t.followUp} is not null`),
    index('pipeline_entries_submitted_idx').on(t.jobId).where(sql`${t.submittedAt} is not null`),
    index('pipeline_entries_submitted_company_idx')
      .on(t.submittedCompanyId)
      .where(sql`${t.submittedCompanyId} is not null`),
    check(
      'pipeline_entries_follow_up_day',
      sql`(${t.followUpTime} is null and ${t.followUpNote} is null) or ${t.followUp} is not null`,
    ),
    check('pipeline_entries_card_values', sql`${t.submittedCard} in ('anonymised', 'full')`),
    check('pipeline_entries_answer_values', sql`${t.clientAnswer} in ('interested', 'not_interested')`),
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

/**
 * Each send of cards to a client (server/submissions/send.ts), by what it sent: the contact, the candidates
 * and which of them went by name, as one fingerprint. The same send again within
 * `DUPLICATE_SEND_WINDOW_MS` is refused (issue 41: two clicks at once gave two mails); rows older than
 * that are deleted by the next send of the job. Holds no personal data beyond the ids' hash.
 */
export const cardSends = pgTable(
  'card_sends',
  {
    id: id(),
    jobId: ownedBy('job_id', () => jobs.id),
    fingerprint: text('fingerprint').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: moment('sent_at').notNull(),
  },
  (t) => [index('card_sends_job_idx').on(t.jobId, t.fingerprint)],
);
