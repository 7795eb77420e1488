import { createHash, generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/auth';
import { errorOf } from '../http/account-test-kit';
import { createSessionFixture, type SessionFixture } from '../http/session-test-kit';
import { rotateKeys } from './keys';

// The session's tokens: refresh token rotation and reuse, access token verification, key rotation.

let f: SessionFixture;

beforeAll(async () => {
  f = await createSessionFixture();
});
afterAll(() => f.close());
beforeEach(() => f.reset());

describe('refresh tokens', () => {
  const refresh = (token: string) => f.post('/api/login/refresh', { refresh_token: token });

  it('rotates on every use and the old token then answers within 10 s with the same new pair', async () => {
    const { body } = await f.loginAs('stella@matchwerk.example');
    const first = await refresh(body.refresh_token ?? '');
    expect(first.status).toBe(200);
    const pair = (await first.json()) as { token: string; refresh_token: string };
    expect(pair.refresh_token).not.toBe(body.refresh_token);
    f.advance(5_000);
    const parallelTab = await refresh(body.refresh_token ?? '');
    expect(parallelTab.status).toBe(200);
    expect(await parallelTab.json()).toEqual(pair);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
  });

  it('revokes the whole family when a used token comes back after the grace window', async () => {
    const { body } = await f.loginAs('stella@matchwerk.example');
    const pair = (await (await refresh(body.refresh_token ?? '')).json()) as { refresh_token: string };
    f.advance(11_000);
    const reuse = await refresh(body.refresh_token ?? '');
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).code).toBe('refresh.reused');
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('handles two parallel refreshes with one token: both get the same pair', async () => {
    const { body } = await f.loginAs('stella@matchwerk.example');
    const [a, b] = await Promise.all([refresh(body.refresh_token ?? ''), refresh(body.refresh_token ?? '')]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(await a?.json()).toEqual(await b?.json());
  });

  it('ends a family 30 days after login however often it was rotated', async () => {
    const { body } = await f.loginAs('stella@matchwerk.example');
    let token = body.refresh_token ?? '';
    for (let day = 0; day < 29; day++) {
      f.advance(24 * 3_600_000);
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    f.advance(24 * 3_600_000 + 1000);
    expect((await refresh(token)).status).toBe(401);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { body } = await f.loginAs('stella@matchwerk.example');
    const rows = await f.db.db.select().from(refreshTokens);
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
    const { body } = await f.loginAs('stella@matchwerk.example');
    expect((await f.post('/api/logout', { refresh_token: body.refresh_token })).status).toBe(204);
    expect((await refresh(body.refresh_token ?? '')).status).toBe(401);
    expect((await f.post('/api/logout', { refresh_token: 'unknown' })).status).toBe(204);
  });
});

describe('access token verification', () => {
  async function validToken() {
    return (await f.loginAs('agent@matchwerk.example')).body.token;
  }
  const parts = (token: string) => token.split('.') as [string, string, string];
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  async function expectInvalid(token: string) {
    const res = await f.get('/api/session', token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ status: 401, code: 'jwt.invalid', message: 'Invalid JWT Token' });
  }

  it('accepts its own token', async () => {
    const res = await f.get('/api/session', await validToken());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'agent@matchwerk.example' });
  });

  it('answers an expired token 401 with the message exactly "Expired JWT Token"', async () => {
    const token = await validToken();
    f.advance(901_000);
    const res = await f.get('/api/session', token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ status: 401, code: 'jwt.expired', message: 'Expired JWT Token' });
  });

  it('refuses alg none', async () => {
    const claims = decodeJwt(await validToken());
    await expectInvalid(new UnsecuredJWT(claims).encode());
  });

  it('refuses HS256 signed with the public key as secret', async () => {
    const token = await validToken();
    const jwks = (await (await f.get('/api/public/jwk')).json()) as { keys: object[] };
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
    const { kid, key } = await f.auth.tokens.keys.signingKey();
    const claims = decodeJwt(await validToken());
    const sign = (header: Record<string, unknown>, override: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...override })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid, ...header })
        .sign(key);
    expect((await f.get('/api/session', await sign({}))).status).toBe(200);
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
    const res = await f.get('/api/session');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('auth.required');
  });
});

describe('key rotation', () => {
  it('publishes the next key at once, signs with it after 10 minutes, keeps the old until its tokens expired', async () => {
    const before = (await f.loginAs('agent@matchwerk.example')).body.token;
    const oldKid = decodeProtectedHeader(before).kid;
    const { kid: nextKid } = await rotateKeys(f.db.db, new Date(f.clock.now), 3_600_000);
    await f.auth.tokens.keys.reload();
    const kids = async () =>
      ((await (await f.get('/api/public/jwk')).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    expect(await kids()).toEqual(expect.arrayContaining([oldKid, nextKid]));
    expect(decodeProtectedHeader((await f.loginAs('agent@matchwerk.example')).body.token).kid).toBe(oldKid);
    f.advance(10 * 60_000 + 1000);
    const after = (await f.loginAs('agent@matchwerk.example')).body.token;
    expect(decodeProtectedHeader(after).kid).toBe(nextKid);
    expect((await f.get('/api/session', after)).status).toBe(200);
    f.advance(61 * 60_000);
    await f.auth.tokens.keys.reload();
    expect(await kids()).toEqual([nextKid]);
  });
});
