import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './schema/users';
import { createTestDb } from './test-db';
import { setUpFixture } from './test-fixture';

describe('test database helper', () => {
  const t = setUpFixture(createTestDb);

  it('gives a migrated database that accepts users and refuses a second account for one e-mail', async () => {
    const row = {
      id: crypto.randomUUID(),
      email: 'a@example.org',
      passwordHash: 'x',
      userType: 'stella',
    };
    await t.db.insert(users).values(row);
    await expect(t.db.insert(users).values({ ...row, id: crypto.randomUUID() })).rejects.toThrow();
    const found = await t.db.select().from(users).where(eq(users.email, 'a@example.org'));
    expect(found).toHaveLength(1);
    expect(found[0]?.registrationStep).toBe(1);
  });

  it('truncate empties the application tables', async () => {
    await t.truncate();
    expect(await t.db.select().from(users)).toHaveLength(0);
  });
});
