import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/session';
import { processResetRequests } from '../account/reset';
import { signAccessToken } from '../auth/tokens';
import { seedDefaultCatalog } from '../catalog/catalog';
import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { seedDemo } from '../demo/seed';
import type { Logger } from '../log';
import { listOutbox } from '../messaging/outbox';
import { createTestApp } from './test-app';

export const START = Date.UTC(2026, 10, 21, 9, 0, 0);

/**
 * The app on a migrated database with the catalogue and demo accounts, a controlled clock, a
 * scratch DATA_DIR, and TRUST_PROXY so each test can act from its own IP (X-Forwarded-For).
 */
export async function createAccountFixture(options: { logger?: Logger } = {}) {
  const db: TestDb = await createTestDb();
  await seedDefaultCatalog(db.db);
  const dataDir = await mkdtemp(join(tmpdir(), 'matchwerk-account-'));
  const clock = { now: START };
  const { app, auth } = await createTestApp(db, {
    now: () => clock.now,
    env: { DATA_DIR: dataDir, TRUST_PROXY: 'true' },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let ipCounter = 0;
  let ip = '198.51.100.1';

  /** A request with JSON body (when given), bearer token (when given) and the current test IP. */
  const call = (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; ip?: string } = {},
  ) =>
    app.request(path, {
      method,
      headers: {
        'x-forwarded-for': options.ip ?? ip,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });

  const fixture = {
    db,
    app,
    auth,
    clock,
    dataDir,
    photoDir: join(dataDir, 'photos'),
    /** The IP this test acts from (a new one after each reset). */
    get ip() {
      return ip;
    },
    call,
    advance(ms: number) {
      clock.now += ms;
    },
    /** A fresh hour, an empty database with the demo accounts, and a new IP. */
    async reset() {
      clock.now += 2 * 86_400_000;
      await db.db.delete(users);
      await db.db.execute(
        sql`truncate rate_limits, outbox, outbox_attachments, one_time_codes, email_tokens, password_reset_requests`,
      );
      await seedDemo(db.db);
      ipCounter += 1;
      ip = `198.51.100.${ipCounter % 250}`;
    },
    async userByEmail(email: string) {
      const [row] = await db.db.select().from(users).where(eq(users.email, email));
      return row;
    },
    /** An access token for an existing account, signed directly (the login limit is per IP). */
    async tokenFor(email: string): Promise<string> {
      const user = await fixture.userByEmail(email);
      if (!user) throw new Error(`no account ${email}`);
      return signAccessToken(auth.tokens, user, 'ok');
    },
    /** Runs the forgot-password worker once (the server runs it every second). */
    drainResetRequests() {
      return processResetRequests({ auth, publicOrigin: 'http://matchwerk.test' });
    },
    /** The mails to `to`, after the forgot-password worker ran. */
    async mails(to: string) {
      await fixture.drainResetRequests();
      return (await listOutbox(db.db)).filter((m) => m.kind === 'mail' && m.to === to);
    },
    async smsTo(to: string) {
      return (await listOutbox(db.db)).filter((m) => m.kind === 'sms' && m.to === to);
    },
    /** The link of the newest mail to `to` whose path starts with `prefix`; its last segment is the token. */
    async linkIn(to: string, prefix: string): Promise<string> {
      const pattern = new RegExp(`http://matchwerk\\.test${prefix}([\\w.-]+)`);
      for (const mail of await fixture.mails(to)) {
        const match = pattern.exec(mail.text ?? '');
        if (match?.[1]) return match[1];
      }
      throw new Error(`no ${prefix} link in a mail to ${to}`);
    },
    async latestCode(to: string): Promise<string> {
      const [sms] = await fixture.smsTo(to);
      const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
      if (!code) throw new Error(`no SMS code to ${to}`);
      return code;
    },
    close: async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

export type AccountFixture = Awaited<ReturnType<typeof createAccountFixture>>;

/**
 * The fixture of an account route test file: made before its tests, reset before each, closed
 * after them; its members are there once the tests run.
 */
export function accountFixturePerFile(): AccountFixture {
  const fixture = {} as AccountFixture;
  beforeAll(async () => {
    // Descriptors, not values: `ip` is a getter that follows each reset.
    Object.defineProperties(fixture, Object.getOwnPropertyDescriptors(await createAccountFixture()));
  });
  afterAll(() => fixture.close());
  beforeEach(() => fixture.reset());
  return fixture;
}

export const claimsOf = (token: string): TokenClaims => v.parse(TokenClaimsSchema, decodeJwt(token));

export async function errorOf(res: Response): Promise<Omit<ErrorBody, 'requestId'>> {
  const { requestId: _ignored, ...rest } = (await res.json()) as ErrorBody;
  return rest;
}

export const STRONG_PASSWORD = 'Kanufahrt-Zitrone-Wolke-93';

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: STRONG_PASSWORD,
    category: 'luna',
    language: 'en',
    accepted: ['terms-conditions', 'condition-agreements'],
    ...overrides,
  };
}
