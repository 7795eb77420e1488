import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { signAccessToken } from '../auth/tokens';
import { seedDefaultCatalog } from '../catalog/catalog';
import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { insertUserIfAbsent } from '../users/users';
import { createTestApp } from './test-app';

/** A migrated database with the catalogue, the app on it and a scratch DATA_DIR for photos. */
export async function createProfileFixture() {
  const db: TestDb = await createTestDb();
  await seedDefaultCatalog(db.db);
  const dataDir = await mkdtemp(join(tmpdir(), 'matchwerk-profile-'));
  const { app, auth } = await createTestApp(db, { env: { DATA_DIR: dataDir } });
  const passwordHash = await hashPassword('Profile-Test-Password-2026');

  const request = (method: string, path: string, token: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Creates an account of a type (if absent) and answers a fresh access token for it. */
  async function signIn(email: string, userType: string, language: 'de' | 'en' = 'de'): Promise<string> {
    await insertUserIfAbsent(db.db, { email, passwordHash, userType, language, registrationStep: 0 });
    const [user] = await db.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no account ${email}`);
    // Signed directly: logging in through the API would meet the per-IP login limit.
    return signAccessToken(auth.tokens, user, 'ok');
  }

  return {
    db,
    app,
    auth,
    dataDir,
    photoDir: join(dataDir, 'photos'),
    request,
    signIn,
    close: async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
