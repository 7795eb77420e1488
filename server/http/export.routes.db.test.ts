import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccountExportSchema, LEGAL_TEXTS_VERSION } from '../../contract/account';
import type { TokenPair } from '../../contract/session';
import { users } from '../db/schema/users';
import { accountFixturePerFile, registration } from './account-test-kit';

const f = accountFixturePerFile();

const EMAIL = 'export@example.com';

/** A registered account with validated e-mail, a pending phone, a profile and a photo. */
async function fullAccount() {
  const created = await f.call('PUT', '/api/public/user/create', {
    body: registration(EMAIL, { accepted: ['terms-conditions', 'condition-agreements', 'datenschutz'] }),
  });
  expect(created.status).toBe(201);
  const link = await f.linkIn(EMAIL, '/user/validate/');
  const validated = await f.call('GET', `/api/public/user/validate/${link}`);
  expect(validated.status).toBe(200);
  const { token } = (await validated.json()) as TokenPair;
  const phone = await f.call('PUT', '/api/user/2fa/save-phone', {
    token,
    body: { phoneNumber: '0151 2345 6789', countryCode: 'DE' },
  });
  expect(phone.status).toBe(204);
  const code = await f.latestCode('+4915123456789');
  const saved = await f.call('PUT', '/api/profile', {
    token,
    body: { values: { first_name: 'Erika', last_name: 'Export', city: { id: 2950159 } }, version: 0 },
  });
  expect(saved.status).toBe(200);
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('data', new File([new Uint8Array(jpeg)], 'me.jpg', { type: 'image/jpeg' }));
  const photo = await f.app.request('/api/profile/photo', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': f.ip },
    body: form,
  });
  expect(photo.status).toBe(201);
  return { token, link, code };
}

describe('GET /api/user/export', () => {
  it('answers everything held about the account as a JSON download', async () => {
    const { token } = await fullAccount();
    const res = await f.call('GET', '/api/user/export', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="matchwerk-export.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = v.parse(AccountExportSchema, await res.json());
    expect(data.account).toMatchObject({
      email: EMAIL,
      type: 'luna',
      language: 'en',
      twoFactor: 'disabled',
      phone: null,
      pendingPhone: '+4915123456789',
    });
    expect(data.account.registrationStep).toBeGreaterThan(0);
    expect(data.consents).toEqual(
      ['condition-agreements', 'datenschutz', 'terms-conditions'].map((text) => ({
        text,
        version: LEGAL_TEXTS_VERSION,
        acceptedAt: expect.any(String),
      })),
    );
    expect(data.profile).toMatchObject({
      values: { first_name: 'Erika', last_name: 'Export', city: { id: 2950159, name: 'Berlin' } },
      version: 1,
      status: 'active',
    });
    expect(data.company).toBeNull();
    expect(data.photo).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const image = Buffer.from(data.photo!.split(',')[1]!, 'base64');
    expect((await sharp(image).metadata()).format).toBe('jpeg');
    expect(data.agentAccesses).toEqual([]);
  });

  it('lists the messages sent to the account with their links and codes redacted', async () => {
    const { token, link, code } = await fullAccount();
    await f.call('PUT', '/api/public/user/create', { body: registration('someone.else@example.com') });
    const data = v.parse(
      AccountExportSchema,
      await (await f.call('GET', '/api/user/export', { token })).json(),
    );
    // Both were queued at the same (test clock) instant: compared as a set.
    expect(data.messages.map((m) => [m.kind, m.to]).sort()).toEqual([
      ['mail', EMAIL],
      ['sms', '+4915123456789'],
    ]);
    const text = JSON.stringify(data.messages);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(link);
    expect(text).not.toContain(code);
    expect(text).toContain('http://matchwerk.test/user/validate/');
  });

  it('exports a company account with its company profile', async () => {
    const token = await f.tokenFor('company@matchwerk.example');
    const data = v.parse(
      AccountExportSchema,
      await (await f.call('GET', '/api/user/export', { token })).json(),
    );
    expect(data.account.type).toBe('company');
    expect(data.company?.values).toMatchObject({ name: 'Rheinwerk Logistik GmbH' });
    expect(data.photo).toBeNull();
  });

  it('answers 401, not 500, to a token of an account deleted since', async () => {
    const token = await f.tokenFor('luna@matchwerk.example');
    await f.db.db.delete(users).where(eq(users.email, 'luna@matchwerk.example'));
    expect((await f.call('GET', '/api/user/export', { token })).status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await f.call('GET', '/api/user/export')).status).toBe(401);
  });
});
