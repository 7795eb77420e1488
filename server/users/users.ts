import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type NewUserRow, type UserRow, users } from '../db/schema/users';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Inserts a user unless the e-mail exists; answers whether it was created. */
export async function insertUserIfAbsent(db: Database, user: Omit<NewUserRow, 'id'>): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({ ...user, id: crypto.randomUUID(), email: normaliseEmail(user.email) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length > 0;
}
