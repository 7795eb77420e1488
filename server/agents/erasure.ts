import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isSeniorAgentType } from '../../contract/agent';
import {
  confirmsRecord,
  type ErasureKind,
  type ErasurePreview,
  type ErasureReason,
} from '../../contract/erasure';
import { removeAccount } from '../account/settings';
import type { Caller } from '../auth/caller';
import type { RevocationCache } from '../auth/revocations';
import { endContactLogins } from '../clients/contact-logins';
import { type Database, queryRows } from '../db/client';
import { bool, int, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { erasures } from '../db/schema/erasures';
import { ApiError } from '../errors';
import type { Logger } from '../log';
import { anonymisePipelineHistory } from '../pipeline/anonymise';
import type { PhotoStorage } from '../profiles/photo-storage';
import { deletePhotoFiles } from '../profiles/photos';
import { companyNotFound, profileNotFound } from './access';

/**
 * Erasing a candidate or a company (issue 42, PRODUCT.md §8, §11, DSGVO Art. 17). `eraseRecord` is
 * the one erasure: a record with an account goes as the person's own deletion does (removeAccount:
 * account, sessions by the deletion's trigger, profile, photo row, tokens, queued messages), one
 * without an account as retention's profiles do; each job's pipeline history of a candidate stays,
 * anonymised (anonymisePipelineHistory). `erase` is the agency's way to it — an agent's call or an
 * operator's `profile:delete` — with its checks, and records the deletion without personal data.
 */

/** The record kinds of the agent workspace: a candidate's `profile` or a `company`. */
export type RecordKind = 'profile' | 'company';

const KIND: Record<RecordKind, ErasureKind> = { profile: 'candidate', company: 'company' };

const RecordRow = v.object({
  id: uuid,
  user_id: uuidOrNull,
  assigned_agent_id: uuidOrNull,
  name: text,
  /** The account's e-mail, else the contact e-mail an agent entered. */
  email: textOrNull,
  account_email: textOrNull,
  phone_number: textOrNull,
  pending_phone_number: textOrNull,
  language: textOrNull,
});
type RecordRow = v.InferOutput<typeof RecordRow>;
const PreviewCountsRow = v.object({ photo: bool, pipeline: int, timeline: int, contacts: int, jobs: int });
const ActiveJobRow = v.object({ uuid: uuid, title: text });
const FoundRow = v.object({ kind: v.picklist(['profile', 'company']), id: uuid });

const NAME = {
  profile: sql`trim(concat_ws(' ', r."values" ->> 'first_name', r."values" ->> 'last_name'))`,
  company: sql`coalesce(trim(r."values" ->> 'name'), '')`,
} as const;
const TABLE = { profile: sql`profiles`, company: sql`companies` } as const;

async function recordRow(db: Database, kind: RecordKind, id: string, lock: boolean): Promise<RecordRow> {
  const [row] = await queryRows(
    db,
    sql`select r.id, r.user_id, r.assigned_agent_id, ${NAME[kind]} as name,
               coalesce(u.email, r.contact_email) as email, u.email as account_email,
               u.phone_number, u.pending_phone_number, u.language
        from ${TABLE[kind]} r left join users u on u.id = r.user_id
        where r.id = ${id} ${lock ? sql`for update of r` : sql``}`,
    RecordRow,
  );
  if (!row) throw kind === 'profile' ? profileNotFound() : companyNotFound();
  return row;
}

/** What erasing the record takes: the dialog's and the CLI's list. */
async function previewOf(db: Database, kind: RecordKind, row: RecordRow): Promise<ErasurePreview> {
  const [counts] = await queryRows(
    db,
    sql`select exists (select 1 from photos where user_id = ${row.user_id}) as photo,
          (select count(*)::int from pipeline_entries where profile_id = ${kind === 'profile' ? row.id : null}) as pipeline,
          (select count(*)::int from timeline_entries
            where ${kind === 'profile' ? sql`profile_id` : sql`company_id`} = ${row.id}) as timeline,
          (select count(*)::int from company_contacts where company_id = ${kind === 'company' ? row.id : null}) as contacts,
          (select count(*)::int from jobs where client_company_id = ${kind === 'company' ? row.id : null}) as jobs`,
    PreviewCountsRow,
  );
  const activeJobs =
    kind === 'company'
      ? await queryRows(
          db,
          sql`select id as uuid, coalesce("values" ->> 'title', '') as title from jobs
              where client_company_id = ${row.id} and status = 'active' order by title, id`,
          ActiveJobRow,
        )
      : [];
  return {
    kind: KIND[kind],
    uuid: row.id,
    name: row.name,
    email: row.email,
    account: row.user_id !== null,
    photo: counts?.photo === true,
    pipelineEntries: counts?.pipeline ?? 0,
    timelineEntries: counts?.timeline ?? 0,
    contacts: counts?.contacts ?? 0,
    jobs: counts?.jobs ?? 0,
    activeJobs,
  };
}

/**
 * Inside a transaction, the one erasure of a candidate (`profile`) or company record: with an account,
 * removeAccount (the person's own deletion, which takes the record with it); without one, the record
 * itself, after anonymising a candidate's pipeline history. Messages still queued to the record's
 * contact e-mail or a company's contacts go too. Answers what must go after the commit: the photo's
 * files and the account whose tokens this node refuses at once.
 */
export async function eraseRecord(
  tx: Database,
  kind: RecordKind,
  id: string,
  now: Date,
): Promise<{ photoId?: string; userId?: string; contactLogins?: string[] }> {
  const row = await recordRow(tx, kind, id, true);
  // A company's contacts' logins end with it (decision 0031).
  const contactLogins = kind === 'company' ? await endContactLogins(tx, sql`company_id = ${id}`) : [];
  await tx.execute(
    sql`delete from outbox where recipient in (
          select contact_email from ${TABLE[kind]} where id = ${id} and contact_email is not null
          union all select email from company_contacts where company_id = ${kind === 'company' ? id : null} and email is not null
          union all select phone from company_contacts where company_id = ${kind === 'company' ? id : null} and phone is not null)`,
  );
  if (row.user_id && row.account_email) {
    const photoId = await removeAccount(
      tx,
      {
        id: row.user_id,
        email: row.account_email,
        phoneNumber: row.phone_number,
        pendingPhoneNumber: row.pending_phone_number,
        language: row.language ?? 'de',
      },
      now,
    );
    return { userId: row.user_id, contactLogins, ...(photoId ? { photoId } : {}) };
  }
  if (kind === 'profile') await anonymisePipelineHistory(tx, sql`select ${id}::text`);
  await tx.execute(sql`delete from ${TABLE[kind]} where id = ${id}`);
  return { contactLogins };
}

/**
 * The records an operator's `profile:delete` names: by uuid (a candidate's or a company's; the command
 * checked it is one), or by e-mail — an account's address or the contact e-mail an agent entered, without regard to case.
 */
export async function findRecords(
  db: Database,
  by: { uuid: string } | { email: string },
): Promise<{ kind: RecordKind; id: string }[]> {
  const match =
    'uuid' in by
      ? sql`r.id = ${by.uuid}`
      : sql`${by.email.trim().toLowerCase()} in (lower(u.email), lower(r.contact_email))`;
  return queryRows(
    db,
    sql`select 'profile' as kind, r.id from profiles r left join users u on u.id = r.user_id where ${match}
        union all
        select 'company' as kind, r.id from companies r left join users u on u.id = r.user_id where ${match}
        order by kind, id`,
    FoundRow,
  );
}

/** Who deletes: an agent (checked: senior, or looking after the record) or an operator's command. */
export type Eraser = { agent: Caller } | { operator: true };

/** What runs after the commit: the photo's files, this node's token check, the log. */
export interface ErasureEffects {
  storage?: PhotoStorage | undefined;
  revocations?: RevocationCache | undefined;
  log?: Logger | undefined;
}

/** Senior agents delete anyone; an agent only what is assigned to them (PRODUCT.md §11). */
function assertMayErase(caller: Caller, row: RecordRow): void {
  if (isSeniorAgentType(caller.userType) || row.assigned_agent_id === caller.userId) return;
  throw new ApiError(
    403,
    'erasure.not_assigned',
    'Only the agent who looks after this record, or a senior agent, deletes it',
  );
}

/** The confirmation names the record: its name or its e-mail, as the preview shows them. */
function assertConfirmed(row: RecordRow, confirm: string): void {
  if (confirmsRecord(row, confirm)) return;
  throw new ApiError(400, 'erasure.confirm_mismatch', 'The confirmation does not name this record', {
    confirm: ['erasure.confirm_mismatch'],
  });
}

const activeJobsRefused = (titles: string[]) =>
  new ApiError(
    409,
    'erasure.active_jobs',
    `The company is the client of ${titles.length} active job(s): archive them first`,
  );

/** GET …/erase: what deleting the record would take (the same checks of who may as the deletion). */
export async function erasurePreview(
  db: Database,
  eraser: Eraser,
  kind: RecordKind,
  id: string,
): Promise<ErasurePreview> {
  const row = await recordRow(db, kind, id, false);
  if ('agent' in eraser) assertMayErase(eraser.agent, row);
  return previewOf(db, kind, row);
}

/**
 * POST …/erase and `profile:delete`: erases the record in one transaction (eraseRecord) and records
 * the deletion — by whom, when, the kind and the reason's category, nothing of the person. An agent
 * must be allowed to and confirm with the record's name or e-mail; a company that is the client of
 * active jobs is refused until they are archived. Answers what went.
 */
export async function erase(
  db: Database,
  eraser: Eraser,
  kind: RecordKind,
  id: string,
  input: { reason: ErasureReason; confirm?: string | undefined },
  now: Date,
  effects: ErasureEffects = {},
): Promise<ErasurePreview> {
  const { preview, gone } = await db.transaction(async (tx) => {
    const row = await recordRow(tx, kind, id, true);
    if ('agent' in eraser) {
      assertMayErase(eraser.agent, row);
      assertConfirmed(row, input.confirm ?? '');
    }
    const preview = await previewOf(tx, kind, row);
    if (preview.activeJobs.length > 0) throw activeJobsRefused(preview.activeJobs.map((job) => job.title));
    const gone = await eraseRecord(tx, kind, id, now);
    const agentId = 'agent' in eraser ? eraser.agent.userId : null;
    await tx.insert(erasures).values({
      at: now,
      kind: KIND[kind],
      reason: input.reason,
      by: agentId ? 'agent' : 'operator',
      agentId,
    });
    return { preview, gone };
  });
  // This node refuses the account's tokens at once; the others learn it from the row the
  // deletion's trigger wrote (session_revocations) within seconds.
  if (gone.userId) effects.revocations?.noteUser(gone.userId);
  for (const userId of gone.contactLogins ?? []) effects.revocations?.noteUser(userId);
  if (gone.photoId && effects.storage) await deletePhotoFiles(effects.storage, gone.photoId, effects.log);
  effects.log?.info({ kind: KIND[kind], reason: input.reason }, 'record erased');
  return preview;
}
