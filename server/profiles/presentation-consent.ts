import { eq, sql } from 'drizzle-orm';
import type { PresentationConsent } from '../../contract/profile';
import type { Database } from '../db/client';
import { isoTime } from '../db/dates';
import { profiles } from '../db/schema/profiles';
import { assertCandidate, ensureRow, type Owner } from './profiles';

/**
 * The candidate's consent to be presented to clients by name (issue 21): only with it may an agent
 * send the full card (server/submissions/send.ts). Stored as the time it was given; withdrawing clears it.
 * Giving it again while it holds keeps the first time.
 */

const answer = (at: Date | null | undefined): PresentationConsent => ({
  consented: at != null,
  since: at == null ? null : isoTime(at),
});

/** GET /api/profile/presentation-consent. */
export async function readPresentationConsent(db: Database, owner: Owner): Promise<PresentationConsent> {
  assertCandidate(owner);
  const row = await ensureRow(db, 'candidate', owner);
  const [consent] = await db
    .select({ at: profiles.presentedByNameAt })
    .from(profiles)
    .where(eq(profiles.id, row.id));
  return answer(consent?.at);
}

/** PUT /api/profile/presentation-consent. */
export async function setPresentationConsent(
  db: Database,
  owner: Owner,
  consented: boolean,
  now: Date,
): Promise<PresentationConsent> {
  assertCandidate(owner);
  const row = await ensureRow(db, 'candidate', owner);
  const [consent] = await db
    .update(profiles)
    .set({ presentedByNameAt: consented ? sql`coalesce(${profiles.presentedByNameAt}, ${now})` : null })
    .where(eq(profiles.id, row.id))
    .returning({ at: profiles.presentedByNameAt });
  return answer(consent?.at);
}
