import { sql } from 'drizzle-orm';
import type { Job } from '../../contract/job';
import { emptyCounts, type PipelineCounts, type PipelineStage } from '../../contract/pipeline';
import { type Caller, isAgent } from '../auth/caller';
import { type Database, queryRows } from '../db/client';

/** The job list's rows with their count per stage (PRODUCT.md §10): agents only, companies never. */
export async function withPipelineCounts<T extends { items: Job[] }>(
  db: Database,
  caller: Caller,
  list: T,
): Promise<T> {
  if (!isAgent(caller)) return list;
  const counts = await pipelineCounts(
    db,
    list.items.map((job) => job.uuid),
  );
  return { ...list, items: list.items.map((job) => ({ ...job, pipeline: counts.get(job.uuid) })) };
}

/** The count per stage of each job named. */
async function pipelineCounts(db: Database, jobIds: string[]): Promise<Map<string, PipelineCounts>> {
  const out = new Map<string, PipelineCounts>();
  if (jobIds.length === 0) return out;
  const rows = await queryRows<{ job_id: string; stage: PipelineStage; n: number | string }>(
    db,
    sql`select job_id, stage, count(*) as n from pipeline_entries
        where job_id = any(${`{${jobIds.join(',')}}`}::uuid[]) group by job_id, stage`,
  );
  for (const id of jobIds) out.set(id, emptyCounts());
  for (const row of rows) out.get(row.job_id)![row.stage] = Number(row.n);
  return out;
}
