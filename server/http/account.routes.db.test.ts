import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import sharp from 'sharp';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { createApp } from '../app';
import { issueTokenPair } from '../auth/sessions';
import { createAuthServices } from '../auth/setup';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { DEMO_PASSWORD } from '../demo/seed';
import { createLogger } from '../log';
import { listOutbox } from '../messaging/outbox';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { processPhoto, replacePhoto } from '../profiles/photos';
import { accountFixturePerFile, claimsOf, errorOf } from './account-test-kit';

const f = accountFixturePerFile();

const NEW_PASSWORD = 'Leuchtturm-Quitte-Harfe-58';

const login = (email: string, password: string) =>
  f.call('POST', '/api/login', { body: { email, password, locale: 'de' } });

async function loginPair(email: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const res = await login(email, password);
  expect(res.status).toBe(200);
  return (await res.json()) as TokenPair;
}

async function requestReset(email: string) {
  return f.call('POST', '/api/public/user/reset-password', { body: { email } });
}

async function resetLink(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(204);
  return f.linkIn(email, '/user/reset-password/');
}

describe('enumeration-safe answers', () => {
  it('login answers a wrong password and an unknown address alike', async () => {
    const known = await login('stella@matchwerk.example', 'Wrong-Password-123');
    const unknown = await login('nobody@matchwerk.example', 'Wrong-Password-123');
    expect(known.status).toBe(unknown.status);
    expect(await errorOf(known)).toEqual(await errorOf(unknown));
  });

  it('the reset request answers known and unknown addresses alike, and limits both alike', async () => {
    const known = await requestReset('stella@matchwerk.example');
    const unknown = await requestReset('nobody@matchwerk.example');
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(known.status).toBe(204);
    expect((await f.mails('stella@matchwerk.example')).length).toBe(1);
    expect((await f.mails('nobody@matchwerk.example')).length).toBe(0);
    for (let i = 1; i < 5; i++) {
      await requestReset('stella@matchwerk.example');
      await requestReset('nobody@matchwerk.example');
    }
    const knownSixth = await requestReset('stella@matchwerk.example');
    const unknownSixth = await requestReset('nobody@matchwerk.example');
    expect(knownSixth.status).toBe(429);
    expect(unknownSixth.status).toBe(429);
    expect(knownSixth.headers.get('retry-after')).toBe(unknownSixth.headers.get('retry-after'));
    expect(await errorOf(knownSixth)).toEqual(await errorOf(unknownSixth));
  });
});

describe('password reset', () => {
  it('mails an RS256 JWT (kid, typ JWT) verifiable with /api/public/jwk, holding reset_password_token', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
    const jwks = (await (await f.call('GET', '/api/public/jwk')).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      currentDate: new Date(f.clock.now),
    });
    expect(payload.reset_password_token).toEqual(expect.any(String));
    const [mail] = await f.mails('stella@matchwerk.example');
    expect(mail?.html).toContain(`href="http://matchwerk.test/user/reset-password/${jwt}"`);
    expect(mail?.subject).toBe('Passwort zurücksetzen');
  });

  it('is never accepted as an access token', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    const res = await f.call('GET', '/api/session', { token: jwt });
    expect(await errorOf(res)).toMatchObject({ status: 401, code: 'jwt.invalid' });
  });

  it('check answers reset_password.ok for a live token only; sets the password once; ends sessions; keeps 2FA; mails a notice', async () => {
    const mfaUser = 'mfa@matchwerk.example';
    const user = await f.userByEmail(mfaUser);
    if (!user) throw new Error('no demo 2FA account');
    // A full session of a 2FA account (its login would wait for the SMS code).
    const refresh = await issueTokenPair(f.auth, user);
    const jwt = await resetLink(mfaUser);
    const check = await f.call('GET', `/api/public/user/reset-password/check/${jwt}`);
    // The check names the account, so the reset form need not ask for the address again.
    expect([check.status, await check.json()]).toEqual([200, { code: 'reset_password.ok', email: mfaUser }]);

    const body = { email: mfaUser, token: jwt, password: NEW_PASSWORD, language: 'en' };
    const weak = await f.call('PUT', '/api/public/user/reset-password', {
      body: { ...body, password: 'qwertzuiop12' },
    });
    expect(await errorOf(weak)).toMatchObject({ status: 400, code: 'password.weak' });
    expect((await f.call('GET', `/api/public/user/reset-password/check/${jwt}`)).status).toBe(200);

    const done = await f.call('PUT', '/api/public/user/reset-password', { body });
    expect(done.status).toBe(204);
    const used = await f.call('GET', `/api/public/user/reset-password/check/${jwt}`);
    expect(await errorOf(used)).toMatchObject({ status: 400, code: 'reset.invalid_token' });
    expect((await f.call('PUT', '/api/public/user/reset-password', { body })).status).toBe(400);

    const stale = await f.call('POST', '/api/login/refresh', {
      body: { refresh_token: refresh.refresh_token },
    });
    expect(stale.status).toBe(401);
    const after = await f.userByEmail(mfaUser);
    expect(after?.mfaStatus).toBe('enabled');
    expect(after?.phoneNumber).toBe('+4915123456789');
    const pending = (await (await login(mfaUser, NEW_PASSWORD)).json()) as TokenPair;
    expect(claimsOf(pending.token).login_status).toBe('pending');
    expect((await f.mails(mfaUser)).map((m) => m.subject)).toContain('Your password was changed');
  });

  it('lets exactly one of two parallel resets with the same token win', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    const body = { email: 'stella@matchwerk.example', token: jwt, password: NEW_PASSWORD, language: 'de' };
    const answers = await Promise.all([
      f.call('PUT', '/api/public/user/reset-password', { body }),
      f.call('PUT', '/api/public/user/reset-password', { body: { ...body, password: `${NEW_PASSWORD}-2` } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
  });

  it('expires after one hour', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    f.advance(3_600_000 + 1000);
    expect((await f.call('GET', `/api/public/user/reset-password/check/${jwt}`)).status).toBe(400);
    const res = await f.call('PUT', '/api/public/user/reset-password', {
      body: { email: 'stella@matchwerk.example', token: jwt, password: NEW_PASSWORD, language: 'de' },
    });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'reset.invalid_token' });
  });

  it('fails the check once the account was deactivated, and names no address then', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    await f.db.db.execute(sql`update users set active = false where email = 'stella@matchwerk.example'`);
    const check = await f.call('GET', `/api/public/user/reset-password/check/${jwt}`);
    const body = await check.json();
    expect(body).toMatchObject({ code: 'reset.invalid_token' });
    expect(JSON.stringify(body)).not.toContain('stella@');
  });

  it('refuses the token for another address', async () => {
    const jwt = await resetLink('stella@matchwerk.example');
    const res = await f.call('PUT', '/api/public/user/reset-password', {
      body: { email: 'luna@matchwerk.example', token: jwt, password: NEW_PASSWORD, language: 'de' },
    });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'reset.invalid_token' });
  });
});

describe('account settings', () => {
  it('changes the password with the current one: other sessions end, a new pair answers', async () => {
    const other = await loginPair('luna@matchwerk.example');
    const wrong = await f.call('PUT', '/api/user/password', {
      token: other.token,
      body: { currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD },
    });
    expect(await errorOf(wrong)).toMatchObject({ status: 400, code: 'password.wrong_current' });
    const res = await f.call('PUT', '/api/user/password', {
      token: other.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as TokenPair;
    expect(
      (await f.call('POST', '/api/login/refresh', { body: { refresh_token: other.refresh_token } })).status,
    ).toBe(401);
    expect(
      (await f.call('POST', '/api/login/refresh', { body: { refresh_token: fresh.refresh_token } })).status,
    ).toBe(200);
    expect((await login('luna@matchwerk.example', NEW_PASSWORD)).status).toBe(200);
  });

  it('changes the phone only with the current password and turns 2FA off with it', async () => {
    const token = await f.tokenFor('mfa@matchwerk.example');
    const body = { currentPassword: 'wrong-password-x', phoneNumber: '0170 1234567', countryCode: 'DE' };
    const wrong = await f.call('PUT', '/api/user/phone', { token, body });
    expect(await errorOf(wrong)).toMatchObject({ status: 400, code: 'password.wrong_current' });
    expect((await f.userByEmail('mfa@matchwerk.example'))?.pendingPhoneNumber).toBeNull();

    expect(
      (await f.call('PUT', '/api/user/phone', { token, body: { ...body, currentPassword: DEMO_PASSWORD } }))
        .status,
    ).toBe(204);
    const code = await f.latestCode('+491701234567');
    const confirmed = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code } });
    expect(claimsOf(((await confirmed.json()) as TokenPair).token)).toMatchObject({
      phone_number: '+491701234567',
      mfa_status: 'enabled',
      registration_step: 0,
    });

    const refused = await f.call('DELETE', '/api/user/2fa', {
      token,
      body: { currentPassword: 'wrong-password-x' },
    });
    expect(refused.status).toBe(400);
    const off = await f.call('DELETE', '/api/user/2fa', { token, body: { currentPassword: DEMO_PASSWORD } });
    expect(claimsOf(((await off.json()) as TokenPair).token)).toMatchObject({
      mfa_status: 'disabled',
      phone_number: null,
    });
  });
});

describe('DELETE /api/user', () => {
  it('removes every row and file of the user in one go; a wrong password changes nothing', async () => {
    const email = 'stella@matchwerk.example';
    const pair = await loginPair(email);
    const user = await f.userByEmail(email);
    const userId = user?.id ?? '';
    const storage = new FilePhotoStorage(f.photoDir);
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    await replacePhoto(f.db.db, storage, userId, await processPhoto(image));
    await resetLink(email);
    await f.call('PUT', '/api/user/phone', {
      token: pair.token,
      body: { currentPassword: DEMO_PASSWORD, phoneNumber: '0170 7654321', countryCode: 'DE' },
    });
    expect((await readdir(f.photoDir)).length).toBe(2);

    const wrong = await f.call('DELETE', '/api/user', {
      token: pair.token,
      body: { password: 'wrong-password-x' },
    });
    expect(await errorOf(wrong)).toMatchObject({ status: 400, code: 'password.wrong_current' });
    expect(await f.userByEmail(email)).toBeDefined();

    const res = await f.call('DELETE', '/api/user', { token: pair.token, body: { password: DEMO_PASSWORD } });
    expect(res.status).toBe(204);
    for (const table of [
      'users',
      'profiles',
      'account_profiles',
      'companies',
      'photos',
      'refresh_tokens',
      'one_time_codes',
      'email_tokens',
      'legal_acceptances',
      'outbox',
    ]) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await queryRows(
        f.db.db,
        sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
        v.object({}),
      );
      expect(rows, table).toEqual([]);
    }
    expect(await readdir(f.photoDir)).toEqual([]);
    const toThem = (await listOutbox(f.db.db)).filter((m) => m.to === email || m.to === '+491707654321');
    expect(toThem.map((m) => m.subject)).toEqual(['Ihr Matchwerk-Konto wurde gelöscht']);
    expect(
      (await f.call('POST', '/api/login/refresh', { body: { refresh_token: pair.refresh_token } })).status,
    ).toBe(401);
    expect((await f.call('GET', '/api/user/create/resend', { token: pair.token })).status).toBe(401);
  });
});

describe('token pages', () => {
  it('serve the SPA (with the document headers) with Referrer-Policy no-referrer under /user/reset-password/ and /user/validate/', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'matchwerk-spa-'));
    try {
      await writeFile(join(dir, 'index.html'), '<!doctype html><title>Matchwerk</title>');
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_ORIGIN: 'http://matchwerk.test',
      });
      const auth = await createAuthServices(f.db.db, config);
      const app = createApp({ config, db: f.db, logger: createLogger(config), auth, staticDir: dir });
      const page = (path: string) => app.request(path, { headers: { accept: 'text/html' } });
      expect((await page('/user/reset-password/abc.def.ghi')).headers.get('referrer-policy')).toBe(
        'no-referrer',
      );
      expect((await page('/user/validate/abc')).headers.get('referrer-policy')).toBe('no-referrer');
      const login = await page('/login');
      expect(login.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(login.headers.get('x-frame-options')).toBe('DENY');
      expect(login.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
