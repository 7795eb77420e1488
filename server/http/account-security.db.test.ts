import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { requestPasswordReset } from '../account/reset';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema/auth';
import { passwordResetRequests } from '../db/schema/sessions';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD } from '../demo/seed';
import { accountFixturePerFile, errorOf, registration, STRONG_PASSWORD } from './account-test-kit';

/** Issue 9, points 5 and 9: forgot-password in constant time, SMS rules, security notices, atomic writes. */
const f = accountFixturePerFile();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The database, recording which of its methods a call used. */
function recording(db: Database) {
  const used: string[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      used.push(String(prop));
      return value.bind(target);
    },
  });
  return { db: proxy, used };
}

describe('forgot password', () => {
  it('only queues the address: the handler looks no account up, known and unknown take the same path', async () => {
    const paths: string[][] = [];
    for (const email of ['stella@matchwerk.example', 'nobody@matchwerk.example']) {
      const { db, used } = recording(f.db.db);
      await requestPasswordReset({ auth: { ...f.auth, db } }, email, '203.0.113.9');
      paths.push(used);
    }
    expect(paths[0]).toEqual(paths[1]);
    expect(paths[0]).not.toContain('select');
    expect(paths[0]).not.toContain('query');
    expect(paths[0]).not.toContain('transaction');
    const queued = await f.db.db.select().from(passwordResetRequests);
    expect(queued.map((r) => r.email).sort()).toEqual([
      'nobody@matchwerk.example',
      'stella@matchwerk.example',
    ]);
  });

  it('answers 204 alike at once; the worker mails a link to a known address only', async () => {
    const known = await f.call('POST', '/api/public/user/reset-password', {
      body: { email: 'stella@matchwerk.example' },
    });
    const unknown = await f.call('POST', '/api/public/user/reset-password', {
      body: { email: 'nobody@matchwerk.example' },
    });
    expect([known.status, unknown.status]).toEqual([204, 204]);
    const outboxBefore = await f.db.db.execute(sql`select count(*)::int as n from outbox`);
    expect((outboxBefore as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await f.drainResetRequests()).toBe(2);
    expect((await f.mails('stella@matchwerk.example')).length).toBe(1);
    expect((await f.mails('nobody@matchwerk.example')).length).toBe(0);
    expect(await f.db.db.select().from(passwordResetRequests)).toEqual([]);
  });

  it('takes as long for a known as for an unknown address (medians printed)', async () => {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 15; i++) {
      f.advance(3_600_001); // a fresh hour for the per-address limit
      for (const [kind, email] of [
        ['known', 'stella@matchwerk.example'],
        ['unknown', 'nobody@matchwerk.example'],
      ] as const) {
        const started = performance.now();
        const res = await f.call('POST', '/api/public/user/reset-password', {
          body: { email },
          ip: `203.0.113.${i}`,
        });
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(204);
      }
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    console.info(
      `forgot-password median: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms (15 each)`,
    );
    // The same statements either way; the bound only catches a lookup or a hash creeping back in.
    expect(known).toBeLessThan(unknown * 1.5 + 3);
  });

  it('allows 20 requests an hour per IP, whatever the addresses, then 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await f.call('POST', '/api/public/user/reset-password', {
        body: { email: `someone${i}@example.org` },
      });
      expect(res.status).toBe(204);
    }
    const refused = await f.call('POST', '/api/public/user/reset-password', {
      body: { email: 'stella@matchwerk.example' },
    });
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'request.rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await f.drainResetRequests()).toBe(20);
    expect((await f.mails('stella@matchwerk.example')).length).toBe(0);
    const elsewhere = await f.call('POST', '/api/public/user/reset-password', {
      body: { email: 'stella@matchwerk.example' },
      ip: '203.0.113.200',
    });
    expect(elsewhere.status).toBe(204);
  });
});

const changePhone = (token: string, phoneNumber: string, countryCode = 'DE', ip?: string) =>
  f.call('PUT', '/api/user/phone', {
    token,
    body: { currentPassword: DEMO_PASSWORD, phoneNumber, countryCode },
    ...(ip ? { ip } : {}),
  });

describe('SMS rules', () => {
  it('refuses a step-1 account (e-mail not validated) on the phone calls with 403 and sends nothing', async () => {
    const created = await f.call('PUT', '/api/public/user/create', { body: registration('new@example.org') });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as TokenPair;
    const change = await f.call('PUT', '/api/user/phone', {
      token,
      body: { currentPassword: STRONG_PASSWORD, phoneNumber: '0151 23456789', countryCode: 'DE' },
    });
    expect(await errorOf(change)).toMatchObject({ status: 403, code: 'phone.email_not_validated' });
    const save = await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: '0151 23456789', countryCode: 'DE' },
    });
    expect(await errorOf(save)).toMatchObject({ status: 403, code: 'phone.email_not_validated' });
    expect(await f.smsTo('+4915123456789')).toEqual([]);
    expect((await f.userByEmail('new@example.org'))?.pendingPhoneNumber).toBeNull();
  });

  it.each([
    ['030 12345678', 'DE', 'phone.not_mobile'],
    ['0900 5123456', 'DE', 'phone.premium_rate'],
    ['+1 201 555 0123', 'US', 'phone.country_not_supported'],
  ])('refuses %s (%s) with %s under fields.phoneNumber and sends nothing', async (number, country, code) => {
    const token = await f.tokenFor('stella@matchwerk.example');
    const res = await changePhone(token, number, country);
    expect(await errorOf(res)).toMatchObject({ status: 400, fields: { phoneNumber: [code] } });
    expect((await f.userByEmail('stella@matchwerk.example'))?.pendingPhoneNumber).toBeNull();
  });

  it('sends to mobile numbers of SMS_COUNTRIES (DE, CH)', async () => {
    const token = await f.tokenFor('stella@matchwerk.example');
    expect((await changePhone(token, '0151 23456789')).status).toBe(204);
    expect((await f.smsTo('+4915123456789')).length).toBe(1);
    f.advance(61_000);
    expect((await changePhone(token, '+41 78 123 45 67', 'CH')).status).toBe(204);
    expect((await f.smsTo('+41781234567')).length).toBe(1);
  });

  it('stops at the per-IP hourly cap (429), other addresses go on', async () => {
    await f.db.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`sms:ip:${f.ip}:hour`}, ${new Date(f.clock.now)}, 20)`,
    );
    const token = await f.tokenFor('stella@matchwerk.example');
    const refused = await changePhone(token, '0151 23456789');
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'request.rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await f.smsTo('+4915123456789')).toEqual([]);
    const luna = await f.tokenFor('luna@matchwerk.example');
    expect((await changePhone(luna, '0170 1234567', 'DE', '203.0.113.77')).status).toBe(204);
  });

  it('stops at the global hourly cap (429) from any address', async () => {
    await f.db.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('sms:global:hour', ${new Date(f.clock.now)}, 1000)`,
    );
    const token = await f.tokenFor('stella@matchwerk.example');
    const refused = await changePhone(token, '0151 23456789', 'DE', '203.0.113.78');
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 'request.rate_limited' });
    expect(await f.smsTo('+4915123456789')).toEqual([]);
  });
});

const login = (email: string, password: string, ip: string) =>
  f.call('POST', '/api/login', { body: { email, password, locale: 'de' }, ip });

describe('security notices', () => {
  it('mails the owner when the login is locked, once per lock, in their language', async () => {
    await f.db.db.update(users).set({ language: 'en' }).where(eq(users.email, 'stella@matchwerk.example'));
    const locked = async () =>
      (await f.mails('stella@matchwerk.example')).filter(
        (m) => m.subject === 'Sign-in to Matchwerk temporarily locked',
      );
    for (let i = 0; i < 9; i++)
      await login('stella@matchwerk.example', 'Wrong-Password-123', `203.0.113.${i}`);
    expect(await locked()).toEqual([]);
    await login('stella@matchwerk.example', 'Wrong-Password-123', '203.0.113.50');
    expect((await locked()).length).toBe(1);
    // Tries during the lock count nothing and mail nothing.
    for (let i = 0; i < 3; i++)
      await login('stella@matchwerk.example', 'Wrong-Password-123', `203.0.113.6${i}`);
    expect((await locked()).length).toBe(1);
    f.advance(61_000);
    await login('stella@matchwerk.example', 'Wrong-Password-123', '203.0.113.70');
    expect((await locked()).length).toBe(2);
  });

  it('mails when SMS protection is turned on, its number changed and turned off (German by default)', async () => {
    const token = await f.tokenFor('stella@matchwerk.example');
    const subjects = async () => (await f.mails('stella@matchwerk.example')).map((m) => m.subject).reverse();
    expect((await changePhone(token, '0151 23456789')).status).toBe(204);
    const confirm = async () =>
      f.call('PUT', '/api/user/2fa/save-phone/confirm', {
        token,
        body: {
          code: await f.latestCode(
            (await f.userByEmail('stella@matchwerk.example'))?.pendingPhoneNumber ?? '',
          ),
        },
      });
    expect((await confirm()).status).toBe(200);
    expect(await subjects()).toEqual(['SMS-Schutz eingeschaltet']);
    f.advance(61_000);
    expect((await changePhone(token, '0170 1234567')).status).toBe(204);
    expect((await confirm()).status).toBe(200);
    expect(await subjects()).toEqual([
      'SMS-Schutz eingeschaltet',
      'Telefonnummer für den SMS-Schutz geändert',
    ]);
    const off = await f.call('DELETE', '/api/user/2fa', { token, body: { currentPassword: DEMO_PASSWORD } });
    expect(off.status).toBe(200);
    expect((await subjects()).sort()).toEqual(
      [
        'SMS-Schutz ausgeschaltet',
        'SMS-Schutz eingeschaltet',
        'Telefonnummer für den SMS-Schutz geändert',
      ].sort(),
    );
  });

  it('mails when the password was changed in the settings', async () => {
    const token = await f.tokenFor('luna@matchwerk.example');
    const res = await f.call('PUT', '/api/user/password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Leuchtturm-Quitte-Harfe-58' },
    });
    expect(res.status).toBe(200);
    expect((await f.mails('luna@matchwerk.example')).map((m) => m.subject)).toEqual([
      'Ihr Passwort wurde geändert',
    ]);
  });
});

/** Makes queuing a message of `kind` fail, as a full disk or a lost connection would, for `body`. */
async function withOutboxRefusing<T>(kind: 'mail' | 'sms', body: () => T | Promise<T>): Promise<T> {
  await f.db.db.execute(
    sql.raw(`alter table outbox add constraint test_refuse check (kind <> '${kind}') not valid`),
  );
  try {
    return await body();
  } finally {
    await f.db.db.execute(sql.raw('alter table outbox drop constraint test_refuse'));
  }
}

describe('writes that belong together are one transaction', () => {
  it('a login code exists only with its queued SMS', async () => {
    const mfa = await f.userByEmail('mfa@matchwerk.example');
    if (!mfa) throw new Error('no demo 2FA account');
    const res = await withOutboxRefusing('sms', () =>
      login('mfa@matchwerk.example', DEMO_PASSWORD, '203.0.113.90'),
    );
    expect(res.status).toBeGreaterThanOrEqual(500);
    const open = await f.db.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, mfa.id), isNull(oneTimeCodes.consumedAt)));
    expect(open).toEqual([]);
  });

  it('confirming a phone keeps the code when its notice cannot be queued', async () => {
    const token = await f.tokenFor('stella@matchwerk.example');
    expect((await changePhone(token, '0151 23456789')).status).toBe(204);
    const code = await f.latestCode('+4915123456789');
    const failed = await withOutboxRefusing('mail', () =>
      f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code } }),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await f.userByEmail('stella@matchwerk.example'))?.mfaStatus).toBe('disabled');
    const again = await f.call('PUT', '/api/user/2fa/save-phone/confirm', { token, body: { code } });
    expect(again.status).toBe(200);
  });

  it('a failed login that locks the account counts only with its notice', async () => {
    await f.db.db.update(users).set({ failedLogins: 9 }).where(eq(users.email, 'stella@matchwerk.example'));
    await withOutboxRefusing('mail', () =>
      login('stella@matchwerk.example', 'Wrong-Password-123', '203.0.113.91'),
    );
    const user = await f.userByEmail('stella@matchwerk.example');
    expect([user?.failedLogins, user?.lockedUntil]).toEqual([9, null]);
  });
});
