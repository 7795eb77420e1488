import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthServices } from '../auth/sessions';
import { createAuthServices } from '../auth/setup';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { ApiError } from '../errors';
import { listOutbox } from '../messaging/outbox';
import { checkResetToken, processResetRequests, requestPasswordReset } from './reset';

const db = setUpTestDb();
const ORIGIN = 'http://matchwerk.test';
const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
let auth: AuthServices;
const svc = () => ({ auth, publicOrigin: ORIGIN });

beforeAll(async () => {
  auth = await createAuthServices(
    db.db,
    { jwtPrivateKey: undefined, publicOrigin: ORIGIN, accessTokenTtl: 900 },
    () => clock.now,
  );
});
afterAll(() => auth.tokens.revocations?.stop());

async function account(email: string, active = true) {
  await db.db.insert(users).values({
    id: crypto.randomUUID(),
    email,
    passwordHash: 'not-a-hash',
    userType: 'luna',
    registrationStep: 0,
    active,
  });
}

const resetLink = (text: string) => new RegExp(`${ORIGIN}/user/reset-password/([\\w.-]+)`).exec(text)?.[1];

describe('forgot password', () => {
  it('mails an active account a link that opens the reset form for its address; the request is used up', async () => {
    await account('luna@reset.test');
    await requestPasswordReset(svc(), ' Luna@Reset.TEST ', '203.0.113.7');
    expect(await listOutbox(db.db)).toEqual([]);

    expect(await processResetRequests(svc())).toBe(1);
    const mails = await listOutbox(db.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'mail', to: 'luna@reset.test' });
    const jwt = resetLink(mails[0]!.text);
    expect(jwt).toBeDefined();
    expect(await checkResetToken(svc(), jwt!)).toBe('luna@reset.test');

    expect(await processResetRequests(svc())).toBe(0);
    expect(await listOutbox(db.db)).toHaveLength(1);
  });

  it('takes an unknown or deactivated address the same way, and mails nothing', async () => {
    await account('gone@reset.test', false);
    await requestPasswordReset(svc(), 'nobody@reset.test', '203.0.113.8');
    await requestPasswordReset(svc(), 'gone@reset.test', '203.0.113.8');
    expect(await processResetRequests(svc())).toBe(2);
    expect(await listOutbox(db.db)).toEqual([]);
  });

  it('drops a request the worker meets more than an hour late, unanswered', async () => {
    await account('late@reset.test');
    await requestPasswordReset(svc(), 'late@reset.test', '203.0.113.9');
    clock.now += 61 * 60_000;
    expect(await processResetRequests(svc())).toBe(1);
    expect(await listOutbox(db.db)).toEqual([]);
  });

  it('takes five requests an hour for an address, then answers 429', async () => {
    for (let i = 0; i < 5; i++) await requestPasswordReset(svc(), 'busy@reset.test', `198.51.100.${i}`);
    const sixth = await requestPasswordReset(svc(), 'busy@reset.test', '198.51.100.9').catch(
      (e: unknown) => e,
    );
    expect(sixth).toBeInstanceOf(ApiError);
    expect((sixth as ApiError).status).toBe(429);
  });
});
