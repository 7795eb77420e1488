import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD } from '../demo/seed';
import { errorOf } from '../http/account-test-kit';
import { createSessionFixture, type SessionFixture } from '../http/session-test-kit';
import { createTestApp } from '../http/test-app';
import { listOutbox } from '../messaging/outbox';

// Signing in (POST /api/login): the password, its limits, the SMS second factor, the client address.

let f: SessionFixture;

beforeAll(async () => {
  f = await createSessionFixture();
});
afterAll(() => f.close());
beforeEach(() => f.reset());

describe('POST /api/login', () => {
  it('answers an RS256 token with exactly the claims of SEED-SPEC §3 plus sub, sid, iss, aud, and a refresh token', async () => {
    const { res, body } = await f.loginAs('Agent@Matchwerk.example');
    expect(res.status).toBe(200);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    const header = decodeProtectedHeader(body.token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(header.kid).toEqual(expect.any(String));
    const claims = decodeJwt(body.token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'active',
        'aud',
        'email',
        'exp',
        'iat',
        'image',
        'iss',
        'language',
        'login_status',
        'mfa_status',
        'phone_number',
        'registration_step',
        'roles',
        'sid',
        'sub',
        'user_type',
        'username',
      ].sort(),
    );
    expect(claims).toMatchObject({
      email: 'agent@matchwerk.example',
      user_type: 'agent',
      login_status: 'ok',
      registration_step: 0,
      iss: 'http://matchwerk.test',
      aud: 'matchwerk',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    const jwks = (await (await f.get('/api/public/jwk')).json()) as { keys: { kid: string; n: string }[] };
    const verified = await jwtVerify(body.token, createLocalJWKSet(jwks as never), {
      currentDate: new Date(f.clock.now),
    });
    expect(verified.payload.sub).toEqual(expect.any(String));
    expect(Buffer.from(jwks.keys[0]?.n ?? '', 'base64url').length * 8).toBe(3072);
  });

  it('answers unknown e-mail, wrong password and a locked account alike, and takes about as long', async () => {
    const bodies = new Set<string>();
    const times: Record<string, number[]> = { unknown: [], wrong: [] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, email] of [
        ['unknown', `nobody${i}@matchwerk.example`],
        ['wrong', 'stella@matchwerk.example'],
      ] as const) {
        const started = performance.now();
        const res = await f.post('/api/login', { email, password: 'Not-the-password-1', locale: 'de' });
        times[kind]?.push(performance.now() - started);
        expect(res.status).toBe(401);
        bodies.add(JSON.stringify(await errorOf(res)));
      }
    }
    await f.db.db
      .update(users)
      .set({ lockedUntil: new Date(f.clock.now + 60_000) })
      .where(eq(users.email, 'nova@matchwerk.example'));
    const locked = await f.post('/api/login', {
      email: 'nova@matchwerk.example',
      password: DEMO_PASSWORD,
      locale: 'de',
    });
    expect(locked.status).toBe(401);
    bodies.add(JSON.stringify(await errorOf(locked)));
    expect([...bodies]).toEqual([
      JSON.stringify({ status: 401, code: 'login.invalid_credentials', message: 'Invalid credentials' }),
    ]);
    // The unknown address is checked against a dummy hash: no fast path that tells it apart.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(median(times.unknown ?? [])).toBeGreaterThan(median(times.wrong ?? []) * 0.5);
  });

  it('locks the password login after 10 failures for 1 minute, doubling up to 15 minutes', async () => {
    const email = 'luna@matchwerk.example';
    for (let i = 0; i < 10; i++)
      expect((await f.post('/api/login', { email, password: 'wrong-password-x', locale: 'de' })).status).toBe(
        401,
      );
    expect((await f.loginAs(email)).res.status).toBe(401);
    f.advance(61_000);
    expect((await f.loginAs(email)).res.status).toBe(200);
    // A success resets the count. Attempts during a lock are refused without counting; each
    // failure after a lock ends locks again for twice as long.
    for (let i = 0; i < 10; i++)
      await f.post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    f.advance(61_000);
    await f.post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    f.advance(61_000);
    expect((await f.loginAs(email)).res.status).toBe(401);
    f.advance(60_000);
    expect((await f.loginAs(email)).res.status).toBe(200);
    f.advance(5 * 60_000); // past the per-IP window
    for (let i = 0; i < 10; i++)
      await f.post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    for (let lock = 1; lock <= 6; lock++) {
      f.advance(15 * 60_000 + 1000);
      await f.post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    }
    const [locked] = await f.db.db.select().from(users).where(eq(users.email, email));
    expect((locked?.lockedUntil?.getTime() ?? 0) - f.clock.now).toBe(15 * 60_000);
    f.advance(15 * 60_000 + 1000);
    expect((await f.loginAs(email)).res.status).toBe(200);
    const [row] = await f.db.db.select().from(users).where(eq(users.email, email));
    expect(row?.failedLogins).toBe(0);
  });

  it('allows 30 login attempts per IP in 5 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (await f.post('/api/login', { email: `x${i}@example.org`, password: 'whatever-123', locale: 'de' }))
          .status,
      ).toBe(401);
    }
    const limited = await f.post('/api/login', {
      email: 'agent@matchwerk.example',
      password: DEMO_PASSWORD,
      locale: 'de',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: 'request.rate_limited' });
    f.advance(5 * 60_000 + 1000);
    expect((await f.loginAs('agent@matchwerk.example')).res.status).toBe(200);
  });

  it('refuses malformed input with per-field codes', async () => {
    const res = await f.post('/api/login', { email: 'no-at-sign', locale: 'fr' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      email: ['email.invalid'],
      password: expect.any(Array),
      locale: ['language.unsupported'],
    });
  });
});

describe('SMS two-factor login', () => {
  it('answers a pending token without refresh token and sends a 6-digit code by SMS', async () => {
    const { res, body } = await f.loginAs('mfa@matchwerk.example');
    expect(res.status).toBe(200);
    expect(body.refresh_token).toBeUndefined();
    expect(decodeJwt(body.token)).toMatchObject({ login_status: 'pending', mfa_status: 'enabled' });
    const sms = (await listOutbox(f.db.db)).filter((m) => m.kind === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.to).toBe('+4915123456789');
    expect(sms[0]?.text).toMatch(/Anmeldecode: \d{6}/);
  });

  it('accepts the pending token only on the 2FA calls', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const res = await f.get('/api/session', body.token);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('auth.mfa_pending');
    const full = await f.loginAs('agent@matchwerk.example');
    expect((await f.post('/api/login/2fa', { code: '123456' }, full.body.token)).status).toBe(401);
  });

  it('turns the right code into full tokens, once', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const code = await f.latestSmsCode();
    const ok = await f.post('/api/login/2fa', { code }, body.token);
    expect(ok.status).toBe(200);
    const pair = (await ok.json()) as { token: string; refresh_token: string };
    expect(decodeJwt(pair.token).login_status).toBe('ok');
    expect(pair.refresh_token).toEqual(expect.any(String));
    expect((await f.get('/api/session', pair.token)).status).toBe(200);
    const again = await f.post('/api/login/2fa', { code }, body.token);
    expect(again.status).toBe(401);
    expect((await errorOf(again)).code).toBe('login.wrong_2FA_code');
  });

  it('answers a wrong code 401 login.wrong_2FA_code and burns the code after 5 wrong tries', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const code = await f.latestSmsCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await f.post('/api/login/2fa', { code: wrong }, body.token);
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({
        status: 401,
        code: 'login.wrong_2FA_code',
        message: 'Wrong 2FA code',
      });
    }
    expect((await f.post('/api/login/2fa', { code }, body.token)).status).toBe(401);
  });

  it('lets a code expire after 5 minutes (controlled clock)', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const code = await f.latestSmsCode();
    f.advance(5 * 60_000 + 1);
    const res = await f.post('/api/login/2fa', { code }, body.token);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('login.wrong_2FA_code');
  });

  it('accepts a code submitted twice at the same moment exactly once', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const code = await f.latestSmsCode();
    const results = await Promise.all([0, 1, 2].map(() => f.post('/api/login/2fa', { code }, body.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('resends at most once a minute (429 with Retry-After) and the new code replaces the old', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const first = await f.latestSmsCode();
    const soon = await f.post('/api/login/2fa/resend', {}, body.token);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    f.advance(61_000);
    expect((await f.post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    const second = await f.latestSmsCode();
    expect((await listOutbox(f.db.db)).filter((m) => m.kind === 'sms')).toHaveLength(2);
    if (first !== second)
      expect((await f.post('/api/login/2fa', { code: first }, body.token)).status).toBe(401);
    expect((await f.post('/api/login/2fa', { code: second }, body.token)).status).toBe(200);
  });

  it('waits SMS_RESEND_SECONDS between two codes where the operator set it', async () => {
    const short = await createTestApp(f.db, { now: () => f.clock.now, env: { SMS_RESEND_SECONDS: '5' } });
    const post = (path: string, token: string) =>
      short.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { body } = await f.loginAs('mfa@matchwerk.example');
    f.advance(4_000);
    const soon = await post('/api/login/2fa/resend', body.token);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    f.advance(1_500);
    expect((await post('/api/login/2fa/resend', body.token)).status).toBe(204);
    expect((await listOutbox(f.db.db)).filter((m) => m.kind === 'sms')).toHaveLength(2);
    short.auth.tokens.revocations?.stop();
  });

  it('tells a reloaded SMS step when a new code may be asked for (GET /api/login/2fa)', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const status = async () => {
      const res = await f.get('/api/login/2fa', body.token);
      expect(res.status).toBe(200);
      return (await res.json()) as { resendAt: string | null };
    };
    const sent = f.clock.now;
    f.advance(18_000);
    const due = { resendAt: new Date(sent + 60_000).toISOString(), resendAfterSeconds: 42 };
    expect(await status()).toEqual(due);
    // Asking does not count as a resend: the minute still ends where it did.
    f.advance(500);
    expect(await status()).toEqual(due);
    f.advance(41_500);
    expect(await status()).toEqual({ resendAt: null, resendAfterSeconds: 0 });
    expect((await f.post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    expect(await status()).toEqual({
      resendAt: new Date(f.clock.now + 60_000).toISOString(),
      resendAfterSeconds: 60,
    });
    // Only the pending login asks: a full token is refused.
    const full = await f.loginAs('agent@matchwerk.example');
    expect((await f.get('/api/login/2fa', full.body.token)).status).toBe(401);
  });

  it('answers the end of the hour once its ten codes are sent', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    const first = f.clock.now;
    for (let i = 0; i < 9; i++) {
      f.advance(61_000);
      expect((await f.post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    }
    f.advance(61_000);
    const res = await f.get('/api/login/2fa', body.token);
    expect(await res.json()).toEqual({
      resendAt: new Date(first + 3_600_000).toISOString(),
      resendAfterSeconds: 3_600 - 610,
    });
  });

  it('sends at most 10 codes an hour', async () => {
    const { body } = await f.loginAs('mfa@matchwerk.example');
    for (let i = 0; i < 9; i++) {
      f.advance(61_000);
      expect((await f.post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    }
    f.advance(61_000);
    const res = await f.post('/api/login/2fa/resend', {}, body.token);
    expect(res.status).toBe(429);
  });
});

describe('client address behind a proxy', () => {
  it('limits per X-Forwarded-For address only when TRUST_PROXY is set', async () => {
    const attempt = (target: typeof f.app, ip: string) =>
      target.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.9, ${ip}` },
        body: JSON.stringify({ email: 'nobody@example.org', password: 'whatever-123', locale: 'de' }),
      });
    const proxied = (await createTestApp(f.db, { now: () => f.clock.now, env: { TRUST_PROXY: 'true' } })).app;
    for (let i = 0; i < 30; i++) expect((await attempt(proxied, '198.51.100.1')).status).toBe(401);
    expect((await attempt(proxied, '198.51.100.1')).status).toBe(429);
    expect((await attempt(proxied, '198.51.100.2')).status).toBe(401);
    // Without a trusted proxy the header is the client's word and changes nothing.
    f.advance(6 * 60_000);
    for (let i = 0; i < 30; i++) await attempt(f.app, `198.51.100.${i + 10}`);
    expect((await attempt(f.app, '198.51.100.99')).status).toBe(429);
  });
});
