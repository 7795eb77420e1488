import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Retention and a person's deletion (PRODUCT.md §8, DSGVO Art. 17): what must stay for the agency
 * stays, anonymised. A candidate's pipeline entries and their own timeline go with the profile
 * (cascade), but each job's timeline keeps its pipeline history — every move and placement
 * (`stage.changed`, `pipeline.removed`: server/pipeline/change.ts) — without what ties it to the
 * person: the profile's id, a move's reason and a client's comment (free text that may name them)
 * are removed and the entry marked `anonymised`. `profileIds` selects the profiles (ids as text) about
 * to be deleted; call it in the deleting transaction, before the delete.
 */
export async function anonymisePipelineHistory(tx: Database, profileIds: SQL): Promise<void> {
  await tx.execute(
    sql`update timeline_entries
        set details = (details - 'profile' - 'reason' - 'comment') || '{"anonymised": true}'::jsonb
        where job_id is not null and action in ('stage.changed', 'pipeline.removed')
          and details ->> 'profile' in (${profileIds})`,
  );
}
