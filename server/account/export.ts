import { asc, eq, or } from 'drizzle-orm';
import type { AccountExport, AgentAccess } from '../../contract/account';
import { ErrorCode } from '../../contract/errors';
import { accessLogOf } from '../agents/audit';
import type { Database } from '../db/client';
import { accountProfiles, companies } from '../db/schema/accounts';
import { outbox } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { legalAcceptances } from '../db/schema/registration';
import { users } from '../db/schema/users';
import { ApiError } from '../errors';
import { redactSecrets } from '../messaging/redact';
import type { PhotoStorage } from '../profiles/photo-storage';
import { ownPhoto } from '../profiles/photos';
import { agentEditsOf } from '../timeline/timeline';

/**
 * Everything the server holds about an account (PRODUCT.md §8), read in one transaction so the
 * parts agree. Secrets stay out: no password hash, no tokens, no codes or links in messages.
 */
export async function exportAccount(
  db: Database,
  storage: PhotoStorage,
  userId: string,
): Promise<AccountExport> {
  const read = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const addresses = [eq(outbox.userId, userId), eq(outbox.recipient, user.email)];
    if (user.phoneNumber) addresses.push(eq(outbox.recipient, user.phoneNumber));
    const [consents, [profile], [accountProfile], [company], messages] = await Promise.all([
      tx
        .select()
        .from(legalAcceptances)
        .where(eq(legalAcceptances.userId, userId))
        .orderBy(asc(legalAcceptances.text)),
      tx.select().from(profiles).where(eq(profiles.userId, userId)),
      tx.select().from(accountProfiles).where(eq(accountProfiles.userId, userId)),
      tx.select().from(companies).where(eq(companies.userId, userId)),
      tx
        .select()
        .from(outbox)
        .where(or(...addresses))
        .orderBy(asc(outbox.createdAt), asc(outbox.id)),
    ]);
    return { user, consents, profile, accountProfile, company, messages };
  });
  // A token of a deleted account: as if signed out.
  if (!read) throw new ApiError(401, ErrorCode.unauthorized, 'The account does not exist');
  const { user, consents, profile, accountProfile, company, messages } = read;
  const photo = await ownPhoto(db, storage, userId);
  const personal = profile ?? (accountProfile && { ...accountProfile, status: 'active' });
  const agentAccesses: AgentAccess[] = profile
    ? (await accessLogOf(db, profile.id)).map((a) => ({
        at: a.at,
        agent: a.agent,
        action: a.what,
        job: a.job,
      }))
    : [];
  const agentEdits = await agentEditsOf(db, [
    ...(profile ? [{ kind: 'profile' as const, id: profile.id }] : []),
    ...(company ? [{ kind: 'company' as const, id: company.id }] : []),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      type: user.userType,
      language: user.language,
      createdAt: user.createdAt.toISOString(),
      registrationStep: user.registrationStep,
      twoFactor: user.mfaStatus as AccountExport['account']['twoFactor'],
      phone: user.phoneNumber,
      pendingPhone: user.pendingPhoneNumber,
    },
    consents: consents.map((c) => ({
      text: c.text,
      version: c.version,
      acceptedAt: c.acceptedAt.toISOString(),
    })),
    presentedByNameSince: profile?.presentedByNameAt ? profile.presentedByNameAt.toISOString() : null,
    profile: personal
      ? { values: personal.values, version: personal.version, status: personal.status }
      : null,
    company: company ? { values: company.values, version: company.version } : null,
    photo: photo ? `data:image/jpeg;base64,${photo.toString('base64')}` : null,
    messages: messages.map((m) => ({
      kind: m.kind as 'mail' | 'sms',
      to: m.recipient,
      subject: m.subject,
      text: redactSecrets(m.text),
      html: m.html === null ? null : redactSecrets(m.html),
      createdAt: m.createdAt.toISOString(),
      status: m.status,
    })),
    agentAccesses,
    agentEdits,
  };
}
