import { eq } from 'drizzle-orm';
import { type ConsentsResponse, LegalErrorCode, type LegalText } from '../../contract/legal';
import { isAgentType } from '../../contract/user-types';
import type { Database } from '../db/client';
import { legalAcceptances } from '../db/schema/registration';
import { ApiError } from '../errors';
import type { LegalTexts } from './texts';

/** Who asks: the account and its type (agents are staff: the users' terms do not bind them). */
export interface ConsentOwner {
  userId: string;
  userType: string;
}

/** A user's acceptances against the versions in force (GET /api/user/consents). */
export async function consentsOf(
  db: Database,
  texts: LegalTexts,
  owner: ConsentOwner,
): Promise<ConsentsResponse> {
  const rows = await db
    .select({
      text: legalAcceptances.text,
      version: legalAcceptances.version,
      at: legalAcceptances.acceptedAt,
    })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, owner.userId));
  const consents = texts.index().map(({ name, version, requiresAcceptance }) => {
    const row = rows.find((r) => r.text === name);
    return {
      name,
      currentVersion: version,
      acceptedVersion: row?.version ?? null,
      acceptedAt: row?.at.toISOString() ?? null,
      requiresAcceptance,
      // Versions are ISO dates: an older acceptance sorts before the version in force.
      outdated: row !== undefined && row.version < version,
    };
  });
  return {
    consents,
    mustAccept:
      !isAgentType(owner.userType) &&
      consents.some((c) => c.requiresAcceptance && c.acceptedVersion !== c.currentVersion),
  };
}

/**
 * Accepts a text in its version in force (POST /api/user/accept): any other version is 409
 * `legal.version_outdated`. Answers the consents as they are then.
 */
export async function acceptText(
  db: Database,
  texts: LegalTexts,
  owner: ConsentOwner,
  accepted: { name: LegalText; version: string },
  acceptedAt: Date,
): Promise<ConsentsResponse> {
  const { name, version } = accepted;
  if (version !== texts.currentVersion(name)) {
    throw new ApiError(409, LegalErrorCode.versionOutdated, 'This is not the version in force');
  }
  await db
    .insert(legalAcceptances)
    .values({ userId: owner.userId, text: name, version, acceptedAt })
    .onConflictDoUpdate({
      target: [legalAcceptances.userId, legalAcceptances.text],
      set: { version, acceptedAt },
    });
  return consentsOf(db, texts, owner);
}
