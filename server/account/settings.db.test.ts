import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { users } from '../db/schema/users';
import { setUpTestDb } from '../db/test-fixture';
import { queueMessage } from '../messaging/outbox';
import { removeAccount } from './settings';

const db = setUpTestDb();
const NOW = new Date('2026-11-21T09:00:00.000Z');

/** A candidate with a profile and a code waiting to go to the phone. */
async function candidateWithProfile() {
  const id = crypto.randomUUID();
  const [user] = await db.db
    .insert(users)
    .values({
      id,
      email: 'nova@settings.test',
      passwordHash: 'not-a-hash',
      userType: 'nova',
      registrationStep: 0,
      language: 'en',
      phoneNumber: '+491701234567',
    })
    .returning();
  await db.db.insert(profiles).values({ id: crypto.randomUUID(), userId: id, type: 'nova' });
  await queueMessage(
    db.db,
    { kind: 'sms', userId: null, to: '+491701234567', text: 'Your code: 123456' },
    NOW,
  );
  await queueMessage(db.db, { kind: 'mail', userId: id, to: user!.email, subject: 'Hello', text: 'Hi' }, NOW);
  return user!;
}

describe('removing an account (DELETE /api/user and retention)', () => {
  it('deletes the account with its profile and every message still queued for it', async () => {
    const user = await candidateWithProfile();
    await db.db.transaction((tx) => removeAccount(tx, user, NOW));
    expect(await db.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
    const queued = await db.db.select({ to: outbox.recipient, userId: outbox.userId }).from(outbox);
    // Only the notice that the account is gone stays, to the address and tied to no one.
    expect(queued).toEqual([{ to: 'nova@settings.test', userId: null }]);
  });

  it('tells the owner in their language that the account is gone', async () => {
    const user = await candidateWithProfile();
    await db.db.transaction((tx) => removeAccount(tx, user, NOW));
    const [notice] = await db.db.select().from(outbox);
    expect(notice).toMatchObject({ kind: 'mail', recipient: 'nova@settings.test' });
    expect(notice!.subject).toMatch(/account/i);
  });

  it('changes nothing when the deleting transaction fails', async () => {
    const user = await candidateWithProfile();
    const failed = await db.db
      .transaction(async (tx) => {
        await removeAccount(tx, user, NOW);
        throw new Error('the photo store is down');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('the photo store is down');
    expect(await db.db.select({ id: users.id }).from(users)).toEqual([{ id: user.id }]);
    expect(await db.db.select({ id: outbox.id }).from(outbox)).toHaveLength(2);
  });
});
