import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../contract/agent';
import type { Catalog } from '../../contract/catalog';
import type {
  ClientAnswerInput,
  ClientCandidate,
  ClientCard,
  ClientJobCandidates,
  ClientJobs,
  SubmittedCard,
} from '../../contract/client-answers';
import { moveAllowed, type PipelineStage } from '../../contract/pipeline';
import type { Language } from '../../contract/user-types';
import { agentRef } from '../agents/team';
import {
  type CardProfile,
  candidateCardContent,
  candidateCardPdf,
  referenceNumber,
} from '../cards/candidate-card';
import { type SentTo, sentToOtherClient } from '../cards/send';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { type Caller, forbidden, isCompany, jobNotFound } from '../jobs/access';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import type { PhotoStorage } from '../profiles/photo-storage';
import { clientAnswerMail } from './client-answer-texts';
import { entryNotFound, type LockedRow, recordStageChange } from './pipeline';

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
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into pipeline_entries (id, job_id, profile_id, stage, last_open_stage, created_by, moved_by,
                                        submitted_at, submitted_card, submitted_company_id, submitted_contact_id)
          values (${crypto.randomUUID()}, ${jobId}, ${profile}, 'submitted', 'submitted', ${caller.userId},
                  ${caller.userId}, now(), ${card}, ${to.company}, ${to.contact})
          on conflict (job_id, profile_id) do nothing returning id`,
    );
    if (inserted.length > 0) {
      await recordStageChange(tx, caller, jobId, profile, { from: null, to: 'submitted' });
      continue;
    }
    const [row] = await queryRows<LockedRow & { submitted_company_id: string | null }>(
      tx,
      sql`select id, job_id, profile_id, stage, last_open_stage, version, submitted_company_id
          from pipeline_entries where job_id = ${jobId} and profile_id = ${profile} for update`,
    );
    if (!row) continue;
    // A submission stays with the company it went to: never re-pointed to another (the whole send rolls back).
    if (row.submitted_company_id !== null && row.submitted_company_id !== to.company)
      throw sentToOtherClient();
    const moves = row.stage === 'proposed' || row.stage === 'contacted';
    await tx.execute(
      sql`update pipeline_entries set submitted_at = coalesce(submitted_at, now()),
            submitted_card = case when submitted_card = 'full' then 'full' else ${card} end,
            submitted_company_id = ${to.company},
            submitted_contact_id = coalesce(submitted_contact_id, ${to.contact})
            ${
              moves
                ? sql`, stage = 'submitted', last_open_stage = 'submitted', reason = null, reason_by = null,
                      version = version + 1, moved_by = ${caller.userId}, moved_at = now()`
                : sql``
            }
          where id = ${row.id}`,
    );
    if (moves) await recordStageChange(tx, caller, jobId, profile, { from: row.stage, to: 'submitted' });
  }
}

function assertCompany(caller: Caller): void {
  if (!isCompany(caller) || caller.registrationStep !== 0) throw forbidden();
}

/** The calling company's records (a company account has one). */
const OWN_COMPANIES = (caller: Caller) => sql`(select id from companies where user_id = ${caller.userId})`;

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
const iso = (x: string | Date) => (x instanceof Date ? x : new Date(x)).toISOString();

/** GET /api/client/jobs: the company's jobs, newest sending first, with the counts sent and unanswered. */
export async function clientJobs(db: Database, caller: Caller): Promise<ClientJobs> {
  assertCompany(caller);
  const rows = await queryRows<{
    id: string;
    title: string;
    status: 'active' | 'archived';
    submitted: number | string;
    awaiting: number | string;
  }>(
    db,
    sql`select j.id, ${TITLE} as title, j.status,
          count(e.id) as submitted,
          count(e.id) filter (where e.client_answer is null) as awaiting
        from jobs j left join pipeline_entries e on e.job_id = j.id and ${SENT_TO_CALLER(caller)}
        where ${OWN_JOB(caller)}
        group by j.id
        order by max(e.submitted_at) desc nulls last, j.created_at desc, j.id`,
  );
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      title: r.title,
      status: r.status,
      submitted: Number(r.submitted),
      awaiting: Number(r.awaiting),
    })),
  };
}

interface SentRow extends CardProfile {
  entry: string;
  submitted_at: string | Date;
  submitted_card: SubmittedCard;
  client_answer: 'interested' | 'not_interested' | null;
  client_comment: string | null;
  client_answered_at: string | Date | null;
}

/** The entries sent to the calling company that match `where`, with what their card needs. */
function sentEntries(db: Database, caller: Caller, where: SQL) {
  return queryRows<SentRow>(
    db,
    sql`select e.id as entry, e.submitted_at, e.submitted_card, e.client_answer, e.client_comment,
          e.client_answered_at, p.id, p.user_id, p.type, p."values", p.contact_email
        from pipeline_entries e
        join jobs j on j.id = e.job_id
        join profiles p on p.id = e.profile_id
        where ${SENT_TO_CALLER(caller)} and ${where}
        order by e.submitted_at desc, e.id`,
  );
}

async function toCandidate(
  svc: ClientAnswerServices,
  catalog: Catalog,
  row: SentRow,
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
    submittedAt: iso(row.submitted_at),
    status: row.client_answer ?? 'awaiting',
    comment: row.client_comment,
    answeredAt: row.client_answered_at === null ? null : iso(row.client_answered_at),
  };
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
  const [job] = await queryRows<{ id: string; title: string; status: 'active' | 'archived' }>(
    svc.db,
    sql`select j.id, ${TITLE} as title, j.status from jobs j where j.id = ${id} and ${OWN_JOB(caller)}`,
  );
  if (!job) throw jobNotFound();
  const rows = await sentEntries(svc.db, caller, sql`e.job_id = ${id}`);
  const catalog = await svc.catalog();
  const items: ClientCandidate[] = [];
  for (const row of rows) items.push(await toCandidate(svc, catalog, row));
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

export type AnswerOutcome =
  | { ok: true; value: ClientCandidate }
  | { ok: false; code: 'client.already_answered' | 'pipeline.transition_refused'; current: ClientCandidate };

interface AnswerRow extends LockedRow {
  client_answer: string | null;
  agent_id: string | null;
  title: string;
}

/**
 * POST /api/client/candidate/{entry}/answer: the company's one answer to a candidate sent to it. In
 * one transaction under the entry's row lock: refused (409, the candidate as it is) when answered
 * already or when the entry's stage cannot take the move (the agency closed or moved it on);
 * else the answer is stored, the entry moved, both timelines name the company, and the job's agent
 * (assigned, else its creator) gets a mail in their language.
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
  const code = await svc.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [row] = await queryRows<AnswerRow>(
      tx,
      sql`select e.id, e.job_id, e.profile_id, e.stage, e.last_open_stage, e.version, e.client_answer,
            coalesce(j.assigned_agent_id, j.created_by) as agent_id, ${TITLE} as title
          from pipeline_entries e join jobs j on j.id = e.job_id
          where e.id = ${id} and ${SENT_TO_CALLER(caller)}
          for update of e`,
    );
    if (!row) throw entryNotFound();
    if (row.client_answer !== null) return 'client.already_answered' as const;
    const to: PipelineStage = input.answer === 'interested' ? 'interview' : 'rejected';
    if (!moveAllowed(row.stage, row.last_open_stage, to)) return 'pipeline.transition_refused' as const;
    const rejected = to === 'rejected';
    const reason = rejected ? comment : null;
    await tx.execute(
      sql`update pipeline_entries set stage = ${to}, last_open_stage = ${rejected ? row.stage : to},
            reason = ${reason}, reason_by = ${rejected ? 'client' : null}, version = version + 1,
            moved_by = ${caller.userId}, moved_at = ${now.toISOString()}, client_answer = ${input.answer},
            client_comment = ${comment}, client_answered_at = ${now.toISOString()},
            client_answered_by = ${caller.userId}
          where id = ${row.id}`,
    );
    const [company] = await queryRows<{ name: string | null }>(
      tx,
      sql`select "values" ->> 'name' as name from companies where user_id = ${caller.userId}`,
    );
    const companyName = company?.name || (await emailOf(tx, caller.userId)) || '';
    await recordStageChange(tx, caller, row.job_id, row.profile_id, {
      from: row.stage,
      to,
      ...(rejected ? { by: 'client', ...(reason ? { reason } : {}) } : {}),
      answer: input.answer,
      ...(comment ? { comment } : {}),
      company: companyName,
    });
    await mailAgent(svc, tx, row, { answer: input.answer, comment, company: companyName }, now);
    return null;
  });
  const current = await toCandidate(svc, await svc.catalog(), await clientCandidate(svc, caller, id));
  return code === null ? { ok: true, value: current } : { ok: false, code, current };
}

async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
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
  const [agent] = await queryRows<{ email: string; language: string }>(
    tx,
    sql`select email, language from users where id = ${row.agent_id}`,
  );
  if (!agent) return;
  const ref = await agentRef(tx, row.agent_id);
  const [candidate] = await queryRows<{ name: string | null }>(
    tx,
    sql`select nullif(concat_ws(' ', "values" ->> 'first_name', "values" ->> 'last_name'), '') as name
        from profiles where id = ${row.profile_id}`,
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
