import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/session';
import { queryRows } from '../db/client';
import { int, text } from '../db/rows';
import { DEMO_PASSWORD } from '../demo/seed';
import { type AccountFixture, claimsOf, createAccountFixture, errorOf } from '../http/account-test-kit';

/**
 * A session ended while a refresh of it is under way (PostgreSQL only: it takes two connections).
 * `other` plays the other request: it holds its transaction open until the app's statement waits for
 * its row lock, then commits.
 */
let f: AccountFixture;
let other: pg.Client;
beforeAll(async () => {
  f = await createAccountFixture();
  if (!('url' in f.db.location)) throw new Error('a PostgreSQL test');
  other = new pg.Client({ connectionString: f.db.location.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await f.close();
});
beforeEach(() => f.reset());
// A test that failed half-way must not leave `other`'s transaction (and its locks) open.
afterEach(() => other.query('rollback'));

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

async function login(email: string): Promise<Required<TokenPair>> {
  const res = await f.call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD, locale: 'de' } });
  expect(res.status).toBe(200);
  return (await res.json()) as Required<TokenPair>;
}

/** Until a statement of this database waits for a lock (the app's, behind `other`'s transaction). */
async function someoneWaits(): Promise<void> {
  const started = performance.now();
  for (;;) {
    const [row] = await queryRows(
      f.db.db,
      sql`select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      v.object({ waiting: int }),
    );
    if (Number(row?.waiting) > 0) return;
    if (performance.now() - started > 5000) throw new Error('nobody waits for a lock');
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Opens `other`'s transaction and writes in it what refreshSession writes: the token used, its child. */
async function rotateInOther(pair: Required<TokenPair>): Promise<void> {
  const child = crypto.randomUUID();
  await other.query('begin');
  await other.query('update refresh_tokens set used_at = now(), replaced_by = $1 where token_hash = $2', [
    child,
    sha256(pair.refresh_token),
  ]);
  await other.query(
    `insert into refresh_tokens (id, family_id, user_id, token_hash, created_at, family_expires_at)
     select $1, family_id, user_id, 'child-of-the-race', now(), family_expires_at
     from refresh_tokens where token_hash = $2`,
    [child, sha256(pair.refresh_token)],
  );
}

const liveTokens = (sid: string | undefined) =>
  queryRows(
    f.db.db,
    sql`select token_hash from refresh_tokens where family_id = ${sid ?? ''} and revoked_at is null`,
    v.object({ token_hash: text }),
  );

describe('a session ended while a refresh of it is under way', () => {
  it('a step that waited for a refresh rotating the session ends the rotated child too', async () => {
    const pair = await login('pending@matchwerk.example');
    await rotateInOther(pair);
    const step = f.call('POST', '/api/user/2fa/skip', { token: pair.token });
    await someoneWaits();
    await other.query('commit');
    expect((await step).status).toBe(200);
    expect(await liveTokens(claimsOf(pair.token).sid)).toEqual([]);
  });

  it('a password change that waited for a refresh rotating a session ends the rotated child too', async () => {
    const pair = await login('luna@matchwerk.example');
    await rotateInOther(pair);
    const change = f.call('PUT', '/api/user/password', {
      token: pair.token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Leuchtturm-Quitte-Harfe-58' },
    });
    await someoneWaits();
    await other.query('commit');
    expect((await change).status).toBe(200);
    expect(await liveTokens(claimsOf(pair.token).sid)).toEqual([]);
  });

  it('a refresh that read the token before the session ended answers refresh.invalid, not a reuse', async () => {
    const pair = await login('pending@matchwerk.example');
    const sid = claimsOf(pair.token).sid;
    await other.query('begin');
    await other.query('update refresh_tokens set revoked_at = now() where family_id = $1', [sid]);
    const refresh = f.call('POST', '/api/login/refresh', { body: { refresh_token: pair.refresh_token } });
    await someoneWaits();
    await other.query('commit');
    expect(await errorOf(await refresh)).toMatchObject({ status: 401, code: 'refresh.invalid' });
  });
});
