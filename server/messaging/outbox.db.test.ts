import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/auth';
import { createTestDb, type TestDb } from '../db/test-db';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp } from '../http/test-app';
import { createLogger } from '../log';
import {
  deliverDue,
  listOutbox,
  type OutgoingMessage,
  queueMessage,
  retryDelayMs,
  type Transport,
} from './outbox';

const logger = createLogger({ logLevel: 'silent' });
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(outbox);
});

const message = (to: string): OutgoingMessage => ({
  kind: 'sms',
  userId: null,
  to,
  text: 'Ihr Code: 123456',
});

describe('outbox', () => {
  it('retries a failing transport with growing delays and delivers once it works', async () => {
    let now = Date.UTC(2026, 0, 1);
    let failing = true;
    const sent: string[] = [];
    const transport: Transport = {
      send: async (m) => {
        if (failing) throw new Error('gateway down');
        sent.push(m.to);
      },
    };
    const transports = { mail: transport, sms: transport };
    await queueMessage(t.db, message('+491700000001'), new Date(now));
    // The queue is empty for anyone else while a message is being sent (leased).
    expect(await deliverDue(t.db, transports, () => new Date(now), logger)).toBe(1);
    let [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'gateway down' });
    expect(row?.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await deliverDue(t.db, transports, () => new Date(now), logger)).toBe(0);
    failing = false;
    now += retryDelayMs(1);
    expect(await deliverDue(t.db, transports, () => new Date(now), logger)).toBe(1);
    [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent).toEqual(['+491700000001']);
  });

  it('gives up after 10 attempts and marks the message failed', async () => {
    let now = Date.UTC(2026, 0, 1);
    const transport: Transport = {
      send: async () => {
        throw new Error('no route');
      },
    };
    await queueMessage(t.db, message('+491700000002'), new Date(now));
    for (let i = 0; i < 12; i++) {
      await deliverDue(t.db, { mail: transport, sms: transport }, () => new Date(now), logger);
      now += 3_600_000;
    }
    const [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 10 });
  });

  it('lists the newest message first, in the shape /api/dev/outbox answers', async () => {
    await queueMessage(t.db, message('+491700000003'), new Date(Date.UTC(2026, 0, 1)));
    await queueMessage(
      t.db,
      { ...message('a@example.org'), kind: 'mail', subject: 'Hallo' },
      new Date(Date.UTC(2026, 0, 2)),
    );
    const list = await listOutbox(t.db);
    expect(list.map((m) => m.to)).toEqual(['a@example.org', '+491700000003']);
    expect(list[0]).toMatchObject({ kind: 'mail', subject: 'Hallo', text: 'Ihr Code: 123456' });
  });

  it('answers a login at once even while the SMS gateway hangs, and shows the SMS in /api/dev/outbox', async () => {
    await seedDemo(t.db);
    const { app } = await createTestApp(t);
    let release: () => void = () => {};
    const hanging: Transport = {
      send: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    };
    const delivering = deliverDue(t.db, { mail: hanging, sms: hanging }, () => new Date(), logger);
    const res = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mfa@matchwerk.example', password: DEMO_PASSWORD, locale: 'en' }),
    });
    expect(res.status).toBe(200);
    const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const dev = (await (await app.request('/api/dev/outbox', {}, loopback)).json()) as {
      kind: string;
      to: string;
      text: string;
    }[];
    expect(dev[0]).toMatchObject({ kind: 'sms', to: '+4915123456789' });
    expect(dev[0]?.text).toMatch(/^Your Matchwerk login code: \d{6}/);
    release();
    await delivering;
  });

  it('has no dev outbox in production', async () => {
    const { app } = await createTestApp(t, { env: { NODE_ENV: 'production' } });
    expect((await app.request('/api/dev/outbox')).status).toBe(404);
  });
});
