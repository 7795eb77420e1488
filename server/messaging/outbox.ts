import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/auth';
import type { Logger } from '../log';

export interface OutgoingMessage {
  kind: 'mail' | 'sms';
  userId: string | null;
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

/** A way out for messages; the default (the outbox itself) only logs. */
export interface Transport {
  send(message: OutgoingMessage): Promise<void>;
}

/** Queues a message; it goes out through the worker, so a slow transport never slows a request. */
export async function queueMessage(db: Database, message: OutgoingMessage, now: Date): Promise<void> {
  await db.insert(outbox).values({
    id: crypto.randomUUID(),
    kind: message.kind,
    userId: message.userId,
    recipient: message.to,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
    createdAt: now,
    nextAttemptAt: now,
  });
}

export interface OutboxEntry {
  kind: 'mail' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  createdAt: string;
  status: string;
}

/** The newest messages first, for `GET /api/dev/outbox` (never in production). */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    kind: r.kind as 'mail' | 'sms',
    to: r.recipient,
    ...(r.subject ? { subject: r.subject } : {}),
    text: r.text,
    ...(r.html ? { html: r.html } : {}),
    createdAt: r.createdAt.toISOString(),
    status: r.status,
  }));
}

const MAX_ATTEMPTS = 10;

/** Backoff after a failed attempt: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what is due, one message at a time per claim (FOR UPDATE SKIP LOCKED, so several nodes
 * share the queue); answers how many it handled.
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
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now())))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const message: OutgoingMessage = {
        kind: row.kind as 'mail' | 'sms',
        userId: row.userId,
        to: row.recipient,
        ...(row.subject ? { subject: row.subject } : {}),
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
      };
      try {
        await transports[message.kind].send(message);
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: now(), attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        logger.warn({ err: error, kind: row.kind, attempts }, 'message not delivered, will retry');
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: (error as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, row.id));
      }
      return true;
    });
    if (!done) break;
  }
  return handled;
}

/** Polls the queue every second until stopped; a slow or failing transport only delays the queue. */
export function startOutboxWorker(
  db: Database,
  transports: Record<'mail' | 'sms', Transport>,
  now: () => Date,
  logger: Logger,
  intervalMs = 1000,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? 0 : deliverDue(db, transports, now, logger)))
      .catch((error) => {
        logger.error({ err: error }, 'outbox worker failed');
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
