import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type CardKind, cardAccess } from '../../contract/cards';
import type { Catalog } from '../../contract/catalog';
import { CONTACT_LANGUAGES, CONTACT_SALUTATIONS } from '../../contract/client';
import {
  DUPLICATE_SEND_WINDOW_MS,
  SendErrorCode,
  type SendPreview,
  type SendRequest,
  type SendResult,
} from '../../contract/submissions';
import type { Language } from '../../contract/user-types';
import { profileNotFound } from '../agents/access';
import { recordAccess, recordAction } from '../agents/audit';
import { agentRef } from '../agents/team';
import { assertAgent, type Caller } from '../auth/caller';
import {
  type CardProfile,
  CardProfileRow,
  candidateCardPdf,
  cardFileName,
  referenceNumber,
} from '../cards/candidate-card';
import { contactNotFound } from '../clients/contacts';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { bool, CountRow, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { cardSends, pipelineEntries } from '../db/schema/pipeline';
import { ApiError } from '../errors';
import { jobNotFound } from '../jobs/access';
import { type Attachment, queueMessage } from '../messaging/outbox';
import type { PhotoStorage } from '../profiles/photo-storage';
import { type Addressee, sendTexts } from './send-texts';

/**
 * Sending candidates to a job's client (issue 21, contract/submissions.ts): one mail to a contact of the
 * job's client company, in the contact's language, one card per candidate attached. Everything is
 * checked and every card rendered before anything is written; then the mail (with its attachments),
 * the timeline entries and the access log go in one transaction, so a failing card or a refused
 * candidate leaves nothing behind.
 */

/**
 * Called inside the sending transaction after the mail is queued, with the job, the candidates sent
 * and those of them sent with the full card: the hook where the pipeline moves their entries to
 * `submitted` and records the card the client got (issue 21). A refusal thrown here rolls the whole
 * send back.
 */
export type AfterSent = (
  tx: Database,
  caller: Caller,
  jobId: string,
  profileIds: string[],
  full: string[],
  to: SentTo,
) => Promise<void>;

/** Where a send went: the job's client company and the contact mailed. */
export interface SentTo {
  company: string;
  contact: string;
}

export interface SendServices {
  db: Database;
  storage: PhotoStorage;
  catalog: () => Promise<Catalog>;
  agency: AgencyConfig;
  /** The public origin the mail's links start with (never the request's Host header). */
  publicOrigin: string;
  now: () => Date;
  /** The pipeline's hook (default: nothing to do). */
  afterSent?: AfterSent;
}

interface SendContext {
  job: { id: string; title: string; client: string };
  contact: Addressee & { id: string; email: string; language: Language };
  profiles: (CardProfile & { consented: boolean; card: CardKind })[];
  /** The agent's personal line (validated by SendRequestSchema), or ''. */
  note: string;
}

const lower = (value: string) => value.toLowerCase();

const JobRow = v.object({ id: uuid, title: textOrNull, client: uuidOrNull });
/** The contact mailed: what the salutation needs, the address and the language. */
const ContactRow = v.object({
  id: uuid,
  name: text,
  salutation: v.picklist(CONTACT_SALUTATIONS),
  title: text,
  firstName: text,
  lastName: text,
  email: textOrNull,
  language: v.picklist(CONTACT_LANGUAGES),
});
const SentProfileRow = v.object({ ...CardProfileRow.entries, consented: bool });

/** Checks the request against the job, its client's contacts and the candidates' consent. */
async function sendContext(
  db: Database,
  caller: Caller,
  jobId: string,
  input: SendRequest,
): Promise<SendContext> {
  assertAgent(caller);
  const [job] = await queryRows(
    db,
    sql`select id, "values" ->> 'title' as title, client_company_id as client from jobs where id = ${jobId}`,
    JobRow,
  );
  if (!job) throw jobNotFound();
  if (!job.client)
    throw new ApiError(409, SendErrorCode.noClient, 'The job has no client company to send candidates to');
  const [contact] = await queryRows(
    db,
    sql`select id, name, salutation, title, first_name as "firstName", last_name as "lastName", email, language
        from company_contacts
        where id = ${lower(input.contact)} and company_id = ${job.client}`,
    ContactRow,
  );
  if (!contact) throw contactNotFound();
  if (!contact.email)
    throw new ApiError(409, SendErrorCode.contactNoEmail, 'The contact has no e-mail address');

  const ids = input.candidates.map(lower);
  const rows = await queryRows(
    db,
    sql`select id, user_id, type, "values", contact_email, presented_by_name_at is not null as consented
        from profiles where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    SentProfileRow,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw profileNotFound();
  const elsewhere = await db
    .select({ id: pipelineEntries.id })
    .from(pipelineEntries)
    .where(
      and(
        eq(pipelineEntries.jobId, job.id),
        inArray(pipelineEntries.profileId, ids),
        isNotNull(pipelineEntries.submittedCompanyId),
        ne(pipelineEntries.submittedCompanyId, job.client),
      ),
    );
  if (elsewhere.length > 0) throw sentToOtherClient();
  const full = new Set((input.full ?? []).map(lower));
  const refused = [...full].filter((id) => !byId.get(id)?.consented);
  if (refused.length > 0) throw consentMissing();
  return {
    job: { id: job.id, title: job.title ?? '', client: job.client },
    contact: { ...contact, email: contact.email },
    // Line breaks as the mail writes them, whatever the browser sent (\r\n, \r).
    note: (input.note ?? '').replace(/\r\n?/g, '\n'),
    profiles: ids.map((id) => {
      const row = byId.get(id)!;
      return { ...row, card: full.has(id) ? ('full' as const) : ('anonymised' as const) };
    }),
  };
}

/** Refused whole: a candidate of the send went to another company for this job (issue 41). */
export const sentToOtherClient = () =>
  new ApiError(
    409,
    SendErrorCode.sentToOtherClient,
    'A candidate was sent to another client company for this job before',
    { candidates: [SendErrorCode.sentToOtherClient] },
  );

const duplicateSend = () =>
  new ApiError(
    409,
    SendErrorCode.duplicate,
    'The same cards went to the same contact for this job a moment ago: nothing was sent again',
  );

/**
 * What a send sends, as one value: the contact, the candidates and which went by name, in any order
 * and case. Two sends with the same fingerprint are the same send.
 */
function sendFingerprint(ctx: SendContext): string {
  const ids = (card: CardKind | undefined) =>
    ctx.profiles
      .filter((p) => card === undefined || p.card === card)
      .map((p) => p.id.toLowerCase())
      .sort();
  return createHash('sha256')
    .update(JSON.stringify([ctx.contact.id.toLowerCase(), ids(undefined), ids('full')]))
    .digest('base64url');
}

const consentMissing = () =>
  new ApiError(409, SendErrorCode.consentMissing, 'A full card needs the candidate’s consent to be named', {
    full: [SendErrorCode.consentMissing],
  });

/** The page where the company answers about the job's candidates, and the link to one card's answer. */
export function answerLinks(publicOrigin: string, jobId: string) {
  const page = `${publicOrigin.replace(/\/+$/, '')}/clientCandidates/${jobId}`;
  return { page, card: (reference: string) => `${page}?card=${encodeURIComponent(reference)}` };
}

/**
 * The mail's words in the contact's language: the formal salutation, the personal line, and per card its
 * line (the full card's names the person) with the link to its answer.
 */
async function composeMail(
  db: Database,
  caller: Caller,
  svc: Pick<SendServices, 'agency' | 'publicOrigin'>,
  ctx: SendContext,
): Promise<SendPreview> {
  const language = ctx.contact.language;
  const t = sendTexts[language];
  const agent = await agentRef(db, caller.userId);
  const attachments = ctx.profiles.map((p) => ({
    candidate: p.id,
    card: p.card,
    fileName: cardFileName(p, p.card, language),
  }));
  const links = answerLinks(svc.publicOrigin, ctx.job.id);
  const cards = ctx.profiles.map((p) => {
    const name = [p.values.first_name, p.values.last_name]
      .filter((s) => typeof s === 'string' && s)
      .join(' ');
    const reference = referenceNumber(p.id);
    const line =
      p.card === 'full'
        ? `- ${name ? `${name} (${reference})` : reference}`
        : `- ${reference} (${t.anonymised})`;
    return { line, link: links.card(reference) };
  });
  return {
    to: { name: ctx.contact.name, email: ctx.contact.email },
    language,
    subject: t.subject(ctx.job.title, ctx.profiles.length),
    text: t.body({
      contact: ctx.contact,
      job: ctx.job.title,
      count: ctx.profiles.length,
      cards,
      page: links.page,
      note: ctx.note,
      agent: agent?.name ?? agent?.email ?? '',
      agency: svc.agency,
    }),
    attachments,
  };
}

/** POST /api/job/{uuid}/send/preview: the mail as it would go out; nothing is rendered or written. */
export async function previewSend(
  svc: SendServices,
  caller: Caller,
  jobId: string,
  input: SendRequest,
): Promise<SendPreview> {
  const ctx = await sendContext(svc.db, caller, jobId, input);
  return composeMail(svc.db, caller, svc, ctx);
}

/**
 * POST /api/job/{uuid}/send: renders every card in the contact's language, then in one transaction
 * re-checks the consents (one withdrawn meanwhile refuses the send), queues the one mail with the
 * cards attached, records `card.sent` on each candidate's timeline and on the job's (with the personal
 * line, if any), logs each card as read and calls `afterSent`.
 */
export async function sendToClient(
  svc: SendServices,
  caller: Caller,
  jobId: string,
  input: SendRequest,
): Promise<SendResult> {
  const { db } = svc;
  const ctx = await sendContext(db, caller, jobId, input);
  const mail = await composeMail(db, caller, svc, ctx);
  const catalog = await svc.catalog();
  const attachments: Attachment[] = [];
  for (const [i, p] of ctx.profiles.entries())
    attachments.push({
      fileName: mail.attachments[i]?.fileName ?? `${referenceNumber(p.id)}.pdf`,
      contentType: 'application/pdf',
      content: await candidateCardPdf(db, svc.storage, catalog, svc.agency, p, p.card, ctx.contact.language),
    });
  const now = svc.now();
  const ids = ctx.profiles.map((p) => p.id);
  const fullIds = ctx.profiles.filter((p) => p.card === 'full').map((p) => p.id);
  await db.transaction(async (tx) => {
    // The job's client as it is now, held until the send commits: a client changed since the checks
    // refuses the send, and a change waits for it (server/jobs/jobs.ts counts what went to the client).
    // Held exclusively (not `for share`): a second send of the job waits here for this one to commit,
    // then finds it in card_sends. FOR NO KEY UPDATE leaves new rows that refer to the job unblocked.
    const [held] = await tx
      .select({ client: jobs.clientCompanyId })
      .from(jobs)
      .where(eq(jobs.id, ctx.job.id))
      .for('no key update');
    if (!held || held.client !== ctx.job.client)
      throw new ApiError(409, SendErrorCode.clientChanged, 'The job’s client changed: nothing was sent');
    // Two clicks, a retry after a lost answer, two tabs (issue 41): the same send within the window
    // goes out once. Older rows of the job are no longer needed.
    const fingerprint = sendFingerprint(ctx);
    const since = new Date(now.getTime() - DUPLICATE_SEND_WINDOW_MS);
    await tx.delete(cardSends).where(and(eq(cardSends.jobId, ctx.job.id), lt(cardSends.sentAt, since)));
    const [earlier] = await tx
      .select({ id: cardSends.id })
      .from(cardSends)
      .where(and(eq(cardSends.jobId, ctx.job.id), eq(cardSends.fingerprint, fingerprint)))
      .limit(1);
    if (earlier) throw duplicateSend();
    await tx
      .insert(cardSends)
      .values({ id: randomUUID(), jobId: ctx.job.id, fingerprint, sentBy: caller.userId, sentAt: now });
    if (fullIds.length > 0) {
      const [consented] = await queryRows(
        tx,
        sql`select count(*) as n from (select id from profiles
              where id = any(${`{${fullIds.join(',')}}`}::uuid[]) and presented_by_name_at is not null
              for share) consented`,
        CountRow,
      );
      if (consented?.n !== fullIds.length) throw consentMissing();
    }
    await queueMessage(
      tx,
      {
        kind: 'mail',
        userId: null,
        to: ctx.contact.email,
        subject: mail.subject,
        text: mail.text,
        attachments,
      },
      now,
    );
    for (const p of ctx.profiles) {
      await recordAction(tx, caller, { kind: 'profile', id: p.id }, 'card.sent', {
        format: p.card,
        job: ctx.job.id,
        jobTitle: ctx.job.title,
        contact: ctx.contact.name,
        ...(ctx.note ? { note: ctx.note } : {}),
      });
      await recordAccess(tx, caller, p.id, cardAccess(p.card), ctx.job.id);
    }
    await recordAction(tx, caller, { kind: 'job', id: ctx.job.id }, 'card.sent', {
      contact: ctx.contact.name,
      count: ids.length,
      references: ctx.profiles.map((p) => referenceNumber(p.id)),
      // What the mail said besides the cards (issue 42): the timeline shows the personal line sent; the
      // candidates it went with, so that deleting one of them removes it (server/pipeline/anonymise.ts).
      ...(ctx.note ? { note: ctx.note, profiles: ids } : {}),
    });
    await (svc.afterSent ?? noPipeline)(tx, caller, ctx.job.id, ids, fullIds, {
      company: ctx.job.client,
      contact: ctx.contact.id,
    });
  });
  return { ...mail, sentAt: now.toISOString() };
}

/** The default `afterSent` of a bare service (tests): a send moves nothing; the app passes the pipeline's. */
const noPipeline: AfterSent = async () => {};
