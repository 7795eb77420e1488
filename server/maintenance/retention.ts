import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { consumeEmailToken, newEmailToken, storeEmailToken } from '../account/email-tokens';
import { retentionNoticeMail } from '../account/mails';
import { removeAccount } from '../account/settings';
import { eraseRecord } from '../agents/erasure';
import { type Database, queryRows } from '../db/client';
import { isoTime } from '../db/dates';
import { IdRow, text, textOrNull, time, timeOrNull, uuid } from '../db/rows';
import { ApiError } from '../errors';
import type { Logger } from '../log';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import type { PhotoStorage } from '../profiles/photo-storage';
import { deletePhotoFiles } from '../profiles/photos';

/**
 * Retention (PRODUCT.md §8, DSGVO Art. 5 (1) e, Art. 17). A candidate or company account whose last
 * activity — the later of its registration, its last login, its last "keep my account" and the
 * last agent activity on it (see {@link agentActivity}) — lies `months` back is told by
 * e-mail 30 days ahead with a link that keeps it; 30 days after that notice, still without
 * activity, it is deleted with its profile or company and their timeline (decision 18: a timeline
 * goes with its record), so nothing of the person stays; what must outlive it for the agency — each
 * job's pipeline history, its moves and placements — stays anonymised (anonymisePipelineHistory).
 * Profiles agents keep without an account follow the same clock from their last agent activity, with
 * no one to notify. Idempotent and safe on several nodes at once: each step claims its rows.
 */

export const NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RetentionOptions {
  months: number;
  now: Date;
  /** Only say what would happen. */
  dryRun: boolean;
  /** Where the keep link points (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Photo files of deleted accounts go at once when given (else the hourly sweep takes them). */
  storage?: PhotoStorage | undefined;
  log?: Logger | undefined;
}

export interface RetentionItem {
  kind: 'account' | 'profile';
  /** The user id of an account, the profile id of a profile without one. */
  id: string;
  type: string;
  lastActivity: string;
  /** When it is (or was) due for deletion. */
  dueAt: string;
}

export interface RetentionReport {
  notices: RetentionItem[];
  deletions: RetentionItem[];
}

/** `date` moved by whole calendar months (UTC), as people count "24 months". */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/** An account as accountsSql reads it. */
const AccountRow = v.object({
  id: uuid,
  user_type: text,
  email: text,
  language: text,
  phone_number: textOrNull,
  pending_phone_number: textOrNull,
  retention_notice_at: timeOrNull,
  last_activity: time,
});
type AccountRow = v.InferOutput<typeof AccountRow>;

/** A profile without an account as profilesSql reads it. */
const ProfileRow = v.object({ id: uuid, type: text, last_activity: time });

/**
 * The newest agent activity on a timeline (PRODUCT.md §8, §10): every entry an agent wrote there —
 * notes, calls and mails logged by hand, and the events of what they did (edits, moves, cards sent,
 * blocks, …) — dated by when it happened (`at`, a call's own date). What the system wrote by itself
 * has no author and does not count. Each is one backward probe of the subject's `(…_id, at)` index
 * that stops at the newest entry with an author (those without are the few the system writes:
 * registered, e-mail confirmed, a company's own request or contact change), so the whole query reads
 * about one index entry per person; the `agent_actions` view it replaces matched `coalesce(profile_id,
 * company_id, job_id)`, which no index holds, and scanned the whole timeline for every account.
 */
const agentActivity = (column: 'profile_id' | 'company_id' | 'job_id', id: SQL) =>
  sql`(select max(t.at) from timeline_entries t
       where t.${sql.raw(column)} = ${id} and t.author_email is not null)`;

/**
 * Candidate and company accounts with their last activity (registration, login, keep, agent
 * activity). A company's includes what agents write on the jobs it is the client of (its requests
 * among them): sending it cards, moving candidates on them, logging mails to its contacts.
 */
const accountsSql = sql`
  select u.id, u.user_type, u.email, u.language, u.phone_number, u.pending_phone_number,
         u.retention_notice_at,
         greatest(u.created_at, u.last_login_at, u.retention_kept_at,
                  ${agentActivity('profile_id', sql`p.id`)},
                  ${agentActivity('company_id', sql`c.id`)},
                  (select max(${agentActivity('job_id', sql`j.id`)}) from jobs j where j.client_company_id = c.id)
         ) as last_activity
  from users u
  left join profiles p on p.user_id = u.id
  left join companies c on c.user_id = u.id
  where u.user_type in ('luna', 'stella', 'nova', 'company')`;

/** Profiles agents keep without an account, with their last activity (creation, agent activity). */
const profilesSql = sql`
  select p.id, p.type, greatest(p.created_at, ${agentActivity('profile_id', sql`p.id`)}) as last_activity
  from profiles p
  where p.user_id is null`;

/** When an account is due: `months` after its last activity, and never sooner than 30 days after its notice. */
function dueOf(lastActivity: Date, noticeAt: Date | null, months: number): Date {
  const byActivity = addMonths(lastActivity, months);
  if (!noticeAt || noticeAt < lastActivity) return byActivity;
  const byNotice = new Date(noticeAt.getTime() + NOTICE_DAYS * DAY_MS);
  return byNotice > byActivity ? byNotice : byActivity;
}

/** What retention does now (or would, with dryRun): notices to send and deletions due. */
export async function runRetention(db: Database, options: RetentionOptions): Promise<RetentionReport> {
  const { now, months } = options;
  const report: RetentionReport = { notices: [], deletions: [] };
  const noticeFrom = addMonths(new Date(now.getTime() + NOTICE_DAYS * DAY_MS), -months);
  const deleteFrom = addMonths(now, -months);

  const accounts = await queryRows(
    db,
    sql`select * from (${accountsSql}) a where a.last_activity <= ${noticeFrom.toISOString()}`,
    AccountRow,
  );
  for (const row of accounts) {
    const lastActivity = new Date(row.last_activity);
    const noticeAt = row.retention_notice_at ? new Date(row.retention_notice_at) : null;
    const noticed = noticeAt !== null && noticeAt >= lastActivity;
    const due = dueOf(lastActivity, noticed ? noticeAt : null, months);
    const item: RetentionItem = {
      kind: 'account',
      id: row.id,
      type: row.user_type,
      lastActivity: isoTime(lastActivity),
      dueAt: isoTime(noticed ? due : new Date(Math.max(due.getTime(), now.getTime() + NOTICE_DAYS * DAY_MS))),
    };
    if (!noticed) {
      report.notices.push(item);
      if (!options.dryRun) await sendNotice(db, row, lastActivity, options);
    } else if (lastActivity <= deleteFrom && due <= now) {
      report.deletions.push(item);
      if (!options.dryRun) await deleteAccount(db, row, lastActivity, options);
    }
  }

  const profiles = await queryRows(
    db,
    sql`select * from (${profilesSql}) p where p.last_activity <= ${deleteFrom.toISOString()}`,
    ProfileRow,
  );
  for (const row of profiles) {
    const lastActivity = new Date(row.last_activity);
    report.deletions.push({
      kind: 'profile',
      id: row.id,
      type: row.type,
      lastActivity: isoTime(lastActivity),
      dueAt: isoTime(addMonths(lastActivity, months)),
    });
    if (!options.dryRun) await deleteProfile(db, row.id, lastActivity, now);
  }
  options.log?.info(
    { notices: report.notices.length, deletions: report.deletions.length, dryRun: options.dryRun },
    'retention done',
  );
  return report;
}

/** Claims the notice (one node wins), stores a keep token and queues the mail in the owner's language. */
async function sendNotice(db: Database, row: AccountRow, lastActivity: Date, options: RetentionOptions) {
  const { now } = options;
  await db.transaction(async (tx) => {
    const [claimed] = await queryRows(
      tx,
      sql`update users set retention_notice_at = ${now.toISOString()}
          where id = ${row.id}
            and (retention_notice_at is null or retention_notice_at < ${lastActivity.toISOString()})
          returning id`,
      IdRow,
    );
    if (!claimed) return;
    const token = await storeEmailToken(tx, row.id, 'keep', newEmailToken(), now);
    const link = `${options.publicOrigin}/keep-account?token=${encodeURIComponent(token)}`;
    const deletionDay = new Date(now.getTime() + NOTICE_DAYS * DAY_MS);
    const mail = retentionNoticeMail(languageOf(row.language), link, deletionDay);
    await queueMessage(tx, { kind: 'mail', userId: row.id, to: row.email, ...mail }, now);
  });
}

async function deleteAccount(db: Database, row: AccountRow, lastActivity: Date, options: RetentionOptions) {
  const { now } = options;
  const photoId = await db.transaction(async (tx) => {
    // Still inactive, still noticed: a login or a keep meanwhile moved its last activity.
    const [still] = await queryRows(
      tx,
      sql`select a.id from (${accountsSql}) a
          where a.id = ${row.id} and a.last_activity <= ${lastActivity.toISOString()}
            and a.retention_notice_at is not null`,
      IdRow,
    );
    if (!still) return undefined;
    await tx.execute(sql`select id from users where id = ${row.id} for update`);
    return (
      (await removeAccount(
        tx,
        {
          id: row.id,
          email: row.email,
          phoneNumber: row.phone_number,
          pendingPhoneNumber: row.pending_phone_number,
          language: row.language,
        },
        now,
      )) ?? null
    );
  });
  if (photoId && options.storage) await deletePhotoFiles(options.storage, photoId, options.log);
}

async function deleteProfile(db: Database, id: string, lastActivity: Date, now: Date) {
  await db.transaction(async (tx) => {
    const [still] = await queryRows(
      tx,
      sql`select p.id from (${profilesSql}) p where p.id = ${id} and p.last_activity <= ${lastActivity.toISOString()}`,
      IdRow,
    );
    if (!still) return;
    // The one erasure of a record (the agency's deletion and `profile:delete` use it too).
    await eraseRecord(tx, 'profile', id, now);
  });
}

/** Deletions due within the next 30 days, soonest first (the agents' dashboard). */
export async function deletionsDue(
  db: Database,
  months: number,
  now: Date,
  limit = 20,
): Promise<{ total: number; items: RetentionItem[] }> {
  const horizon = new Date(now.getTime() + NOTICE_DAYS * DAY_MS);
  const from = addMonths(horizon, -months);
  const accounts = await queryRows(
    db,
    sql`select * from (${accountsSql}) a where a.last_activity <= ${from.toISOString()}`,
    AccountRow,
  );
  const profiles = await queryRows(
    db,
    sql`select * from (${profilesSql}) p where p.last_activity <= ${from.toISOString()}`,
    ProfileRow,
  );
  const items: RetentionItem[] = [
    ...accounts.map((row): RetentionItem => {
      const lastActivity = new Date(row.last_activity);
      const noticeAt = row.retention_notice_at ? new Date(row.retention_notice_at) : null;
      const noticed = noticeAt !== null && noticeAt >= lastActivity;
      const due = dueOf(lastActivity, noticed ? noticeAt : null, months);
      // Not noticed yet: the notice goes out at the next run, and deletion 30 days after it.
      const dueAt = noticed ? due : new Date(Math.max(due.getTime(), now.getTime() + NOTICE_DAYS * DAY_MS));
      return {
        kind: 'account',
        id: row.id,
        type: row.user_type,
        lastActivity: isoTime(lastActivity),
        dueAt: isoTime(dueAt),
      };
    }),
    ...profiles.map(
      (row): RetentionItem => ({
        kind: 'profile',
        id: row.id,
        type: row.type,
        lastActivity: row.last_activity,
        dueAt: isoTime(addMonths(new Date(row.last_activity), months)),
      }),
    ),
  ].filter((item) => new Date(item.dueAt) <= horizon);
  items.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id));
  return { total: items.length, items: items.slice(0, limit) };
}

export interface RetentionJob {
  stop(): Promise<void>;
}

/** Runs retention a minute after start and then daily, until stopped (every node may; each step claims its rows). */
export function startRetention(
  db: Database,
  options: Omit<RetentionOptions, 'now' | 'dryRun'>,
  clock: () => Date = () => new Date(),
  intervalMs = DAY_MS,
  firstDelayMs = 60_000,
): RetentionJob {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runRetention(db, { ...options, now: clock(), dryRun: false }).catch((error) =>
      options.log?.warn({ err: error }, 'retention failed; it runs again tomorrow'),
    );
  };
  const first = setTimeout(run, firstDelayMs);
  first.unref();
  const timer = setInterval(() => {
    void running.then(run);
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running.catch(() => {});
    },
  };
}

/**
 * POST /api/public/retention/keep: the notice's link keeps the account. Uses the token up, and the
 * account's last activity becomes now (a new notice would come `months` later). 400
 * `keep.invalid_token` for a used, expired or unknown token (the account may be gone already).
 */
export async function keepAccount(db: Database, token: string, now: Date): Promise<void> {
  const userId = await consumeEmailToken(db, { purpose: 'keep', token, now });
  if (!userId)
    throw new ApiError(400, 'keep.invalid_token', 'This keep link is not valid', {
      token: ['keep.invalid_token'],
    });
  await db.execute(sql`update users set retention_kept_at = ${now.toISOString()} where id = ${userId}`);
}
