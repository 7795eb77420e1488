import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { type DbHandle, openDatabase, queryRows } from '../db/client';
import { time, uuid } from '../db/rows';
import { sessionRevocations } from '../db/schema/sessions';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD } from '../demo/seed';
import { type AccountFixture, claimsOf, createAccountFixture, errorOf } from '../http/account-test-kit';
import { createTestApp } from '../http/test-app';

/**
 * PRODUCT.md §8: logout, password change, reset and deletion end the session's access tokens on
 * every node within 5 s. Node A is the fixture's app; node B is a second app on the same database
 * (on PostgreSQL with connections of its own) whose revocation cache polls every 250 ms.
 */
let f: AccountFixture;
let nodeB: Awaited<ReturnType<typeof createTestApp>>;
let handleB: DbHandle;
beforeAll(async () => {
  f = await createAccountFixture();
  handleB = 'url' in f.db.location ? await openDatabase(f.db.location) : f.db;
  nodeB = await createTestApp(handleB, {
    now: () => f.clock.now,
    env: { DATA_DIR: f.dataDir, TRUST_PROXY: 'true' },
    revocationRefreshMs: 250,
  });
});
afterAll(async () => {
  nodeB.auth.tokens.revocations?.stop();
  f.auth.tokens.revocations?.stop();
  if (handleB !== f.db) await handleB.close();
  await f.close();
});
beforeEach(() => f.reset());

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const onB = (path: string, token: string) => nodeB.app.request(path, bearer(token));

async function login(email: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const res = await f.call('POST', '/api/login', { body: { email, password, locale: 'de' } });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenPair;
}

/** Polls node B until `path` answers 401; answers how long that took (ms). */
async function refusedOnB(path: string, token: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await onB(path, token);
    expect(res.status).not.toBe(500);
    if (res.status === 401) {
      expect((await errorOf(res)).code).toBe('jwt.revoked');
      return performance.now() - started;
    }
    if (performance.now() - started > 6000) throw new Error(`${path} still answers ${res.status} after 6 s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('access tokens of ended sessions', () => {
  it('carry the session id (the refresh-token family) as sid', async () => {
    const pair = await login('stella@matchwerk.example');
    const [row] = await queryRows(
      f.db.db,
      sql`select family_id from refresh_tokens where user_id = (select id from users where email = 'stella@matchwerk.example')`,
      v.object({ family_id: uuid }),
    );
    expect(claimsOf(pair.token).sid).toBe(row?.family_id);
    const refreshed = await f.call('POST', '/api/login/refresh', {
      body: { refresh_token: pair.refresh_token },
    });
    expect(claimsOf(((await refreshed.json()) as TokenPair).token).sid).toBe(row?.family_id);
  });

  it('logout: the old access token answers 401 jwt.revoked at once here and within 5 s on another node', async () => {
    const pair = await login('stella@matchwerk.example');
    expect((await f.call('GET', '/api/session', { token: pair.token })).status).toBe(200);
    // Node B has verified (and cached) the token before the logout: the cache must not keep it alive.
    expect((await onB('/api/session', pair.token)).status).toBe(200);
    expect(
      (await f.call('POST', '/api/logout', { body: { refresh_token: pair.refresh_token } })).status,
    ).toBe(204);

    const here = await f.call('GET', '/api/session', { token: pair.token });
    expect(await errorOf(here)).toMatchObject({ status: 401, code: 'jwt.revoked' });
    const ms = await refusedOnB('/api/session', pair.token);
    console.info(`revocation seen by the second node after ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
    // Another session of the same user goes on.
    const other = await login('stella@matchwerk.example');
    expect((await f.call('GET', '/api/session', { token: other.token })).status).toBe(200);
  });

  it('password change ends every other session at once; the answered pair works', async () => {
    const first = await login('luna@matchwerk.example');
    const second = await login('luna@matchwerk.example');
    const res = await f.call('PUT', '/api/user/password', {
      token: first.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Leuchtturm-Quitte-Harfe-58' },
    });
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as TokenPair;
    for (const token of [first.token, second.token]) {
      expect((await errorOf(await f.call('GET', '/api/session', { token }))).code).toBe('jwt.revoked');
      await refusedOnB('/api/session', token);
    }
    expect((await f.call('GET', '/api/session', { token: fresh.token })).status).toBe(200);
  });

  it('password reset ends every session', async () => {
    const pair = await login('nova@matchwerk.example');
    expect(
      (await f.call('POST', '/api/public/user/reset-password', { body: { email: 'nova@matchwerk.example' } }))
        .status,
    ).toBe(204);
    const jwt = await f.linkIn('nova@matchwerk.example', '/user/reset-password/');
    const done = await f.call('PUT', '/api/public/user/reset-password', {
      body: {
        email: 'nova@matchwerk.example',
        token: jwt,
        password: 'Leuchtturm-Quitte-Harfe-58',
        language: 'de',
      },
    });
    expect(done.status).toBe(204);
    expect((await errorOf(await f.call('GET', '/api/profile', { token: pair.token }))).code).toBe(
      'jwt.revoked',
    );
    await refusedOnB('/api/profile', pair.token);
  });

  it('a reused refresh token ends the family and its access tokens', async () => {
    const pair = await login('stella@matchwerk.example');
    const rotated = await f.call('POST', '/api/login/refresh', {
      body: { refresh_token: pair.refresh_token },
    });
    const next = (await rotated.json()) as TokenPair;
    f.advance(11_000);
    const reuse = await f.call('POST', '/api/login/refresh', { body: { refresh_token: pair.refresh_token } });
    expect((await errorOf(reuse)).code).toBe('refresh.reused');
    expect((await errorOf(await f.call('GET', '/api/session', { token: next.token }))).code).toBe(
      'jwt.revoked',
    );
  });
});

/**
 * A call that changes the claims (registration steps, SMS protection on, changed or off) answers a
 * new pair that takes the place of the caller's session: the old one ends as after a logout.
 */
describe('a new pair from a registration step or 2FA setup replaces the session', () => {
  const pendingEmail = 'pending@matchwerk.example';
  const refresh = (pair: TokenPair) =>
    f.call('POST', '/api/login/refresh', { body: { refresh_token: pair.refresh_token } });
  const familyEnd = async (sid: string | undefined) => {
    const [row] = await queryRows(
      f.db.db,
      sql`select family_expires_at from refresh_tokens where family_id = ${sid ?? ''} limit 1`,
      v.object({ family_expires_at: time }),
    );
    return row?.family_expires_at;
  };

  it('skip (step 2 → 3): the old refresh token is refused, its access token ends on every node, the new pair works until the old session’s end', async () => {
    const pair = await login(pendingEmail);
    const other = await login(pendingEmail);
    expect((await onB('/api/session', pair.token)).status).toBe(200);
    f.advance(60_000);
    const res = await f.call('POST', '/api/user/2fa/skip', { token: pair.token });
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as TokenPair;
    expect(claimsOf(fresh.token)).toMatchObject({ registration_step: 3, login_status: 'ok' });
    expect(claimsOf(fresh.token).sid).not.toBe(claimsOf(pair.token).sid);

    // At once, as a client whose refresh was under way would: the documented refusal, no reuse alarm.
    expect(await errorOf(await refresh(pair))).toMatchObject({ status: 401, code: 'refresh.invalid' });
    expect(await errorOf(await f.call('GET', '/api/session', { token: pair.token }))).toMatchObject({
      status: 401,
      code: 'jwt.revoked',
    });
    expect(await refusedOnB('/api/session', pair.token)).toBeLessThan(5000);

    expect((await f.call('GET', '/api/session', { token: fresh.token })).status).toBe(200);
    const next = await refresh(fresh);
    expect(next.status).toBe(200);
    expect(claimsOf(((await next.json()) as TokenPair).token).sid).toBe(claimsOf(fresh.token).sid);
    // A step never lengthens a session: the new family ends when the login's would have.
    expect(await familyEnd(claimsOf(fresh.token).sid)).toBe(await familyEnd(claimsOf(pair.token).sid));
    // The user's other session is not the caller's: it goes on.
    expect((await refresh(other)).status).toBe(200);
  });

  it('every step replaces the session the step before answered (phone confirm, registration next, 2FA off)', async () => {
    await f.db.db
      .update(users)
      .set({ registrationStep: 2 })
      .where(eq(users.email, 'stella@matchwerk.example'));
    const first = await login('stella@matchwerk.example');
    await f.call('PUT', '/api/user/2fa/save-phone', {
      token: first.token,
      body: { phoneNumber: '0151 2345 6789', countryCode: 'DE' },
    });
    const code = await f.latestCode('+4915123456789');
    const step = async (method: string, path: string, token: string, body?: unknown) => {
      const res = await f.call(method, path, { token, ...(body ? { body } : {}) });
      expect([path, res.status]).toEqual([path, 200]);
      return (await res.json()) as TokenPair;
    };
    const confirmed = await step('PUT', '/api/user/2fa/save-phone/confirm', first.token, { code });
    // The demo stella's profile is complete: 3 → 4 → 0.
    const four = await step('POST', '/api/user/registration/next', confirmed.token);
    const done = await step('POST', '/api/user/registration/next', four.token);
    const off = await step('DELETE', '/api/user/2fa', done.token, { currentPassword: DEMO_PASSWORD });
    expect(claimsOf(off.token)).toMatchObject({ registration_step: 0, mfa_status: 'disabled' });
    for (const old of [first, confirmed, four, done]) {
      expect((await errorOf(await refresh(old))).code).toBe('refresh.invalid');
      expect((await errorOf(await f.call('GET', '/api/session', { token: old.token }))).code).toBe(
        'jwt.revoked',
      );
    }
    expect((await refresh(off)).status).toBe(200);
  });

  it('a token rotated just before the step is refused too, within the 10 s that would answer it again', async () => {
    const pair = await login(pendingEmail);
    const rotated = (await (await refresh(pair)).json()) as TokenPair;
    const fresh = (await (
      await f.call('POST', '/api/user/2fa/skip', { token: rotated.token })
    ).json()) as TokenPair;
    for (const old of [pair, rotated])
      expect(await errorOf(await refresh(old))).toMatchObject({ status: 401, code: 'refresh.invalid' });
    expect((await refresh(fresh)).status).toBe(200);
  });

  it('a wrong code leaves the session as it was', async () => {
    await f.db.db
      .update(users)
      .set({ registrationStep: 2 })
      .where(eq(users.email, 'stella@matchwerk.example'));
    const pair = await login('stella@matchwerk.example');
    await f.call('PUT', '/api/user/2fa/save-phone', {
      token: pair.token,
      body: { phoneNumber: '0151 2345 6789', countryCode: 'DE' },
    });
    const code = await f.latestCode('+4915123456789');
    const wrong = await f.call('PUT', '/api/user/2fa/save-phone/confirm', {
      token: pair.token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(await errorOf(wrong)).toMatchObject({ status: 401, code: 'login.wrong_2FA_code' });
    expect((await f.call('GET', '/api/session', { token: pair.token })).status).toBe(200);
    expect((await refresh(pair)).status).toBe(200);
  });

  it('a session another node ended (before this node learnt it) gets 401 jwt.revoked and the step is not made', async () => {
    const pair = await login(pendingEmail);
    const sid = claimsOf(pair.token).sid;
    const families = async () =>
      (
        await queryRows(
          f.db.db,
          sql`select distinct family_id from refresh_tokens`,
          v.object({ family_id: uuid }),
        )
      ).length;
    const before = await families();
    // A logout on another node: its tokens revoked, its revocation row not yet polled here.
    await f.db.db.execute(sql`update refresh_tokens set revoked_at = now() where family_id = ${sid ?? ''}`);
    const res = await f.call('POST', '/api/user/2fa/skip', { token: pair.token });
    expect(await errorOf(res)).toMatchObject({ status: 401, code: 'jwt.revoked' });
    const user = await f.userByEmail(pendingEmail);
    expect([user?.registrationStep, user?.mfaStatus]).toEqual([2, 'disabled']);
    expect(await families()).toBe(before);
  });
});

describe('deleted and deactivated accounts', () => {
  it('after DELETE /api/user the profile, status, card and photo calls answer 401, never 500, on every node', async () => {
    const pair = await login('stella@matchwerk.example');
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0a7' } })
      .jpeg()
      .toBuffer();
    const deleted = await f.call('DELETE', '/api/user', {
      token: pair.token,
      body: { password: DEMO_PASSWORD },
    });
    expect(deleted.status).toBe(204);

    const form = new FormData();
    form.append('data', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const calls: [string, string, RequestInit?][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { body: JSON.stringify({ version: 0, values: {} }) }],
      ['GET', '/api/profile/status'],
      ['POST', '/api/profile/status', { body: JSON.stringify({ status: 'active' }) }],
      ['GET', '/api/profile/card/pdf'],
      ['POST', '/api/profile/photo', { body: form }],
      ['DELETE', '/api/profile/photo'],
      ['GET', '/api/session'],
    ];
    for (const [method, path, init] of calls) {
      const headers: Record<string, string> = { authorization: `Bearer ${pair.token}` };
      if (typeof init?.body === 'string') headers['content-type'] = 'application/json';
      const res = await f.app.request(path, { method, ...init, headers });
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect((await errorOf(res)).code).toBe('jwt.revoked');
    }
    for (const path of ['/api/profile', '/api/profile/status', '/api/profile/card/pdf'])
      expect(await refusedOnB(path, pair.token)).toBeLessThan(5000);
  });

  it('a deactivated account (whatever path deactivates it) is refused within 5 s on every node', async () => {
    const pair = await login('luna@matchwerk.example');
    expect((await onB('/api/profile/status', pair.token)).status).toBe(200);
    await f.db.db.update(users).set({ active: false }).where(eq(users.email, 'luna@matchwerk.example'));
    expect(await refusedOnB('/api/profile/status', pair.token)).toBeLessThan(5000);
  });
});

describe('revocation rows', () => {
  it('are read by the polling timer, not per request: a row another node wrote counts after the next poll', async () => {
    const cache = f.auth.tokens.revocations;
    if (!cache) throw new Error('no revocation cache');
    cache.stop();
    try {
      const pair = await login('stella@matchwerk.example');
      const sid = claimsOf(pair.token).sid;
      if (!sid) throw new Error('no sid');
      // Written by "another node": straight into the table, not through this process's cache.
      await f.db.db.insert(sessionRevocations).values({ sid, revokedAt: new Date(f.clock.now) });
      expect((await f.call('GET', '/api/session', { token: pair.token })).status).toBe(200);
      await cache.refresh();
      expect((await errorOf(await f.call('GET', '/api/session', { token: pair.token }))).code).toBe(
        'jwt.revoked',
      );
    } finally {
      cache.start();
    }
  });

  it('are pruned once the longest access token they could refuse has expired', async () => {
    const cache = f.auth.tokens.revocations;
    if (!cache) throw new Error('no revocation cache');
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await f.db.db.insert(sessionRevocations).values([
      { sid: old, revokedAt: new Date(), recordedAt: new Date(Date.now() - 3_600_000) },
      { sid: recent, revokedAt: new Date() },
    ]);
    await cache.prune();
    const left = (await f.db.db.select({ sid: sessionRevocations.sid }).from(sessionRevocations)).map(
      (r) => r.sid,
    );
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });
});
