import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';
import { assertAgent, type Caller } from './access';
import { isUuid } from './jobs';
import { assertJob } from './results';

/** A job's shortlist (PRODUCT.md §5): profiles an agent starred; it outlives the runs. Agents only. */

/** PUT /api/job/{uuid}/shortlist/{profile}: idempotent; kept across runs. */
export async function addToShortlist(
  db: Database,
  caller: Caller,
  jobId: string,
  profileId: string,
): Promise<void> {
  assertAgent(caller);
  await assertJob(db, jobId);
  const profileMissing = () => new ApiError(404, 'profile.not_found', 'No such profile');
  if (!isUuid(profileId)) throw profileMissing();
  const [profile] = await queryRows<{ id: string }>(db, sql`select id from profiles where id = ${profileId}`);
  if (!profile) throw profileMissing();
  await db.execute(
    sql`insert into job_shortlist (job_id, profile_id, created_by) values (${jobId}, ${profileId}, ${caller.userId})
        on conflict do nothing`,
  );
}

/** DELETE /api/job/{uuid}/shortlist/{profile}: idempotent. */
export async function removeFromShortlist(
  db: Database,
  caller: Caller,
  jobId: string,
  profileId: string,
): Promise<void> {
  assertAgent(caller);
  await assertJob(db, jobId);
  if (!isUuid(profileId)) return;
  await db.execute(sql`delete from job_shortlist where job_id = ${jobId} and profile_id = ${profileId}`);
}
