import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './columns';

/**
 * Every deletion of a candidate or company by the agency (issue 42): by an agent (`agent_id`) or by
 * an operator's `profile:delete` (`by` operator, no agent), when, what kind of record and why — a
 * category of contract/erasure.ts. Holds no personal data of the person deleted: no id, name, e-mail
 * or free text (docs/decisions/0028-the-agency-deletes.md). The agent's id has no foreign key, so the
 * record outlives the agent's account.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: moment('at').notNull().defaultNow(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    by: text('by').notNull(),
    agentId: uuid('agent_id'),
  },
  (t) => [
    index('erasures_at_idx').on(t.at),
    check('erasures_kind_values', sql`${t.kind} in ('candidate', 'company')`),
    check(
      'erasures_reason_values',
      sql`${t.reason} in ('erasure_request', 'duplicate', 'no_longer_needed', 'other')`,
    ),
    check('erasures_by_values', sql`${t.by} in ('agent', 'operator')`),
    check('erasures_agent', sql`(${t.by} = 'agent') = (${t.agentId} is not null)`),
  ],
);
