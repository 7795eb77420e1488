import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sqlWordList } from '../sql-words';
import { companies } from './accounts';
import { id, moment } from './columns';
import { jobs } from './jobs';
import { profiles } from './profiles';
import { users } from './users';

export const TIMELINE_KIND_VALUES = ['note', 'call', 'mail', 'event'] as const;

/**
 * The one timeline of candidates, companies and jobs (PRODUCT.md §10, issue 20): agents' notes,
 * calls and mails logged by hand, and the system's events — among them every change an agent makes
 * (server/agents/audit.ts `recordAction`, which once wrote `agent_actions`; migration 0018 moved
 * those rows here and left `agent_actions` as a view of the agents' events). Each entry belongs to
 * exactly one subject and goes with it. The author's e-mail is kept beside the id so the entry
 * still names them after their account is gone.
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    id: id(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** An event's name (`registered`, `assign`, `profile.edited`, …); null for what agents write. */
    action: text('action'),
    /** A note's text, a call's or mail's summary; null for events. */
    text: text('text'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    /** When it happened (a call's date): the timeline's order. */
    at: moment('at').notNull().defaultNow(),
    createdAt: moment('created_at').notNull().defaultNow(),
    editedAt: moment('edited_at'),
  },
  (t) => [
    index('timeline_entries_profile_idx').on(t.profileId, t.at),
    index('timeline_entries_company_idx').on(t.companyId, t.at),
    index('timeline_entries_job_idx').on(t.jobId, t.at),
    // "Last contact" of the candidate tables: the newest note, call or mail of a profile.
    index('timeline_entries_profile_contact_idx').on(t.profileId, t.at).where(sql`${t.kind} <> 'event'`),
    // "New registrations to vet" (server/agents/vetting.ts): has an agent written anything on it yet?
    index('timeline_entries_agent_profile_idx').on(t.profileId).where(sql`${t.authorEmail} is not null`),
    index('timeline_entries_agent_company_idx').on(t.companyId).where(sql`${t.authorEmail} is not null`),
    check('timeline_entries_kind_values', sql`${t.kind} in ${sqlWordList(TIMELINE_KIND_VALUES)}`),
    check('timeline_entries_one_subject', sql`num_nonnulls(${t.profileId}, ${t.companyId}, ${t.jobId}) = 1`),
    // An event has a name and no text; what an agent writes has a text and no name.
    check('timeline_entries_event_action', sql`(${t.kind} = 'event') = (${t.action} is not null)`),
    check('timeline_entries_written_text', sql`(${t.kind} = 'event') = (${t.text} is null)`),
  ],
);
