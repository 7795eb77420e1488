import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import type { ClientAnswerInput, Submission } from '../../contract/submissions';
import { agentRef } from '../agents/team';
import type { Caller } from '../auth/caller';
import { referenceNumber } from '../cards/candidate-card';
import { callerCompanies, callerCompany } from '../clients/caller-company';
import { type Database, queryRows } from '../db/client';
import { text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import { applyPipelineChange, entryNotFound } from '../pipeline/change';
import { clientAnswerMail } from './answer-texts';
import {
  assertCompany,
  SENT_TO_CALLER,
  type SubmissionServices,
  sentSubmission,
  TITLE,
  toSubmission,
} from './client-submissions';

/**
 * The client answers a submission (issue 21 point 5) once: "interested" moves the entry to
 * `interview`, "not interested" to `rejected` by the client with the comment as reason, both on the
 * timelines with the company named, and the job's agent is mailed, all in one transaction; within
 * CLIENT_ANSWER_UNDO_MS it may take the answer back. Another company's entry answers 404.
 */

type Outcome<Code> = { ok: true; value: Submission } | { ok: false; code: Code; current: Submission };
export type AnswerOutcome = Outcome<'client.already_answered' | 'pipeline.transition_refused'>;
export type AnswerUndoOutcome = Outcome<'client.change_expired' | 'client.not_answered'>;

const AnswerRow = v.object({ id: uuid, job_id: uuid, profile_id: uuid, agent_id: uuidOrNull, title: text });
type AnswerRow = v.InferOutput<typeof AnswerRow>;

/** The entry sent to the calling company (404 for any other), with the job's agent and title. */
async function answerable(tx: Database, caller: Caller, id: string): Promise<AnswerRow> {
  const [row] = await queryRows(
    tx,
    sql`select e.id, e.job_id, e.profile_id, coalesce(j.assigned_agent_id, j.created_by) as agent_id,
          ${TITLE} as title
        from pipeline_entries e join jobs j on j.id = e.job_id
        where e.id = ${id} and ${SENT_TO_CALLER(caller)}`,
    AnswerRow,
  );
  if (!row) throw entryNotFound();
  return row;
}

/** The calling company's name as the timelines show it (its record's, else its e-mail). */
async function companyName(tx: Database, caller: Caller): Promise<string> {
  const [company] = await queryRows(
    tx,
    sql`select "values" ->> 'name' as name from companies where id in ${callerCompanies(caller)}`,
    NameRow,
  );
  return company?.name || (await emailOf(tx, caller.userId)) || '';
}

/**
 * POST /api/client/submission/{entry}/answer: the company's answer to a candidate sent to it, through
 * applyPipelineChange (under the entry's row lock): refused (409, the candidate as it is) when answered
 * already or when the entry's stage cannot take the move (the agency closed or moved it on); else the
 * answer is stored, the entry moved, both timelines name the company, and the job's agent (assigned,
 * else its creator) gets a mail in their language.
 */
export async function answerSubmission(
  svc: SubmissionServices,
  caller: Caller,
  entryId: string,
  input: ClientAnswerInput,
): Promise<AnswerOutcome> {
  assertCompany(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const id = entryId.toLowerCase();
  const comment = input.comment?.trim() || null;
  const now = svc.now();
  const code = await svc.db.transaction(async (tx) => {
    const row = await answerable(tx, caller, id);
    const company = await companyName(tx, caller);
    // A contact's login answers as that contact (decision 0031): "answered by …" on the timelines.
    const contact = (await callerCompany(tx, caller))?.contactName || undefined;
    const outcome = await applyPipelineChange(tx, {
      caller,
      entries: [{ id }],
      change: { kind: 'answer', answer: input.answer, comment, company, contact },
      now,
    });
    if (!outcome.ok) return outcome.code as 'client.already_answered' | 'pipeline.transition_refused';
    await mailAgent(svc, tx, row, { answer: input.answer, comment, company }, now);
    return null;
  });
  const current = await toSubmission(svc, await svc.catalog(), await sentSubmission(svc, caller, id), now);
  return code === null ? { ok: true, value: current } : { ok: false, code, current };
}

/**
 * POST /api/client/submission/{entry}/answer/undo: the company takes its answer back within
 * CLIENT_ANSWER_UNDO_MS while the entry is as the answer left it (contract/pipeline.ts
 * `clientUndoAllowed`): the entry goes back where it was and awaits an answer again, on both
 * timelines. Afterwards 409 client.change_expired: only an agent changes it then.
 */
export async function withdrawAnswer(
  svc: SubmissionServices,
  caller: Caller,
  entryId: string,
): Promise<AnswerUndoOutcome> {
  assertCompany(caller);
  if (!isUuid(entryId)) throw entryNotFound();
  const id = entryId.toLowerCase();
  const now = svc.now();
  const code = await svc.db.transaction(async (tx) => {
    await answerable(tx, caller, id);
    const outcome = await applyPipelineChange(tx, {
      caller,
      entries: [{ id }],
      change: { kind: 'unanswer', company: await companyName(tx, caller) },
      now,
    });
    return outcome.ok ? null : (outcome.code as 'client.change_expired' | 'client.not_answered');
  });
  const current = await toSubmission(svc, await svc.catalog(), await sentSubmission(svc, caller, id), now);
  return code === null ? { ok: true, value: current } : { ok: false, code, current };
}

const NameRow = v.object({ name: textOrNull });

async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Tells the job's agent about the answer: a mail through the outbox, in the agent's language. */
async function mailAgent(
  svc: SubmissionServices,
  tx: Database,
  row: AnswerRow,
  said: { answer: ClientAnswerInput['answer']; comment: string | null; company: string },
  now: Date,
) {
  if (!row.agent_id) return;
  const [agent] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, row.agent_id));
  if (!agent) return;
  const ref = await agentRef(tx, row.agent_id);
  const [candidate] = await queryRows(
    tx,
    sql`select nullif(concat_ws(' ', "values" ->> 'first_name', "values" ->> 'last_name'), '') as name
        from profiles where id = ${row.profile_id}`,
    NameRow,
  );
  const reference = referenceNumber(row.profile_id);
  const mail = clientAnswerMail(languageOf(agent.language), {
    agent: ref?.name || agent.email,
    company: said.company,
    candidate: candidate?.name ?? reference,
    reference,
    job: row.title,
    answer: said.answer,
    comment: said.comment,
    link: `${svc.publicOrigin}/matchingJobResult/${row.job_id}`,
  });
  await queueMessage(tx, { kind: 'mail', userId: row.agent_id, to: agent.email, ...mail }, now);
}
