import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ProfileListResponse, ProfileListResponseSchema } from '../../contract/agent';
import { hashPassword } from '../auth/password';
import { signAccessToken } from '../auth/tokens';
import { seedDefaultCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { insertUserIfAbsent } from '../users/users';
import { bearerRequests, createTestApp } from './test-app';

/** The accounts of the agent tests: two plain agents, a senior agent, and one of every other type. */
export const AGENT_ROLES = {
  agent: { email: 'agent@agents.test', type: 'agent' },
  otherAgent: { email: 'other-agent@agents.test', type: 'agent' },
  senior: { email: 'senior@agents.test', type: 'senior_agent' },
  luna: { email: 'luna@agents.test', type: 'luna' },
  stella: { email: 'stella@agents.test', type: 'stella' },
  nova: { email: 'nova@agents.test', type: 'nova' },
  company: { email: 'company@agents.test', type: 'company' },
} as const;
export type AgentRole = keyof typeof AGENT_ROLES;

export const COLOGNE = cityById(2886242);
export const AGENT_TEST_PASSWORD = 'Agent-Test-Password-2026';

/** The app over a migrated database with the catalogue, an account per role and a scratch DATA_DIR. */
export async function createAgentFixture() {
  const db: TestDb = await createTestDb();
  await seedDefaultCatalog(db.db);
  const dataDir = await mkdtemp(join(tmpdir(), 'matchwerk-agents-'));
  const { app, auth } = await createTestApp(db, { env: { DATA_DIR: dataDir } });
  const passwordHash = await hashPassword(AGENT_TEST_PASSWORD);

  const tokens = {} as Record<AgentRole, string>;
  const ids = {} as Record<AgentRole, string>;
  for (const [role, { email, type }] of Object.entries(AGENT_ROLES) as [
    AgentRole,
    { email: string; type: string },
  ][]) {
    await insertUserIfAbsent(db.db, {
      email,
      passwordHash,
      userType: type,
      language: role === 'agent' ? 'de' : 'en',
      registrationStep: 0,
    });
    const [user] = await db.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no account ${email}`);
    ids[role] = user.id;
    tokens[role] = await signAccessToken(auth.tokens, user, 'ok');
  }

  const request = bearerRequests(app);

  /** A candidate with an account (e-mail given) or without one; answers the profile id. */
  async function addCandidate(
    type: 'luna' | 'stella' | 'nova',
    values: Record<string, unknown>,
    account?: { email: string; language?: 'de' | 'en'; registrationStep?: number; phone?: string },
  ): Promise<{ profileId: string; userId: string | null }> {
    let userId: string | null = null;
    if (account) {
      await insertUserIfAbsent(db.db, {
        email: account.email,
        passwordHash,
        userType: type,
        language: account.language ?? 'de',
        registrationStep: account.registrationStep ?? 0,
        phoneNumber: account.phone ?? null,
      });
      const [user] = await db.db.select().from(users).where(eq(users.email, account.email));
      userId = user?.id ?? null;
    }
    const profileId = crypto.randomUUID();
    await db.db.execute(
      sql`insert into profiles (id, user_id, type, "values") values (${profileId}, ${userId}, ${type},
          ${JSON.stringify(values)}::jsonb)`,
    );
    return { profileId, userId };
  }

  return {
    db,
    app,
    auth,
    tokens,
    ids,
    request,
    addCandidate,
    /** The app's DATA_DIR (photo files are in its `photos`). */
    dataDir,
    close: async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type AgentFixture = Awaited<ReturnType<typeof createAgentFixture>>;

const MUELLER_VALUES = {
  first_name: 'Anna',
  last_name: 'Müller',
  birth_date: '1990-05-17',
  city: COLOGNE,
  occupation: 'software_developer',
  skills: ['carpentry', 'typescript'],
};

/**
 * The candidates and the company every agent route test starts from: Anna Müller (a stella with an
 * account and a phone), Lena Lunke (a luna, English account), Bernd Brandt (a stella without an
 * account), 25 novas without accounts, and the company account's "Rheinwerk Bau GmbH".
 */
async function seedAgentCandidates(f: AgentFixture) {
  const { profileId: mueller, userId: muellerUser } = (await f.addCandidate('stella', MUELLER_VALUES, {
    email: 'anna.mueller@mail.test',
    phone: '+4915199887766',
  })) as { profileId: string; userId: string };
  const { profileId: luna, userId: lunaUser } = (await f.addCandidate(
    'luna',
    { first_name: 'Lena', last_name: 'Lunke', city: COLOGNE },
    { email: 'lena.lunke@mail.test', language: 'en' },
  )) as { profileId: string; userId: string };
  const { profileId: stellaNoAccount } = await f.addCandidate('stella', {
    first_name: 'Bernd',
    last_name: 'Brandt',
    skills: ['drywall'],
  });
  for (let i = 0; i < 25; i++) {
    await f.addCandidate('nova', { first_name: `Nova${i}`, last_name: 'Neu' });
  }
  const companyId = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${companyId}, ${f.ids.company},
        ${JSON.stringify({ name: 'Rheinwerk Bau GmbH', city: COLOGNE })}::jsonb)`,
  );
  return { mueller, muellerUser, luna, lunaUser, stellaNoAccount, companyId };
}

/** GET /api/profile/list?`query` as `role`: answered 200, parsed with the contract's schema. */
async function listProfiles(
  f: AgentFixture,
  query: string,
  role: AgentRole = 'agent',
): Promise<ProfileListResponse> {
  const res = await f.request('GET', `/api/profile/list?${query}`, f.tokens[role]);
  expect(res.status).toBe(200);
  return v.parse(ProfileListResponseSchema, await res.json());
}

/** The names on a page of the candidate table, in its order. */
export const names = (page: ProfileListResponse) => page.items.map((i) => i.name);

export type SeededAgentFixture = AgentFixture &
  Awaited<ReturnType<typeof seedAgentCandidates>> & {
    /** GET /api/profile/list (listProfiles) on this fixture. */
    list: (query: string, role?: AgentRole) => Promise<ProfileListResponse>;
  };

/**
 * The fixture of an agent route test file with the seeded candidates, made before its tests and
 * closed after them; its members are there once the tests run.
 */
export function seededAgentFixture(): SeededAgentFixture {
  const seeded = {} as SeededAgentFixture;
  beforeAll(async () => {
    const f = await createAgentFixture();
    const list = (query: string, role?: AgentRole) => listProfiles(f, query, role);
    Object.assign(seeded, f, await seedAgentCandidates(f), { list });
  });
  afterAll(() => seeded.close());
  return seeded;
}
