import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { moment, ownedBy } from './columns';
import { profiles } from './profiles';
import { users } from './users';

/**
 * Every agent read of a candidate's data (PRODUCT.md §8): the profile, the card, a match result's
 * detail, a results CSV holding the candidate (`job_id` names the job of those two; no foreign key,
 * the entry outlives the job). Senior agents see it on the candidate's page and the candidate's data
 * export lists it. Goes with the profile.
 */
export const agentAccessLog = pgTable(
  'agent_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    agentEmail: text('agent_email').notNull(),
    profileId: ownedBy('profile_id', () => profiles.id),
    what: text('what').notNull(),
    jobId: uuid('job_id'),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [
    index('agent_access_log_profile_idx').on(t.profileId, t.at),
    check(
      'agent_access_log_what_values',
      sql`${t.what} in ('profile', 'card_full', 'card_anonymised', 'result_detail', 'results_csv')`,
    ),
  ],
);
