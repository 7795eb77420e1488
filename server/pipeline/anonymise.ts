import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Retention and a person's deletion (PRODUCT.md §8, DSGVO Art. 17): what must stay for the agency
 * stays, anonymised. A candidate's pipeline entries and their own timeline go with the profile
 * (cascade), but each job's timeline keeps its pipeline history — every move and placement
 * (`stage.changed`, `pipeline.removed`, `follow_up.done`: server/pipeline/change.ts) — without what
 * ties it to the person: the profile's id, a move's reason, a follow-up's note and a client's comment (free text that may name them)
 * are removed and the entry marked `anonymised`. `profileIds` selects the profiles (ids as text) about
 * to be deleted; call it in the deleting transaction, before the delete.
 */
export async function anonymisePipelineHistory(tx: Database, profileIds: SQL): Promise<void> {
  await tx.execute(
    sql`update timeline_entries
        set details = (details - 'profile' - 'reason' - 'comment' - 'note') || '{"anonymised": true}'::jsonb
        where job_id is not null and action in ('stage.changed', 'pipeline.removed', 'follow_up.done')
          and details ->> 'profile' in (${profileIds})`,
  );
  // A send's personal line (issue 42) may name the person too: the job's `card.sent` keeps who got
  // cards and how many, not the line, once one of the candidates it went with is deleted.
  await tx.execute(
    sql`update timeline_entries
        set details = (details - 'note' - 'profiles') || '{"anonymised": true}'::jsonb
        where job_id is not null and action = 'card.sent' and jsonb_typeof(details -> 'profiles') = 'array'
          and exists (select 1 from jsonb_array_elements_text(details -> 'profiles') p
                      where p.value in (${profileIds}))`,
  );
}
