import { sql } from 'drizzle-orm';
import type { PresentationConsent } from '../../contract/profile';
import { type Database, queryRows } from '../db/client';
import { assertCandidate, ensureRow, type Owner } from './profiles';

/**
 * The candidate's consent to be presented to clients by name (issue 21): only with it may an agent
 * send the full card (server/cards/send.ts). Stored as the time it was given; withdrawing clears it.
 * Giving it again while it holds keeps the first time.
 */

const answer = (at: string | Date | null | undefined): PresentationConsent => ({
  consented: at != null,
  since: at == null ? null : new Date(at).toISOString(),
});

/** GET /api/profile/presentation-consent. */
export async function readPresentationConsent(db: Database, owner: Owner): Promise<PresentationConsent> {
  assertCandidate(owner);
  const row = await ensureRow(db, 'candidate', owner);
  const [consent] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select presented_by_name_at as at from profiles where id = ${row.id}`,
  );
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
  const [consent] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`update profiles
        set presented_by_name_at = ${consented ? sql`coalesce(presented_by_name_at, ${now})` : sql`null`}
        where id = ${row.id}
        returning presented_by_name_at as at`,
  );
  return answer(consent?.at);
}
