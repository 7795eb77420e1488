import { eq, or, sql } from 'drizzle-orm';
import type { TokenClaims, TokenPair } from '../../contract/session';
import { hashPassword } from '../auth/password';
import { assertPasswordAllowed } from '../auth/password-rules';
import { issueTokenPair, revokeAllSessions } from '../auth/sessions';
import { endContactLogins } from '../clients/contact-logins';
import type { Database } from '../db/client';
import { photos } from '../db/schema/accounts';
import { outbox } from '../db/schema/auth';
import { type UserRow, users } from '../db/schema/users';
import type { Logger } from '../log';
import { queueMessage } from '../messaging/outbox';
import { languageOf } from '../messaging/texts';
import { anonymisePipelineHistory } from '../pipeline/anonymise';
import { deletePhotoFiles } from '../profiles/photos';
import { accountMail } from './mails';
import { type AccountServices, checkCurrentPassword, currentUser, noAccount } from './services';

/** Account settings: the password and deleting the account (the phone is in phone.ts). */

/**
 * Inside a transaction: deletes the user row and with it (cascade) profile, photo row, tokens,
 * codes, consents and outbox entries, plus queued messages addressed to the user's e-mail or phone,
 * and queues the "account deleted" notice to the address, tied to no user. Answers the photo id
 * whose files go after the commit. DELETE /api/user and the retention job (PRODUCT.md §8) both.
 */
export async function removeAccount(
  tx: Database,
  user: Pick<UserRow, 'id' | 'email' | 'phoneNumber' | 'pendingPhoneNumber' | 'language'>,
  now: Date,
): Promise<string | undefined> {
  const [photo] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, user.id));
  const addressedTo = [user.email, user.phoneNumber, user.pendingPhoneNumber].filter(
    (to): to is string => to !== null,
  );
  await tx
    .delete(outbox)
    .where(or(eq(outbox.userId, user.id), ...addressedTo.map((to) => eq(outbox.recipient, to))));
  // The jobs' pipeline history outlives the person, without them (PRODUCT.md §8).
  await anonymisePipelineHistory(tx, sql`select id::text from profiles where user_id = ${user.id}`);
  // A company's main login takes its company, and with it its contacts' logins (decision 0031).
  await endContactLogins(tx, sql`company_id in (select id from companies where user_id = ${user.id})`);
  await tx.delete(users).where(eq(users.id, user.id));
  const mail = accountMail('accountDeleted', languageOf(user.language));
  await queueMessage(tx, { kind: 'mail', userId: null, to: user.email, ...mail }, now);
  return photo?.id;
}

/** PUT /api/user/password: ends every other session and answers a new pair for this one. */
export async function changePassword(
  svc: AccountServices,
  claims: TokenClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<TokenPair> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, input.currentPassword, 'currentPassword');
  assertPasswordAllowed(input.newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date(svc.auth.now());
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await revokeAllSessions(tx, svc.auth.tokens.revocations, user.id, now);
    const mail = accountMail('resetDone', languageOf(user.language));
    await queueMessage(tx, { kind: 'mail', userId: user.id, to: user.email, ...mail }, now);
    return row;
  });
  if (!updated) throw noAccount();
  return issueTokenPair(svc.auth, updated);
}

/**
 * DELETE /api/user: the user row and with it (cascade) profile, photo row, tokens, codes, consents
 * and outbox entries in one transaction, plus queued messages addressed to the user's e-mail or
 * phone; the photo files go after the commit. A notice is queued to the address, tied to no user.
 */
export async function deleteAccount(
  svc: AccountServices,
  claims: TokenClaims,
  password: string,
  log?: Logger,
): Promise<void> {
  const { db } = svc.auth;
  const user = await currentUser(svc, claims);
  await checkCurrentPassword(svc, user, password, 'password');
  const now = new Date(svc.auth.now());
  const photoId = await db.transaction((tx) => removeAccount(tx, user, now));
  // This node refuses the account's tokens at once; the others learn it from the row the
  // deletion's trigger wrote (session_revocations) within seconds.
  svc.auth.tokens.revocations?.noteUser(user.id);
  if (photoId) await deletePhotoFiles(svc.storage, photoId, log);
}
