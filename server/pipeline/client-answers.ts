import { and, eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import type { Catalog } from '../../contract/catalog';
import {
  CLIENT_ANSWERS,
  type ClientAnswerInput,
  type ClientCandidate,
  type ClientCard,
  type ClientJobCandidates,
  type ClientJobs,
  SUBMITTED_CARDS,
  type SubmittedCard,
} from '../../contract/client-answers';
import { JOB_STATUSES } from '../../contract/list-filters';
import { CLIENT_ANSWER_UNDO_MS, clientUndoAllowed } from '../../contract/pipeline';
import type { Language } from '../../contract/user-types';
import { agentRef } from '../agents/team';
import { type Caller, forbidden, isCompany } from '../auth/caller';
import {
  CardProfileRow,
  candidateCardContent,
  candidateCardPdf,
  referenceNumber,
} from '../cards/candidate-card';
import type { SentTo } from '../cards/send';
import { callerCompanies, callerCompany } from '../clients/caller-company';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { int, text, textOrNull, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { pipelineEntries } from '../db/schema/pipeline';
import { users } from '../db/schema/users';
import { jobNotFound } from '../jobs/access';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import type { PhotoStorage } from '../profiles/photo-storage';
import { applyPipelineChange, entryNotFound, insertEntry } from './change';
import { clientAnswerMail } from './client-answer-texts';

/**
 * The client loop (issue 21, PRODUCT.md §10): what the client got and how it answered. Sending
 * records the card and the company per entry (`submitSent`, the send's `afterSent` hook); a company
 * sees the entries sent to it, whatever the job's client is later (issue 41) — the same card, never a
 * score, never an entry not sent —
 * and answers once: "interested" moves the entry to `interview`, "not interested" to `rejected` by
 * the client with the comment as reason, both on the timelines with the company named, and the
 * job's agent is mailed, all in one transaction. Another company's job or entry answers 404.
 */

export interface ClientAnswerServices {
  db: Database;
  storage: PhotoStorage;
  catalog: () => Promise<Catalog>;
  agency: AgencyConfig;
  /** Where the agent's mail links to. */
  publicOrigin: string;
  now: () => Date;
}

/**
 * The send's pipeline step (server/cards/send.ts `AfterSent`, in the send's transaction): every
 * candidate sent to the client is `submitted` on the job's pipeline — added when not in it yet,
 * moved on from `proposed` or `contacted`; an entry that is further on or closed stays where it is
 * (sending a card again is no step back). Each entry records the first send and the card the client
 * got (`full` for those in `full`; a client who once got the name keeps it). Each move is on both
 * timelines, as any move is.
 */
export async function submitSent(
  tx: Database,
  caller: Caller,
  jobId: string,
  profileIds: string[],
  full: string[],
  to: SentTo,
) {
  for (const profile of profileIds) {
    const card: SubmittedCard = full.includes(profile) ? 'full' : 'anonymised';
    const sent = { card, company: to.company, contact: to.contact };
    if (await insertEntry(tx, caller, { job: jobId, profile, sent })) continue;
    const [row] = await tx
      .select({ id: pipelineEntries.id })
      .from(pipelineEntries)
      .where(and(eq(pipelineEntries.jobId, jobId), eq(pipelineEntries.profileId, profile)));
    if (!row) continue;
    await applyPipelineChange(tx, {
      caller,
      entries: [{ id: row.id }],
      change: { kind: 'send', ...sent },
      now: new Date(),
    });
  }
}

function assertCompany(caller: Caller): void {
  if (!isCompany(caller) || caller.registrationStep !== 0) throw forbidden();
}

/** The calling company's record (its main login's or its contact's: server/clients/caller-company.ts). */
const OWN_COMPANIES = callerCompanies;

/**
 * An entry the calling company got: sent (or presented) to one of its records (issue 41). Not "an
 * entry of a job it is the client of now": a job's client may change, and what went to the old client
 * stays the old client's.
 */
const SENT_TO_CALLER = (caller: Caller) =>
  sql`(e.submitted_at is not null and e.submitted_company_id in ${OWN_COMPANIES(caller)})`;

/**
 * The jobs the calling company sees: those it is the client of (its company record's, its own
 * requests) and those with a candidate sent to it.
 */
const OWN_JOB = (caller: Caller) =>
  sql`(j.client_company_id in ${OWN_COMPANIES(caller)} or j.company_user_id = ${caller.userId}
       or exists (select 1 from pipeline_entries e where e.job_id = j.id and ${SENT_TO_CALLER(caller)}))`;

const TITLE = sql`coalesce(j."values" ->> 'title', '')`;
const ClientJobRow = v.object({
  id: uuid,
  title: text,
  status: v.picklist(JOB_STATUSES),
  submitted: int,
  awaiting: int,
});

/** GET /api/client/jobs: the company's jobs, newest sending first, with the counts sent and unanswered. */
export async function clientJobs(db: Database, caller: Caller): Promise<ClientJobs> {
  assertCompany(caller);
  const rows = await queryRows(
    db,
    sql`select j.id, ${TITLE} as title, j.status,
          count(e.id) as submitted,
          count(e.id) filter (where e.client_answer is null) as awaiting
        from jobs j left join pipeline_entries e on e.job_id = j.id and ${SENT_TO_CALLER(caller)}
        where ${OWN_JOB(caller)}
        group by j.id
        order by max(e.submitted_at) desc nulls last, j.created_at desc, j.id`,
    ClientJobRow,
  );
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      title: r.title,
      status: r.status,
      submitted: r.submitted,
      awaiting: r.awaiting,
    })),
  };
}

/** An entry sent to the company, with what its card needs of the candidate. */
const SentRow = v.object({
  ...CardProfileRow.entries,
  entry: uuid,
  submitted_at: time,
  submitted_card: v.picklist(SUBMITTED_CARDS),
  client_answer: v.nullable(v.picklist(CLIENT_ANSWERS)),
  client_comment: textOrNull,
  client_answered_at: timeOrNull,
  /** Whose change the entry's last one was, while it may be undone (server/pipeline/change.ts). */
  undo_kind: textOrNull,
});
type SentRow = v.InferOutput<typeof SentRow>;

/** The entries sent to the calling company that match `where`, with what their card needs. */
function sentEntries(db: Database, caller: Caller, where: SQL) {
  return queryRows(
    db,
    sql`select e.id as entry, e.submitted_at, e.submitted_card, e.client_answer, e.client_comment,
          e.client_answered_at, e.undo ->> 'kind' as undo_kind, p.id, p.user_id, p.type, p."values", p.contact_email
        from pipeline_entries e
        join jobs j on j.id = e.job_id
        join profiles p on p.id = e.profile_id
        where ${SENT_TO_CALLER(caller)} and ${where}
        order by e.submitted_at desc, e.id`,
    SentRow,
  );
}

async function toCandidate(
  svc: ClientAnswerServices,
  catalog: Catalog,
  row: SentRow,
  now: Date,
): Promise<ClientCandidate> {
  const card = async (language: Language): Promise<ClientCard> => {
    const content = await candidateCardContent(
      svc.db,
      catalog,
      svc.agency,
      row,
      row.submitted_card === 'full' ? 'pdf' : 'anonymous',
      language,
    );
    return { ...content, rows: content.rows.map(([label, value]) => ({ label, value })) };
  };
  return {
    uuid: row.entry,
    reference: referenceNumber(row.id),
    card: row.submitted_card,
    cards: { de: await card('de'), en: await card('en') },
    submittedAt: row.submitted_at,
    status: row.client_answer ?? 'awaiting',
    comment: row.client_comment,
    answeredAt: row.client_answered_at,
    changeableUntil: changeableUntil(row, now),
  };
}

/** Until when the company may take its answer back (contract/pipeline.ts `clientUndoAllowed`), or null. */
function changeableUntil(row: SentRow, now: Date): string | null {
  if (row.client_answered_at === null) return null;
  const answeredAt = new Date(row.client_answered_at).getTime();
  const last = { kind: row.undo_kind === 'client' ? ('client' as const) : null, by: null, at: answeredAt };
  return clientUndoAllowed(last, answeredAt, now.getTime())
    ? new Date(answeredAt + CLIENT_ANSWER_UNDO_MS).toISOString()
    : null;
}

/** GET /api/client/job/{uuid}/candidates: the candidates sent to the company for one of its jobs. */
export async function clientJobCandidates(
  svc: ClientAnswerServices,
  caller: Caller,
  jobId: string,
): Promise<ClientJobCandidates> {
  assertCompany(caller);
  if (!isUuid(jobId)) throw jobNotFound();
  const id = jobId.toLowerCase();
  const [job] = await queryRows(
    svc.db,
    sql`select j.id, ${TITLE} as title, j.status from jobs j where j.id = ${id} and ${OWN_JOB(caller)}`,
    v.pick(ClientJobRow, ['id', 'title', 'status']),
  );
  if (!job) throw jobNotFound();
  const rows = await sentEntries(svc.db, caller, sql`e.job_id = ${id}`);
  const catalog = await svc.catalog();
  const items: ClientCandidate[] = [];
  for (const row of rows) items.push(await toCandidate(svc, catalog, row, svc.now()));
  return { job: { uuid: job.id, title: job.title, status: job.status }, items };
}

/** One entry sent to the calling company, as it sees it; 404 for any other. */
async function clientCandidate(svc: ClientAnswerServices, caller: Caller, entryId: string) {
  if (!isUuid(entryId)) throw entryNotFound();
  const [row] = await sentEntries(svc.db, caller, sql`e.id = ${entryId.toLowerCase()}`);
  if (!row) throw entryNotFound();
  return row;
}

/** GET /api/client/candidate/{entry}/card: the card the company got, as PDF in the caller's language. */
export async function clientCardPdf(
  svc: ClientAnswerServices,
  caller: Caller,
  entryId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  assertCompany(caller);
  const row = await clientCandidate(svc, caller, entryId);
  const format = row.submitted_card === 'full' ? 'pdf' : 'anonymous';
  const pdf = await candidateCardPdf(
    svc.db,
    svc.storage,
    await svc.catalog(),
    svc.agency,
    row,
    format,
    caller.language,
  );
  return { pdf, fileName: `${referenceNumber(row.id)}.pdf` };
}

type Outcome<Code> =
  | { ok: true; value: ClientCandidate }
  | { ok: false; code: Code; current: ClientCandidate };
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
 * POST /api/client/candidate/{entry}/answer: the company's answer to a candidate sent to it, through
 * applyPipelineChange (under the entry's row lock): refused (409, the candidate as it is) when answered
 * already or when the entry's stage cannot take the move (the agency closed or moved it on); else the
 * answer is stored, the entry moved, both timelines name the company, and the job's agent (assigned,
 * else its creator) gets a mail in their language.
 */
export async function answerCandidate(
  svc: ClientAnswerServices,
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
  const current = await toCandidate(svc, await svc.catalog(), await clientCandidate(svc, caller, id), now);
  return code === null ? { ok: true, value: current } : { ok: false, code, current };
}

/**
 * POST /api/client/candidate/{entry}/answer/undo: the company takes its answer back within
 * CLIENT_ANSWER_UNDO_MS while the entry is as the answer left it (contract/pipeline.ts
 * `clientUndoAllowed`): the entry goes back where it was and awaits an answer again, on both
 * timelines. Afterwards 409 client.change_expired: only an agent changes it then.
 */
export async function withdrawAnswer(
  svc: ClientAnswerServices,
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
  const current = await toCandidate(svc, await svc.catalog(), await clientCandidate(svc, caller, id), now);
  return code === null ? { ok: true, value: current } : { ok: false, code, current };
}

const NameRow = v.object({ name: textOrNull });

async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Tells the job's agent about the answer: a mail through the outbox, in the agent's language. */
async function mailAgent(
  svc: ClientAnswerServices,
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
