import { createHash, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  importPKCS8,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { refreshTokens } from '../db/schema/auth';
import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed';
import { createTestApp } from '../http/test-app';
import { listOutbox } from '../messaging/outbox';
import { rotateKeys } from './keys';

const START = Date.UTC(2026, 10, 21, 9, 0, 0);
let now = START;
const advance = (ms: number) => {
  now += ms;
};

let t: TestDb;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let auth: Awaited<ReturnType<typeof createTestApp>>['auth'];

beforeAll(async () => {
  t = await createTestDb();
  ({ app, auth } = await createTestApp(t, { now: () => now }));
});
afterAll(() => t.close());
beforeEach(async () => {
  now += 3_600_000; // a fresh hour: rate-limit windows of earlier tests are over
  await t.db.delete(users);
  await t.db.execute('truncate rate_limits, outbox, one_time_codes' as never);
  await seedDemo(t.db);
});

const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const post = (path: string, body: unknown, token?: string) => app.request(path, json(body, token));
const get = (path: string, token?: string) =>
  app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const errorOf = async (res: Response) => {
  const { requestId: _ignored, ...rest } = (await res.json()) as ErrorBody;
  return rest;
};

async function loginAs(email: string, password = DEMO_PASSWORD) {
  const res = await post('/api/login', { email, password, locale: 'de' });
  return { res, body: (await res.clone().json()) as { token: string; refresh_token?: string } };
}

async function latestSmsCode(): Promise<string> {
  const sms = (await listOutbox(t.db)).find((m) => m.kind === 'sms');
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error('no SMS code in the outbox');
  return code;
}

describe('POST /api/login', () => {
  it('answers an RS256 token with exactly the claims of SEED-SPEC §3 plus sub, sid, iss, aud, and a refresh token', async () => {
    const { res, body } = await loginAs('Agent@Matchwerk.example');
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
    const jwks = (await (await get('/api/public/jwk')).json()) as { keys: { kid: string; n: string }[] };
    const verified = await jwtVerify(body.token, createLocalJWKSet(jwks as never), {
      currentDate: new Date(now),
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
        const res = await post('/api/login', { email, password: 'Not-the-password-1', locale: 'de' });
        times[kind]?.push(performance.now() - started);
        expect(res.status).toBe(401);
        bodies.add(JSON.stringify(await errorOf(res)));
      }
    }
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(now + 60_000) })
      .where(eq(users.email, 'nova@matchwerk.example'));
    const locked = await post('/api/login', {
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
      expect((await post('/api/login', { email, password: 'wrong-password-x', locale: 'de' })).status).toBe(
        401,
      );
    expect((await loginAs(email)).res.status).toBe(401);
    advance(61_000);
    expect((await loginAs(email)).res.status).toBe(200);
    // A success resets the count. Attempts during a lock are refused without counting; each
    // failure after a lock ends locks again for twice as long.
    for (let i = 0; i < 10; i++)
      await post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    advance(61_000);
    await post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    advance(61_000);
    expect((await loginAs(email)).res.status).toBe(401);
    advance(60_000);
    expect((await loginAs(email)).res.status).toBe(200);
    advance(5 * 60_000); // past the per-IP window
    for (let i = 0; i < 10; i++)
      await post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    for (let lock = 1; lock <= 6; lock++) {
      advance(15 * 60_000 + 1000);
      await post('/api/login', { email, password: 'wrong-password-x', locale: 'de' });
    }
    const [locked] = await t.db.select().from(users).where(eq(users.email, email));
    expect((locked?.lockedUntil?.getTime() ?? 0) - now).toBe(15 * 60_000);
    advance(15 * 60_000 + 1000);
    expect((await loginAs(email)).res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.failedLogins).toBe(0);
  });

  it('allows 30 login attempts per IP in 5 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (await post('/api/login', { email: `x${i}@example.org`, password: 'whatever-123', locale: 'de' }))
          .status,
      ).toBe(401);
    }
    const limited = await post('/api/login', {
      email: 'agent@matchwerk.example',
      password: DEMO_PASSWORD,
      locale: 'de',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: 'request.rate_limited' });
    advance(5 * 60_000 + 1000);
    expect((await loginAs('agent@matchwerk.example')).res.status).toBe(200);
  });

  it('refuses malformed input with per-field codes', async () => {
    const res = await post('/api/login', { email: 'no-at-sign', locale: 'fr' });
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
    const { res, body } = await loginAs('mfa@matchwerk.example');
    expect(res.status).toBe(200);
    expect(body.refresh_token).toBeUndefined();
    expect(decodeJwt(body.token)).toMatchObject({ login_status: 'pending', mfa_status: 'enabled' });
    const sms = (await listOutbox(t.db)).filter((m) => m.kind === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.to).toBe('+4915123456789');
    expect(sms[0]?.text).toMatch(/Anmeldecode: \d{6}/);
  });

  it('accepts the pending token only on the 2FA calls', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const res = await get('/api/session', body.token);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('auth.mfa_pending');
    const full = await loginAs('agent@matchwerk.example');
    expect((await post('/api/login/2fa', { code: '123456' }, full.body.token)).status).toBe(401);
  });

  it('turns the right code into full tokens, once', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const code = await latestSmsCode();
    const ok = await post('/api/login/2fa', { code }, body.token);
    expect(ok.status).toBe(200);
    const pair = (await ok.json()) as { token: string; refresh_token: string };
    expect(decodeJwt(pair.token).login_status).toBe('ok');
    expect(pair.refresh_token).toEqual(expect.any(String));
    expect((await get('/api/session', pair.token)).status).toBe(200);
    const again = await post('/api/login/2fa', { code }, body.token);
    expect(again.status).toBe(401);
    expect((await errorOf(again)).code).toBe('login.wrong_2FA_code');
  });

  it('answers a wrong code 401 login.wrong_2FA_code and burns the code after 5 wrong tries', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const code = await latestSmsCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/login/2fa', { code: wrong }, body.token);
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({
        status: 401,
        code: 'login.wrong_2FA_code',
        message: 'Wrong 2FA code',
      });
    }
    expect((await post('/api/login/2fa', { code }, body.token)).status).toBe(401);
  });

  it('lets a code expire after 5 minutes (controlled clock)', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const code = await latestSmsCode();
    advance(5 * 60_000 + 1);
    const res = await post('/api/login/2fa', { code }, body.token);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('login.wrong_2FA_code');
  });

  it('accepts a code submitted twice at the same moment exactly once', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const code = await latestSmsCode();
    const results = await Promise.all([0, 1, 2].map(() => post('/api/login/2fa', { code }, body.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('resends at most once a minute (429 with Retry-After) and the new code replaces the old', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    const first = await latestSmsCode();
    const soon = await post('/api/login/2fa/resend', {}, body.token);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(61_000);
    expect((await post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    const second = await latestSmsCode();
    expect((await listOutbox(t.db)).filter((m) => m.kind === 'sms')).toHaveLength(2);
    if (first !== second)
      expect((await post('/api/login/2fa', { code: first }, body.token)).status).toBe(401);
    expect((await post('/api/login/2fa', { code: second }, body.token)).status).toBe(200);
  });

  it('sends at most 10 codes an hour', async () => {
    const { body } = await loginAs('mfa@matchwerk.example');
    for (let i = 0; i < 9; i++) {
      advance(61_000);
      expect((await post('/api/login/2fa/resend', {}, body.token)).status).toBe(204);
    }
    advance(61_000);
    const res = await post('/api/login/2fa/resend', {}, body.token);
    expect(res.status).toBe(429);
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) => post('/api/login/refresh', { refresh_token: token });

  it('rotates on every use and the old token then answers within 10 s with the same new pair', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    const first = await refresh(body.refresh_token ?? '');
    expect(first.status).toBe(200);
    const pair = (await first.json()) as { token: string; refresh_token: string };
    expect(pair.refresh_token).not.toBe(body.refresh_token);
    advance(5_000);
    const parallelTab = await refresh(body.refresh_token ?? '');
    expect(parallelTab.status).toBe(200);
    expect(await parallelTab.json()).toEqual(pair);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
  });

  it('revokes the whole family when a used token comes back after the grace window', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    const pair = (await (await refresh(body.refresh_token ?? '')).json()) as { refresh_token: string };
    advance(11_000);
    const reuse = await refresh(body.refresh_token ?? '');
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).code).toBe('refresh.reused');
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('handles two parallel refreshes with one token: both get the same pair', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    const [a, b] = await Promise.all([refresh(body.refresh_token ?? ''), refresh(body.refresh_token ?? '')]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(await a?.json()).toEqual(await b?.json());
  });

  it('ends a family 30 days after login however often it was rotated', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    let token = body.refresh_token ?? '';
    for (let day = 0; day < 29; day++) {
      advance(24 * 3_600_000);
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    advance(24 * 3_600_000 + 1000);
    expect((await refresh(token)).status).toBe(401);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    const rows = await t.db.select().from(refreshTokens);
    const hash = createHash('sha256')
      .update(body.refresh_token ?? '')
      .digest('base64url');
    expect(rows.map((r) => r.tokenHash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(body.refresh_token);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh('not-a-token');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('refresh.invalid');
  });

  it('logout revokes the family on the server', async () => {
    const { body } = await loginAs('stella@matchwerk.example');
    expect((await post('/api/logout', { refresh_token: body.refresh_token })).status).toBe(204);
    expect((await refresh(body.refresh_token ?? '')).status).toBe(401);
    expect((await post('/api/logout', { refresh_token: 'unknown' })).status).toBe(204);
  });
});

describe('access token verification', () => {
  async function validToken() {
    return (await loginAs('agent@matchwerk.example')).body.token;
  }
  const parts = (token: string) => token.split('.') as [string, string, string];
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  async function expectInvalid(token: string) {
    const res = await get('/api/session', token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ status: 401, code: 'jwt.invalid', message: 'Invalid JWT Token' });
  }

  it('accepts its own token', async () => {
    const res = await get('/api/session', await validToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'agent@matchwerk.example' });
  });

  it('answers an expired token 401 with the message exactly "Expired JWT Token"', async () => {
    const token = await validToken();
    advance(901_000);
    const res = await get('/api/session', token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ status: 401, code: 'jwt.expired', message: 'Expired JWT Token' });
  });

  it('refuses alg none', async () => {
    const claims = decodeJwt(await validToken());
    await expectInvalid(new UnsecuredJWT(claims).encode());
  });

  it('refuses HS256 signed with the public key as secret', async () => {
    const token = await validToken();
    const jwks = (await (await get('/api/public/jwk')).json()) as { keys: object[] };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const { kid } = decodeProtectedHeader(token);
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .sign(secret);
    await expectInvalid(forged);
  });

  it('refuses a token signed by another key, with an unknown or a known kid, or carrying its own key', async () => {
    const token = await validToken();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreign = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'RS256');
    const claims = decodeJwt(token);
    const { kid } = decodeProtectedHeader(token);
    const sign = (header: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...header }).sign(foreign);
    await expectInvalid(await sign({ kid: 'unknown-kid' }));
    await expectInvalid(await sign({ kid }));
    const jwk = publicKey.export({ format: 'jwk' });
    await expectInvalid(await sign({ kid, jwk }));
    await expectInvalid(await sign({ kid, jku: 'https://evil.example/jwks.json' }));
    await expectInvalid(await sign({ kid, x5u: 'https://evil.example/cert.pem' }));
  });

  it('refuses our own key signing a token with key headers, wrong issuer or audience', async () => {
    const { kid, key } = await auth.tokens.keys.signingKey();
    const claims = decodeJwt(await validToken());
    const sign = (header: Record<string, unknown>, override: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...override })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid, ...header })
        .sign(key);
    expect((await get('/api/session', await sign({}))).status).toBe(200);
    await expectInvalid(await sign({ jku: 'https://evil.example/jwks.json' }));
    await expectInvalid(await sign({}, { iss: 'https://evil.example' }));
    await expectInvalid(await sign({}, { aud: 'someone-else' }));
  });

  it('refuses a tampered payload', async () => {
    const [header, payload, signature] = parts(await validToken());
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, user_type: 'senior_agent' })}.${signature}`;
    await expectInvalid(tampered);
  });

  it('asks for a token when there is none', async () => {
    const res = await get('/api/session');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('auth.required');
  });
});

describe('key rotation', () => {
  it('publishes the next key at once, signs with it after 10 minutes, keeps the old until its tokens expired', async () => {
    const before = (await loginAs('agent@matchwerk.example')).body.token;
    const oldKid = decodeProtectedHeader(before).kid;
    const { kid: nextKid } = await rotateKeys(t.db, new Date(now), 3_600_000);
    await auth.tokens.keys.reload();
    const kids = async () =>
      ((await (await get('/api/public/jwk')).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    expect(await kids()).toEqual(expect.arrayContaining([oldKid, nextKid]));
    expect(decodeProtectedHeader((await loginAs('agent@matchwerk.example')).body.token).kid).toBe(oldKid);
    advance(10 * 60_000 + 1000);
    const after = (await loginAs('agent@matchwerk.example')).body.token;
    expect(decodeProtectedHeader(after).kid).toBe(nextKid);
    expect((await get('/api/session', after)).status).toBe(200);
    advance(61 * 60_000);
    await auth.tokens.keys.reload();
    expect(await kids()).toEqual([nextKid]);
  });
});

describe('client address behind a proxy', () => {
  it('limits per X-Forwarded-For address only when TRUST_PROXY is set', async () => {
    const attempt = (target: typeof app, ip: string) =>
      target.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.9, ${ip}` },
        body: JSON.stringify({ email: 'nobody@example.org', password: 'whatever-123', locale: 'de' }),
      });
    const proxied = (await createTestApp(t, { now: () => now, env: { TRUST_PROXY: 'true' } })).app;
    for (let i = 0; i < 30; i++) expect((await attempt(proxied, '198.51.100.1')).status).toBe(401);
    expect((await attempt(proxied, '198.51.100.1')).status).toBe(429);
    expect((await attempt(proxied, '198.51.100.2')).status).toBe(401);
    // Without a trusted proxy the header is the client's word and changes nothing.
    advance(6 * 60_000);
    for (let i = 0; i < 30; i++) await attempt(app, `198.51.100.${i + 10}`);
    expect((await attempt(app, '198.51.100.99')).status).toBe(429);
  });
});
