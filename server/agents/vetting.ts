import { type SQL, sql } from 'drizzle-orm';
import { TO_VET_DAYS } from '../../contract/attention';

/**
 * "New registrations to vet" (issue 21, docs/architecture.md, "The agent's attention"): a candidate or company whose own account
 * registered in the last `TO_VET_DAYS` days and whom no agent has looked after yet — no agent is
 * assigned, and nothing on its timeline was written by an agent (a note, a call, a mail, or an
 * agent's change such as an edit, a promotion or an assignment). Profiles an agent created have that
 * agent's event from the start, so only self-registrations count; a stella is vetted by definition
 * (only an agent makes one). The candidate and company tables'
 * `vet=new` filter and the dashboard's count both use this condition.
 */
export function toVetCondition(kind: 'profile' | 'company', now: Date): SQL {
  const since = new Date(now.getTime() - TO_VET_DAYS * 86_400_000).toISOString();
  return kind === 'profile'
    ? sql`(p.type <> 'stella' and p.user_id is not null and p.created_at >= ${since} and p.assigned_agent_id is null
          and not exists (select 1 from timeline_entries t where t.profile_id = p.id and t.author_email is not null))`
    : sql`(c.user_id is not null and c.created_at >= ${since} and c.assigned_agent_id is null
          and not exists (select 1 from timeline_entries t where t.company_id = c.id and t.author_email is not null))`;
}
