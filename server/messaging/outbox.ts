import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Database, queryRows } from '../db/client';
import { int, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { outbox, outboxAttachments } from '../db/schema/auth';
import type { Logger } from '../log';
import { redactSecrets } from './redact';

/** A file attached to a mail (the cards sent to a client). */
export interface Attachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  kind: 'mail' | 'sms';
  userId: string | null;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** Mails only; kept in outbox_attachments in this order. */
  attachments?: Attachment[];
}

/** A message the outbox hands to a transport: `id` is its outbox row, what a log line names it by. */
export interface QueuedMessage extends OutgoingMessage {
  id: string;
}

/** A way out for messages; the default (the outbox itself) only logs. */
export interface Transport {
  send(message: QueuedMessage): Promise<void>;
  /**
   * True only for the development outbox, whose copy is the message people read (/dev/outbox).
   * Any other transport hands the message on: the stored copy then loses its links and codes.
   */
  readonly keepsText?: boolean;
}

/**
 * Queues a message (with its attachments, in the caller's transaction when it has one); it goes out
 * through the worker, so a slow transport never slows a request. Answers the outbox row's id.
 */
export async function queueMessage(db: Database, message: OutgoingMessage, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(outbox).values({
    id,
    kind: message.kind,
    userId: message.userId,
    recipient: message.to,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
    createdAt: now,
    nextAttemptAt: now,
  });
  const attachments = message.attachments ?? [];
  if (attachments.length > 0)
    await db.insert(outboxAttachments).values(
      attachments.map((a, position) => ({
        outboxId: id,
        position,
        fileName: a.fileName,
        contentType: a.contentType,
        content: a.content,
      })),
    );
  return id;
}

/** The attachments of outbox messages by message id, in their order (`withContent` for sending). */
async function attachmentsOf(db: Database, ids: string[], withContent: boolean) {
  const byMessage = new Map<
    string,
    { fileName: string; contentType: string; size: number; content?: Buffer }[]
  >();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .select({
      outboxId: outboxAttachments.outboxId,
      fileName: outboxAttachments.fileName,
      contentType: outboxAttachments.contentType,
      size: sql<number>`octet_length(${outboxAttachments.content})`,
      ...(withContent ? { content: outboxAttachments.content } : {}),
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, ids))
    .orderBy(outboxAttachments.outboxId, outboxAttachments.position);
  for (const row of rows) {
    const list = byMessage.get(row.outboxId) ?? [];
    list.push({
      fileName: row.fileName,
      contentType: row.contentType,
      size: Number(row.size),
      ...('content' in row && row.content ? { content: row.content as Buffer } : {}),
    });
    byMessage.set(row.outboxId, list);
  }
  return byMessage;
}

export interface OutboxEntry {
  kind: 'mail' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  createdAt: string;
  status: string;
  /** The files attached (names, types and sizes; the bytes stay in the database). */
  attachments: { fileName: string; contentType: string; size: number }[];
}

/** The newest messages first, for `GET /api/dev/outbox` (never in production). */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
    false,
  );
  return rows.map((r) => ({
    kind: r.kind as 'mail' | 'sms',
    to: r.recipient,
    ...(r.subject ? { subject: r.subject } : {}),
    text: r.text,
    ...(r.html ? { html: r.html } : {}),
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    attachments: (files.get(r.id) ?? []).map(({ fileName, contentType, size }) => ({
      fileName,
      contentType,
      size,
    })),
  }));
}

const MAX_ATTEMPTS = 10;

/** Backoff after a failed attempt: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a claimed message is reserved for the node sending it; after that (a crash) it is due again. */
export const SEND_LEASE_MS = 5 * 60 * 1000;

/** A message a sender claimed, with its lease. */
const ClaimedMessageRow = v.object({
  id: uuid,
  kind: v.picklist(['mail', 'sms']),
  user_id: uuidOrNull,
  recipient: text,
  subject: textOrNull,
  text,
  html: textOrNull,
  attempts: int,
});

/**
 * Sends what is due. Each message is claimed by one short statement (FOR UPDATE SKIP LOCKED, so
 * several nodes share the queue) that also leases it; the send itself runs outside any
 * transaction, so a hanging gateway holds no connection or lock. Answers how many it handled.
 */
export async function deliverDue(
  db: Database,
  transports: Record<'mail' | 'sms', Transport>,
  now: () => Date,
  logger: Logger,
  batch = 20,
): Promise<number> {
  let handled = 0;
  for (; handled < batch; handled++) {
    const claimedAt = now();
    const [row] = await queryRows(
      db,
      sql`update outbox set attempts = attempts + 1, next_attempt_at = ${new Date(claimedAt.getTime() + SEND_LEASE_MS)}
          where id = (select id from outbox where status = 'queued' and next_attempt_at <= ${claimedAt}
                      order by next_attempt_at limit 1 for update skip locked)
          returning id, kind, user_id, recipient, subject, text, html, attempts`,
      ClaimedMessageRow,
    );
    if (!row) break;
    const message: QueuedMessage = {
      id: row.id,
      kind: row.kind,
      userId: row.user_id,
      to: row.recipient,
      ...(row.subject ? { subject: row.subject } : {}),
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
    };
    const files = (await attachmentsOf(db, [row.id], true)).get(row.id);
    if (files)
      message.attachments = files.map((f) => ({
        fileName: f.fileName,
        contentType: f.contentType,
        content: f.content ?? Buffer.alloc(0),
      }));
    try {
      const transport = transports[message.kind];
      await transport.send(message);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: now(), ...(transport.keepsText ? {} : redacted(row)) })
        .where(eq(outbox.id, row.id));
      // Handed on: the stored copy keeps no personal documents (the development outbox keeps them).
      if (files && !transport.keepsText)
        await db.delete(outboxAttachments).where(eq(outboxAttachments.outboxId, row.id));
    } catch (error) {
      logger.warn(
        { err: error, kind: row.kind, attempts: row.attempts },
        'message not delivered, will retry',
      );
      const failed = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          lastError: (error as Error).message.slice(0, 500),
          status: failed ? 'failed' : 'queued',
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
          // Never sent again: its secrets serve nobody any more.
          ...(failed && !transports[row.kind].keepsText ? redacted(row) : {}),
        })
        .where(eq(outbox.id, row.id));
      if (failed && files && !transports[row.kind].keepsText)
        await db.delete(outboxAttachments).where(eq(outboxAttachments.outboxId, row.id));
    }
  }
  return handled;
}

/** The stored copy of a message handed to a real transport: links and codes replaced. */
function redacted(row: { subject: string | null; text: string; html: string | null }) {
  return {
    subject: row.subject === null ? null : redactSecrets(row.subject),
    text: redactSecrets(row.text),
    html: row.html === null ? null : redactSecrets(row.html),
  };
}

/**
 * Deletes the sent and failed messages created more than `retentionDays` ago (queued ones are
 * still due and stay). Answers how many it deleted.
 */
export async function purgeOutbox(db: Database, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const deleted = await db
    .delete(outbox)
    .where(and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, cutoff)))
    .returning({ id: outbox.id });
  return deleted.length;
}

export interface OutboxWorkerOptions {
  /** How often the queue is polled. */
  intervalMs?: number;
  /** Sent and failed messages older than this are purged (OUTBOX_RETENTION_DAYS). */
  retentionDays?: number;
  /** How often the purge runs; it also runs once at start. */
  purgeIntervalMs?: number;
}

/**
 * Polls the queue every second until stopped; a slow or failing transport only delays the queue.
 * Purges old messages at start and then hourly.
 */
export function startOutboxWorker(
  db: Database,
  transports: Record<'mail' | 'sms', Transport>,
  now: () => Date,
  logger: Logger,
  { intervalMs = 1000, retentionDays = 7, purgeIntervalMs = 3_600_000 }: OutboxWorkerOptions = {},
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const enqueue = (work: () => Promise<unknown>, failure: string) => {
    running = running
      .then(() => (stopped ? 0 : work()))
      .catch((error) => {
        logger.error({ err: error }, failure);
      });
  };
  const purge = () =>
    enqueue(async () => {
      const purged = await purgeOutbox(db, now(), retentionDays);
      if (purged > 0) logger.info({ purged, retentionDays }, 'old outbox messages purged');
    }, 'outbox purge failed');
  purge();
  const timer = setInterval(
    () => enqueue(() => deliverDue(db, transports, now, logger), 'outbox worker failed'),
    intervalMs,
  );
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  timer.unref();
  purgeTimer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearInterval(purgeTimer);
      await running;
    },
  };
}
