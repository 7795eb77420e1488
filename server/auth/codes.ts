import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema/auth';
import { hmac, sameText } from './secrets';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export type CodePurpose = 'login' | 'phone';

/** A new 6-digit code (cryptographically random); earlier open codes of the purpose stop working. */
export async function issueCode(
  db: Database,
  secret: Buffer,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      id,
      userId,
      purpose,
      codeHmac: hmac(secret, `${id}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Checks a code. Right: it is consumed, and only one of several parallel submissions wins. Wrong:
 * the attempt counts; the fifth burns the code. Expired or none: wrong.
 */
export async function consumeCode(
  db: Database,
  secret: Buffer,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  if (/^\d{6}$/.test(code) && sameText(hmac(secret, `${row.id}:${code}`), row.codeHmac)) {
    const won = await db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.id, row.id),
          isNull(oneTimeCodes.consumedAt),
          sql`${oneTimeCodes.failedAttempts} < ${MAX_CODE_ATTEMPTS}`,
          sql`${oneTimeCodes.expiresAt} > ${now}`,
        ),
      )
      .returning({ id: oneTimeCodes.id });
    return won.length === 1;
  }
  await db
    .update(oneTimeCodes)
    .set({
      failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1`,
      consumedAt: sql`case when ${oneTimeCodes.failedAttempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now}::timestamptz else null end`,
    })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)));
  return false;
}
