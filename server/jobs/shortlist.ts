import { eq, sql } from 'drizzle-orm';
import { assertAgent, type Caller } from '../auth/caller';
import type { Database } from '../db/client';
import { profiles } from '../db/schema/profiles';
import { ApiError } from '../errors';
import { isUuid } from './jobs';
import { assertJob } from './results';

/** A job's shortlist (PRODUCT.md §5): profiles an agent starred; it outlives the runs. Agents only. */

/**
 * PUT (shortlisted) and DELETE (not) /api/job/{uuid}/shortlist/{profile}: idempotent. Starring an
 * unknown profile is a 404; taking an unknown one off changes nothing.
 */
export async function setShortlisted(
  db: Database,
  caller: Caller,
  jobId: string,
  profileId: string,
  shortlisted: boolean,
): Promise<void> {
  assertAgent(caller);
  await assertJob(db, jobId);
  if (!shortlisted) {
    if (isUuid(profileId)) {
      await db.execute(sql`delete from job_shortlist where job_id = ${jobId} and profile_id = ${profileId}`);
    }
    return;
  }
  const profileMissing = () => new ApiError(404, 'profile.not_found', 'No such profile');
  if (!isUuid(profileId)) throw profileMissing();
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId));
  if (!profile) throw profileMissing();
  await db.execute(
    sql`insert into job_shortlist (job_id, profile_id, created_by) values (${jobId}, ${profileId}, ${caller.userId})
        on conflict do nothing`,
  );
}
