import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isUuid } from '../../contract/agent';
import { CARD_KINDS } from '../../contract/cards';
import type { Catalog } from '../../contract/catalog';
import { JOB_STATUSES } from '../../contract/list-filters';
import { CLIENT_ANSWER_UNDO_MS, clientUndoAllowed } from '../../contract/pipeline';
import {
  CLIENT_ANSWERS,
  type ClientCard,
  type ClientJobs,
  type JobSubmissions,
  type Submission,
} from '../../contract/submissions';
import type { Language } from '../../contract/user-types';
import { type Caller, forbidden, isCompany } from '../auth/caller';
import {
  CardProfileRow,
  candidateCardContent,
  candidateCardPdf,
  referenceNumber,
} from '../cards/candidate-card';
import { callerCompanies } from '../clients/caller-company';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { int, text, textOrNull, time, timeOrNull, uuid } from '../db/rows';
import { jobNotFound } from '../jobs/access';
import { entryNotFound } from '../pipeline/change';
import type { PhotoStorage } from '../profiles/photo-storage';

/**
 * What the client sees of its submissions (issue 21, PRODUCT.md §10): sending records the card and
 * the company per entry (submit.ts `submitSent`, the send's `afterSent` hook); a company sees the
 * entries sent to it, whatever the job's client is later (issue 41) — the same card, never a score,
 * never an entry not sent — and answers them (answers.ts). Another company's job or entry answers 404.
 */

export interface SubmissionServices {
  db: Database;
  storage: PhotoStorage;
  catalog: () => Promise<Catalog>;
  agency: AgencyConfig;
  /** Where the agent's mail links to. */
  publicOrigin: string;
  now: () => Date;
}

export function assertCompany(caller: Caller): void {
  if (!isCompany(caller) || caller.registrationStep !== 0) throw forbidden();
}

/** The calling company's record (its main login's or its contact's: server/clients/caller-company.ts). */
const OWN_COMPANIES = callerCompanies;

/**
 * An entry the calling company got: sent (or presented) to one of its records (issue 41). Not "an
 * entry of a job it is the client of now": a job's client may change, and what went to the old client
 * stays the old client's.
 */
export const SENT_TO_CALLER = (caller: Caller) =>
  sql`(e.submitted_at is not null and e.submitted_company_id in ${OWN_COMPANIES(caller)})`;

/**
 * The jobs the calling company sees: those it is the client of (its company record's, its own
 * requests) and those with a candidate sent to it.
 */
const OWN_JOB = (caller: Caller) =>
  sql`(j.client_company_id in ${OWN_COMPANIES(caller)} or j.company_user_id = ${caller.userId}
       or exists (select 1 from pipeline_entries e where e.job_id = j.id and ${SENT_TO_CALLER(caller)}))`;

export const TITLE = sql`coalesce(j."values" ->> 'title', '')`;
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
  submitted_card: v.picklist(CARD_KINDS),
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

export async function toSubmission(
  svc: SubmissionServices,
  catalog: Catalog,
  row: SentRow,
  now: Date,
): Promise<Submission> {
  const card = async (language: Language): Promise<ClientCard> => {
    const content = await candidateCardContent(
      svc.db,
      catalog,
      svc.agency,
      row,
      row.submitted_card,
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

/** GET /api/client/job/{uuid}/submissions: the candidates sent to the company for one of its jobs. */
export async function jobSubmissions(
  svc: SubmissionServices,
  caller: Caller,
  jobId: string,
): Promise<JobSubmissions> {
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
  const items: Submission[] = [];
  for (const row of rows) items.push(await toSubmission(svc, catalog, row, svc.now()));
  return { job: { uuid: job.id, title: job.title, status: job.status }, items };
}

/** One entry sent to the calling company, as it sees it; 404 for any other. */
export async function sentSubmission(svc: SubmissionServices, caller: Caller, entryId: string) {
  if (!isUuid(entryId)) throw entryNotFound();
  const [row] = await sentEntries(svc.db, caller, sql`e.id = ${entryId.toLowerCase()}`);
  if (!row) throw entryNotFound();
  return row;
}

/** GET /api/client/submission/{entry}/card: the card the company got, as PDF in the caller's language. */
export async function submissionCardPdf(
  svc: SubmissionServices,
  caller: Caller,
  entryId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  assertCompany(caller);
  const row = await sentSubmission(svc, caller, entryId);
  const pdf = await candidateCardPdf(
    svc.db,
    svc.storage,
    await svc.catalog(),
    svc.agency,
    row,
    row.submitted_card,
    caller.language,
  );
  return { pdf, fileName: `${referenceNumber(row.id)}.pdf` };
}
