import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { loadConfig } from '../config';
import { createLogger, loggedPath } from '../log';
import { deliverDue, type Transport } from '../messaging/outbox';
import { transportsFor } from '../messaging/transports';
import { type AccountFixture, createAccountFixture, registration, STRONG_PASSWORD } from './account-test-kit';

// PRODUCT.md §8: logs never hold tokens (path segments of validation and reset links), e-mail
// addresses, phone numbers or request values; a message kept in the outbox is logged by its id.

const EMAIL = 'Log.Privacy@Example.com';
const PHONE_TYPED = '0151 2345 6789';
const PHONE = '+4915123456789';
const QUERY_SECRET = 'Geheimstrasse';

const lines: string[] = [];
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', PUBLIC_ORIGIN: 'http://matchwerk.test' });
const logger = createLogger(
  config,
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);
let f: AccountFixture;

beforeAll(async () => {
  f = await createAccountFixture({ logger });
});
afterAll(() => f.close());

/** Hands what the outbox holds to the development transports (the default without SMTP and SMS gateway). */
const deliver = (transports: Record<'mail' | 'sms', Transport> = transportsFor(config, logger)) =>
  deliverDue(f.db.db, transports, () => new Date(f.clock.now), logger);

describe('the log of registration, reset and the outbox', () => {
  const secrets: string[] = [];

  beforeAll(async () => {
    await f.reset();
    lines.length = 0;
    const created = await f.call('PUT', '/api/public/user/create', { body: registration(EMAIL) });
    expect(created.status).toBe(201);
    await deliver();
    const validation = await f.linkIn(EMAIL.toLowerCase(), '/user/validate/');
    secrets.push(validation);
    // The SPA page the mail opens, then the API call it makes.
    await f.call('GET', `/user/validate/${validation}`);
    const validated = await f.call('GET', `/api/public/user/validate/${validation}`);
    expect(validated.status).toBe(200);
    const { token } = (await validated.json()) as TokenPair;
    const phone = await f.call('PUT', '/api/user/2fa/save-phone', {
      token,
      body: { phoneNumber: PHONE_TYPED, countryCode: 'DE' },
    });
    expect(phone.status).toBe(204);
    secrets.push(await f.latestCode(PHONE));
    await deliver();

    expect((await f.call('POST', '/api/public/user/reset-password', { body: { email: EMAIL } })).status).toBe(
      204,
    );
    const reset = await f.linkIn(EMAIL.toLowerCase(), '/user/reset-password/');
    secrets.push(reset);
    await deliver();
    await f.call('GET', `/user/reset-password/${reset}`);
    expect((await f.call('GET', `/api/public/user/reset-password/check/${reset}`)).status).toBe(200);
    const done = await f.call('PUT', '/api/public/user/reset-password', {
      body: { email: EMAIL, token: reset, password: `${STRONG_PASSWORD}!`, language: 'en' },
    });
    expect(done.status).toBe(204);

    // A mail server that refuses the recipient names them in its error.
    await f.call('POST', '/api/public/user/reset-password', { body: { email: EMAIL } });
    await f.drainResetRequests();
    const refusing: Transport = {
      send: async (m) => {
        throw new Error(`550 5.1.1 <${m.to}>: Recipient address rejected (${PHONE})`);
      },
    };
    await deliver({ mail: refusing, sms: refusing });

    // Query values and an address or number typed into a path.
    await f.call('GET', `/api/catalog/cities?q=${QUERY_SECRET}&email=${encodeURIComponent(EMAIL)}`, {
      token,
    });
    await f.call('GET', `/api/profile/${encodeURIComponent(EMAIL)}`, { token });
    await f.call('GET', `/api/profile/${encodeURIComponent(PHONE)}`, { token });
  });

  it('logged the flow: the requests, the kept messages and the failed delivery', () => {
    const messages = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(messages.filter((m) => m.msg === 'request').length).toBeGreaterThan(8);
    const kept = messages.filter((m) => m.msg === 'message kept in the outbox');
    expect(kept.map((m) => m.kind).sort()).toEqual(['mail', 'mail', 'sms']);
    for (const m of kept) expect(m.outboxId).toMatch(/^[0-9a-f-]{36}$/);
    expect(messages.some((m) => m.msg === 'message not delivered, will retry')).toBe(true);
    expect(messages.map((m) => m.path)).toContain('/api/public/user/reset-password/check/[redacted]');
    expect(messages.map((m) => m.path)).toContain('/api/public/user/validate/[redacted]');
    expect(messages.map((m) => m.path)).toContain('/user/validate/[redacted]');
  });

  it('holds no token, code, e-mail address, phone number or query value in any line', () => {
    expect(secrets).toHaveLength(3);
    const forbidden = [
      ...secrets,
      // The reset link is a JWT: no part of it either.
      ...secrets[2]!.split('.'),
      EMAIL,
      EMAIL.toLowerCase(),
      encodeURIComponent(EMAIL),
      'log.privacy',
      PHONE,
      PHONE_TYPED,
      '15123456789',
      QUERY_SECRET,
    ];
    for (const line of lines) {
      for (const value of forbidden) expect(line).not.toContain(value);
      expect(line).not.toMatch(/@example\.com/i);
    }
  });
});

describe('loggedPath', () => {
  it('redacts the token of every link and any token, address or number, and keeps ids', () => {
    const id = '0b7c5e1a-1111-4222-8333-444455556666';
    expect(loggedPath('/api/public/user/validate/user/abc')).toBe(
      '/api/public/user/validate/user/[redacted]',
    );
    expect(loggedPath('/user/reset-password/eyJhbGciOi.eyJzdWIi.sig')).toBe(
      '/user/reset-password/[redacted]',
    );
    expect(loggedPath(`/api/agent/profile/${id}`)).toBe(`/api/agent/profile/${id}`);
    expect(loggedPath(`/api/x/${'a'.repeat(43)}/y`)).toBe('/api/x/[redacted]/y');
    expect(loggedPath('/api/x/eyJhbGciOiJSUzI1NiJ9.e30.c2ln')).toBe('/api/x/[redacted]');
    expect(loggedPath('/api/x/a%40b.de')).toBe('/api/x/[redacted]');
    expect(loggedPath('/api/x/%2B4915123456789')).toBe('/api/x/[redacted]');
    expect(loggedPath('/api/public/text/condition-agreements')).toBe('/api/public/text/condition-agreements');
    expect(loggedPath('/api/catalog/cities')).toBe('/api/catalog/cities');
  });
});
