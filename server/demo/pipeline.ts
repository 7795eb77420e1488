import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { PipelineStage } from '../../contract/pipeline';
import { type Database, queryRows } from '../db/client';
import { CountRow, uuid } from '../db/rows';
import { users } from '../db/schema/users';
import { recordStageChange } from '../pipeline/change';
import { DEMO_AGENT_EMAIL } from './agents';

/** The demo job whose pipeline is filled: the developer job (server/demo/jobs.ts), after its run. */
export const DEMO_PIPELINE_JOB = '5eed10b0-0000-4000-8000-000000000001';

/** The company the demo job is for: it signs in and sees the candidates sent to it. */
export const DEMO_CLIENT_EMAIL = 'mainsoft@matchwerk.example';

/**
 * Its best candidates by rank, one per stage, so `npm start` shows a board in use. Those from
 * `submitted` on were sent to Mainsoft (anonymised): one still awaits its answer, the interview is
 * its "interested" the agent has not seen yet, the offer and the rejection answers seen.
 */
const STAGES: {
  stage: PipelineStage;
  lastOpen: PipelineStage;
  reason?: string;
  by?: string;
  followUpInDays?: number;
  sentDaysAgo?: number;
  answer?: { said: 'interested' | 'not_interested'; comment: string; hoursAgo: number; seen: boolean };
}[] = [
  { stage: 'proposed', lastOpen: 'proposed', followUpInDays: 0 },
  { stage: 'proposed', lastOpen: 'proposed' },
  { stage: 'contacted', lastOpen: 'contacted', followUpInDays: -2 },
  { stage: 'submitted', lastOpen: 'submitted', followUpInDays: 3, sentDaysAgo: 2 },
  {
    stage: 'interview',
    lastOpen: 'interview',
    sentDaysAgo: 3,
    answer: {
      said: 'interested',
      comment: 'Passt gut zu unserem Team – gern ein Gespräch.',
      hoursAgo: 2,
      seen: false,
    },
  },
  {
    stage: 'offer',
    lastOpen: 'offer',
    sentDaysAgo: 12,
    answer: { said: 'interested', comment: '', hoursAgo: 240, seen: true },
  },
  {
    stage: 'rejected',
    lastOpen: 'submitted',
    reason: 'Sucht eine Stelle in Teilzeit',
    by: 'client',
    sentDaysAgo: 9,
    answer: { said: 'not_interested', comment: 'Sucht eine Stelle in Teilzeit', hoursAgo: 150, seen: true },
  },
];

/**
 * Fills the demo job's pipeline from its latest run's ranking, once: a job whose pipeline holds anyone
 * is left alone (a second seed, or an agent's own moves). Two follow-ups are due (today and overdue).
 */
export async function seedDemoPipeline(db: Database, today = new Date()): Promise<number> {
  const start = await demoPipelineStart(db, DEMO_PIPELINE_JOB, STAGES.length);
  if (!start) return 0;
  const { agent, ranked } = start;
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CLIENT_EMAIL));
  const ago = (hours: number) => new Date(today.getTime() - hours * 3_600_000).toISOString();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  let n = 0;
  for (const [i, row] of ranked.entries()) {
    const s = STAGES[i]!;
    const followUp = s.followUpInDays === undefined ? null : day(s.followUpInDays);
    const sent = s.sentDaysAgo === undefined ? null : ago(s.sentDaysAgo * 24);
    const a = s.answer;
    await db.execute(
      sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, reason, reason_by,
            follow_up, follow_up_by, version, created_by, moved_by, submitted_at, submitted_card,
            submitted_company_id, client_answer, client_comment, client_answered_at, client_answered_by,
            answer_seen_at)
          values (${crypto.randomUUID()}, ${DEMO_PIPELINE_JOB}, ${row.profile_id}, ${s.stage}, ${s.lastOpen},
            ${s.reason ?? null}, ${s.by ?? null}, ${followUp}::date, ${followUp ? (agent?.id ?? null) : null},
            0, ${agent?.id ?? null}, ${agent?.id ?? null}, ${sent}, ${sent ? 'anonymised' : null},
            ${sent ? sql`(select client_company_id from jobs where id = ${DEMO_PIPELINE_JOB})` : null},
            ${a?.said ?? null}, ${a?.comment || null}, ${a ? ago(a.hoursAgo) : null},
            ${a ? (client?.id ?? null) : null}, ${a?.seen ? ago(a.hoursAgo - 1) : null})
          on conflict (job_id, profile_id) do nothing`,
    );
    await recordSeededMove(db, agent, DEMO_PIPELINE_JOB, row.profile_id, {
      to: s.stage,
      ...(s.reason ? { reason: s.reason, by: s.by } : {}),
      at: sent ? new Date(sent) : today,
    });
    n += 1;
  }
  return n;
}

/**
 * What the app writes when an agent puts a candidate into a job's pipeline or moves them, for an
 * entry the seed inserts itself: the app's own `stage.changed` events (recordStageChange) by the demo
 * agent on the candidate's and the job's timeline, at the time of the move. It is the agent activity
 * retention counts (PRODUCT.md §8): without it a candidate the agent is working on would look
 * untouched since registration and be mailed a deletion notice.
 */
export async function recordSeededMove(
  db: Database,
  agent: { id: string } | undefined,
  job: string,
  profile: string,
  move: { to: PipelineStage; reason?: string; by?: string | undefined; at: Date },
): Promise<void> {
  if (!agent) return;
  const { at, by, ...change } = move;
  await recordStageChange(
    db,
    { userId: agent.id },
    job,
    profile,
    { from: null, ...change, ...(by ? { by } : {}) },
    at,
  );
}

const RankedRow = v.object({ profile_id: uuid });

/**
 * Where a demo job's seeded pipeline starts: the demo agent and the best `count` profiles of the job's
 * latest done run; null when its pipeline holds anyone already (a second seed, or an agent's own
 * moves), so each demo pipeline is seeded once.
 */
export async function demoPipelineStart(
  db: Database,
  jobId: string,
  count: number,
): Promise<{ agent: { id: string } | undefined; ranked: { profile_id: string }[] } | null> {
  const [filled] = await queryRows(
    db,
    sql`select count(*) as n from pipeline_entries where job_id = ${jobId}`,
    CountRow,
  );
  if ((filled?.n ?? 0) > 0) return null;
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_AGENT_EMAIL));
  const ranked = await queryRows(
    db,
    sql`select r.profile_id from job_results r
        where r.run_id = (select id from job_runs where job_id = ${jobId} and state = 'done'
                          order by finished_at desc, id desc limit 1)
        order by r.rank limit ${count}`,
    RankedRow,
  );
  return { agent, ranked };
}
