import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Job } from '../../contract/job';
import { emptyCounts, PIPELINE_STAGES, type PipelineCounts } from '../../contract/pipeline';
import { type Caller, isAgent } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { int, uuid } from '../db/rows';

const StageCountRow = v.object({ job_id: uuid, stage: v.picklist(PIPELINE_STAGES), n: int });

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
  const rows = await queryRows(
    db,
    sql`select job_id, stage, count(*) as n from pipeline_entries
        where job_id = any(${`{${jobIds.join(',')}}`}::uuid[]) group by job_id, stage`,
    StageCountRow,
  );
  for (const id of jobIds) out.set(id, emptyCounts());
  for (const row of rows) out.get(row.job_id)![row.stage] = row.n;
  return out;
}
