import { sql } from 'drizzle-orm';
import { UNANSWERED_DAYS } from '../../contract/attention';
import type { Database } from '../db/client';
import { demoPipelineStart, recordSeededMove } from './pipeline';

/**
 * The nursing job (server/demo/jobs.ts), run by the seed: it gets what the agent's attention band
 * shows beside the developer job's follow-ups and the demo company's waiting request — two candidates
 * sent to the client, one 7 days ago still without an answer (a reminder is due) and one 2 days ago
 * (not yet), and a criteria change after its run ("run again"). The developer job's entries are the
 * company answer's ground (server/demo/pipeline.ts) and are not touched here.
 */
export const DEMO_ATTENTION_JOB = '5eed10b0-0000-4000-8000-000000000002';

const SENT_DAYS_AGO = [UNANSWERED_DAYS + 2, 2];

/** Once: a job whose pipeline holds anyone is left alone (a second seed, or an agent's own moves). */
export async function seedDemoAttention(db: Database, now = new Date()): Promise<number> {
  const start = await demoPipelineStart(db, DEMO_ATTENTION_JOB, SENT_DAYS_AGO.length);
  if (!start) return 0;
  const { agent, ranked } = start;
  for (const [i, row] of ranked.entries()) {
    const sent = new Date(now.getTime() - SENT_DAYS_AGO[i]! * 86_400_000).toISOString();
    await db.execute(
      sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, submitted_at,
            submitted_card, submitted_company_id, created_by, moved_by, moved_at, created_at)
          values (${crypto.randomUUID()}, ${DEMO_ATTENTION_JOB}, ${row.profile_id}, 'submitted', 'submitted',
            ${sent}, 'anonymised', (select client_company_id from jobs where id = ${DEMO_ATTENTION_JOB}),
            ${agent?.id ?? null}, ${agent?.id ?? null}, ${sent}, ${sent})
          on conflict (job_id, profile_id) do nothing`,
    );
    await recordSeededMove(db, agent, DEMO_ATTENTION_JOB, row.profile_id, {
      to: 'submitted',
      at: new Date(sent),
    });
  }
  // A weight changed after the run: its results are stale until it runs again.
  await db.execute(
    sql`update jobs set criteria_changed_at = ${now.toISOString()} where id = ${DEMO_ATTENTION_JOB}`,
  );
  return ranked.length;
}
