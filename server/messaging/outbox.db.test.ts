import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { outbox } from '../db/schema/auth';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp } from '../http/test-app';
import { createLogger } from '../log';
import {
  deliverDue,
  listOutbox,
  type OutgoingMessage,
  purgeOutbox,
  queueMessage,
  retryDelayMs,
  startOutboxWorker,
  type Transport,
} from './outbox';
import { logTransport, transportsFor, webhookSmsTransport } from './transports';

const logger = createLogger({ logLevel: 'silent' });
const t = setUpFixture(createTestDb);
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

const TOKEN = 'Qm9vZ2llV29vZ2llQm9vZ2llV29vZ2ll';
const resetMail = (to: string): OutgoingMessage => ({
  kind: 'mail',
  userId: null,
  to,
  subject: 'Reset your password',
  text: `Open http://localhost:8080/user/reset-password/${TOKEN} within an hour. Code 654321.`,
  html: `<p><a href="http://localhost:8080/user/reset-password/${TOKEN}">Reset</a> Code 654321</p>`,
});

describe('stored copies of delivered messages', () => {
  it('are redacted once a real transport (the SMS webhook) delivered them; the gateway got the full text', async () => {
    const received: string[] = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        received.push(body);
        res.end();
      });
    });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
      const sms = webhookSmsTransport(url);
      await queueMessage(t.db, message('+491700000010'), new Date());
      expect(await deliverDue(t.db, { mail: sms, sms }, () => new Date(), logger)).toBe(1);
      expect(received).toEqual([JSON.stringify({ to: '+491700000010', text: 'Ihr Code: 123456' })]);
      const [row] = await t.db.select().from(outbox);
      expect(row).toMatchObject({ status: 'sent', text: 'Ihr Code: [redacted]' });
    } finally {
      await new Promise((done) => gateway.close(done));
    }
  });

  it('lose links and codes in text, HTML and subject after any transport other than the development outbox', async () => {
    const sent: OutgoingMessage[] = [];
    const smtpLike: Transport = { send: async (m) => void sent.push(m) };
    await queueMessage(t.db, resetMail('a@example.org'), new Date());
    await deliverDue(t.db, { mail: smtpLike, sms: smtpLike }, () => new Date(), logger);
    expect(sent[0]?.text).toContain(TOKEN);
    const [row] = await t.db.select().from(outbox);
    for (const stored of [row?.text, row?.html]) {
      expect(stored).toContain('[redacted]');
      expect(stored).not.toContain(TOKEN);
      expect(stored).not.toContain('654321');
    }
    expect(row?.subject).toBe('Reset your password');
    expect(await listOutbox(t.db)).toEqual([
      expect.objectContaining({ text: expect.not.stringContaining(TOKEN) }),
    ]);
  });

  it('are redacted when a real transport gave up on them (failed)', async () => {
    let now = Date.UTC(2026, 0, 1);
    const down: Transport = {
      send: async () => {
        throw new Error('no route');
      },
    };
    await queueMessage(t.db, resetMail('b@example.org'), new Date(now));
    for (let i = 0; i < 10; i++) {
      await deliverDue(t.db, { mail: down, sms: down }, () => new Date(now), logger);
      const [row] = await t.db.select().from(outbox);
      // Still to be sent: the message keeps what it has to deliver.
      if (row?.status === 'queued') expect(row.text).toContain(TOKEN);
      now += 3_600_000;
    }
    const [row] = await t.db.select().from(outbox);
    expect(row?.status).toBe('failed');
    expect(row?.text).not.toContain(TOKEN);
    expect(row?.html).not.toContain('654321');
  });

  it('keep their text in the development outbox (no transport configured)', async () => {
    const transports = transportsFor(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), logger);
    expect(transports.mail.keepsText).toBe(true);
    expect(transports.sms.keepsText).toBe(true);
    const real = transportsFor(
      loadConfig({ SMTP_URL: 'smtp://mail.test', SMS_WEBHOOK_URL: 'https://sms.test/send' }),
      logger,
    );
    expect(real.mail.keepsText).toBeFalsy();
    expect(real.sms.keepsText).toBeFalsy();
    await queueMessage(t.db, resetMail('c@example.org'), new Date());
    await deliverDue(t.db, transports, () => new Date(), logger);
    const [row] = await t.db.select().from(outbox);
    expect(row?.status).toBe('sent');
    expect(row?.text).toContain(TOKEN);
    expect(row?.text).toContain('654321');
    expect(logTransport(logger).keepsText).toBe(true);
  });
});

describe('outbox retention', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 5, 15);
  async function row(status: 'queued' | 'sent' | 'failed', ageDays: number) {
    const id = crypto.randomUUID();
    const created = new Date(now - ageDays * DAY);
    await t.db.insert(outbox).values({
      id,
      kind: 'sms',
      userId: null,
      recipient: `+49170${status}${ageDays}`,
      text: 'x',
      createdAt: created,
      status,
      nextAttemptAt: created,
    });
    return id;
  }
  const remaining = async () => (await t.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort();

  it('purges sent and failed messages older than the retention, keeps newer and queued ones', async () => {
    await row('sent', 8);
    await row('failed', 30);
    const keep = [await row('sent', 6), await row('failed', 1), await row('queued', 30)];
    expect(await purgeOutbox(t.db, new Date(now), 7)).toBe(2);
    expect(await remaining()).toEqual(keep.sort());
    expect(await purgeOutbox(t.db, new Date(now), 1)).toBe(1);
  });

  it('is run by the outbox worker at start and then periodically', async () => {
    await row('sent', 3);
    const quiet: Transport = { send: async () => {} };
    const worker = startOutboxWorker(t.db, { mail: quiet, sms: quiet }, () => new Date(now), logger, {
      intervalMs: 60_000,
      retentionDays: 2,
      purgeIntervalMs: 50,
    });
    try {
      await expect.poll(remaining, { timeout: 5000 }).toEqual([]);
      const later = await row('failed', 5);
      expect(await remaining()).toEqual([later]);
      await expect.poll(remaining, { timeout: 5000 }).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('takes OUTBOX_RETENTION_DAYS (default 7, 1 to 3650 days)', () => {
    expect(loadConfig({}).outboxRetentionDays).toBe(7);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '30' }).outboxRetentionDays).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '3650' }).outboxRetentionDays).toBe(3650);
    for (const bad of ['0', '3651', '-1', '7.5', 'week'])
      expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });
});
