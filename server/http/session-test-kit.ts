import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { listOutbox } from '../messaging/outbox';
import { START } from './account-test-kit';
import { createTestApp } from './test-app';

/**
 * The app of the login and token tests: a migrated database with the demo accounts and a controlled
 * clock, and no trusted proxy, so every request comes from the one client address (the login limits
 * per address are part of what they test). `reset()` before each test.
 */
export async function createSessionFixture() {
  const db: TestDb = await createTestDb();
  const clock = { now: START };
  const { app, auth } = await createTestApp(db, { now: () => clock.now });

  const options = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const post = (path: string, body: unknown, token?: string) => app.request(path, options(body, token));

  return {
    db,
    app,
    auth,
    clock,
    advance(ms: number) {
      clock.now += ms;
    },
    /** A fresh hour (rate-limit windows of earlier tests are over) and only the demo accounts. */
    async reset() {
      clock.now += 3_600_000;
      await db.db.delete(users);
      await db.db.execute('truncate rate_limits, outbox, outbox_attachments, one_time_codes' as never);
      await seedDemo(db.db);
    },
    post,
    get: (path: string, token?: string) =>
      app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    async loginAs(email: string, password = DEMO_PASSWORD) {
      const res = await post('/api/login', { email, password, locale: 'de' });
      return { res, body: (await res.clone().json()) as { token: string; refresh_token?: string } };
    },
    async latestSmsCode(): Promise<string> {
      const sms = (await listOutbox(db.db)).find((m) => m.kind === 'sms');
      const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
      if (!code) throw new Error('no SMS code in the outbox');
      return code;
    },
    close: () => db.close(),
  };
}

export type SessionFixture = Awaited<ReturnType<typeof createSessionFixture>>;
