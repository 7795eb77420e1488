import { eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isSeniorAgentType, isUuid } from '../../contract/agent';
import {
  type AgentAttention,
  type AnswerSeen,
  type AttentionItem,
  type AttentionList,
  UNANSWERED_DAYS,
} from '../../contract/attention';
import type { AttentionKind } from '../../contract/attention-search';
import { PIPELINE_STAGES } from '../../contract/pipeline';
import { CLIENT_ANSWERS } from '../../contract/submissions';
import { toVetCondition } from '../agents/vetting';
import { assertAgent, type Caller, forbidden } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { int, text, textOrNull, timeOrNull, uuid } from '../db/rows';
import { pipelineEntries } from '../db/schema/pipeline';
import { CRITERIA_CHANGED_SINCE_RUN, callersJob } from '../jobs/job-filters';
import { entryNotFound } from './change';
import { followUpDue } from './pipeline';

/**
 * What needs the agent's attention (issue 21 point 7, contract/attention.ts has the rules): one
 * statement of counts for the dashboard, the two lists that have no table of their own (company answers
 * not seen, submissions waiting for an answer), and "seen" on an answer. Every count is the condition
 * of the list it links to, imported from where that list is made.
 */

const DAY_MS = 86_400_000;

/** An entry (e) on an active job (j) of the caller. */
const onCallersJob = (caller: Caller) =>
  sql`exists (select 1 from jobs j where j.id = e.job_id and j.status = 'active' and ${callersJob(caller.userId)})`;

const UNSEEN_ANSWER = sql`e.client_answered_at is not null and e.answer_seen_at is null`;

/** Still `submitted`, sent before `cutoff`, and the client has not answered. */
const waitingSince = (cutoff: Date) =>
  sql`e.stage = 'submitted' and e.submitted_at < ${cutoff.toISOString()} and e.client_answered_at is null`;

const CountsRow = v.object({
  follow_ups: int,
  answers: int,
  unanswered: int,
  stale_runs: int,
  requests: int,
  vet_luna: int,
  vet_nova: int,
  vet_company: int,
});
const SeenRow = v.object({ id: uuid, answer_seen_at: timeOrNull });

/** GET /api/agent/attention: the counts, `today` being the client's calendar day (follow-ups). */
export async function attentionCounts(
  db: Database,
  caller: Caller,
  today: string,
  now: Date,
): Promise<AgentAttention> {
  assertAgent(caller);
  const cutoff = new Date(now.getTime() - UNANSWERED_DAYS * DAY_MS);
  const [counts] = await queryRows(
    db,
    sql`select
      (select count(*) from pipeline_entries e where ${followUpDue(caller, today)}) as follow_ups,
      (select count(*) from pipeline_entries e where ${UNSEEN_ANSWER} and ${onCallersJob(caller)}) as answers,
      (select count(*) from pipeline_entries e where ${waitingSince(cutoff)} and ${onCallersJob(caller)}) as unanswered,
      (select count(*) from jobs j where j.status = 'active' and ${callersJob(caller.userId)}
         and ${CRITERIA_CHANGED_SINCE_RUN}) as stale_runs,
      (select count(*) from jobs j where j.status = 'active' and j.origin = 'company'
         and j.assigned_agent_id is null) as requests,
      (select count(*) from profiles p where p.type = 'luna' and ${toVetCondition('profile', now)}) as vet_luna,
      (select count(*) from profiles p where p.type = 'nova' and ${toVetCondition('profile', now)}) as vet_nova,
      (select count(*) from companies c where ${toVetCondition('company', now)}) as vet_company`,
    CountsRow,
  );
  // One row of subselects: always there.
  const n = counts!;
  return {
    followUps: n.follow_ups,
    answers: n.answers,
    unanswered: n.unanswered,
    staleRuns: n.stale_runs,
    requestsWithoutAgent: n.requests,
    toVet: { luna: n.vet_luna, nova: n.vet_nova, company: n.vet_company },
  };
}

const ItemRow = v.object({
  id: uuid,
  job_id: uuid,
  title: textOrNull,
  profile_id: uuid,
  type: text,
  name: textOrNull,
  stage: v.picklist(PIPELINE_STAGES),
  submitted_at: timeOrNull,
  client_answer: v.nullable(v.picklist(CLIENT_ANSWERS)),
  client_comment: textOrNull,
  client_answered_at: timeOrNull,
  answer_seen_at: timeOrNull,
});
type ItemRow = v.InferOutput<typeof ItemRow>;

/** The most rows a list answers: the dashboard's count says how many there are in all. */
const LIST_LIMIT = 200;

/** GET /api/pipeline/attention?kind=: the rows a count stands for (answers newest first, waiting longest first). */
export async function attentionList(
  db: Database,
  caller: Caller,
  kind: AttentionKind,
  now: Date,
): Promise<AttentionList> {
  assertAgent(caller);
  const [where, order]: [SQL, SQL] =
    kind === 'answers'
      ? [UNSEEN_ANSWER, sql`e.client_answered_at desc, e.id`]
      : [waitingSince(new Date(now.getTime() - UNANSWERED_DAYS * DAY_MS)), sql`e.submitted_at, e.id`];
  const rows = await queryRows(
    db,
    sql`select e.id, e.job_id, jt."values" ->> 'title' as title, e.profile_id, p.type,
          nullif(concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name'), '') as name,
          e.stage, e.submitted_at, e.client_answer, e.client_comment, e.client_answered_at, e.answer_seen_at
        from pipeline_entries e
        join jobs jt on jt.id = e.job_id
        join profiles p on p.id = e.profile_id
        where ${where} and ${onCallersJob(caller)}
        order by ${order} limit ${LIST_LIMIT}`,
    ItemRow,
  );
  return { kind, items: rows.map(toItem) };
}

function toItem(row: ItemRow): AttentionItem {
  return {
    uuid: row.id,
    job: { uuid: row.job_id, title: row.title ?? '' },
    profile: { uuid: row.profile_id, type: row.type, name: row.name ?? '' },
    stage: row.stage,
    submittedAt: row.submitted_at,
    answer: row.client_answer,
    comment: row.client_comment,
    answeredAt: row.client_answered_at,
    answerSeenAt: row.answer_seen_at,
  };
}

/**
 * POST /api/pipeline/{entry}/answer-seen: the agent saw the company's answer. Idempotent: the first
 * time counts, seeing it again keeps that time; an entry without an answer stays as it is (null).
 * The job's own agent marks it (the answer is on their dashboard), or a senior agent; another agent
 * is refused (403), so nobody takes an answer off a colleague's list (issue 41).
 */
export async function markAnswerSeen(db: Database, caller: Caller, entryId: string): Promise<AnswerSeen> {
  assertAgent(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const id = entryId.toLowerCase();
  const mine = isSeniorAgentType(caller.userType)
    ? sql`true`
    : sql`exists (select 1 from jobs j where j.id = pipeline_entries.job_id and ${callersJob(caller.userId)})`;
  const [row] = await queryRows(
    db,
    sql`update pipeline_entries set answer_seen_at = case when client_answered_at is null then null
          else coalesce(answer_seen_at, now()) end
        where id = ${id} and ${mine} returning id, answer_seen_at`,
    SeenRow,
  );
  if (!row) {
    const [exists] = await db
      .select({ id: pipelineEntries.id })
      .from(pipelineEntries)
      .where(eq(pipelineEntries.id, id));
    throw exists ? forbidden() : entryNotFound();
  }
  return { uuid: row.id, answerSeenAt: row.answer_seen_at };
}
