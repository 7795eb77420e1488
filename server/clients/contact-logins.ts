import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { IdRow } from '../db/rows';

/**
 * Ends the logins of the contacts `which` selects (a condition on company_contacts), in the caller's
 * transaction (decision 0031): their users go, and with them (cascade) refresh tokens and codes;
 * the users' delete trigger records the revocation every node reads within seconds. Answers their
 * ids, so this node refuses their access tokens at once (RevocationCache.noteUser).
 */
export async function endContactLogins(tx: Database, which: SQL): Promise<string[]> {
  const rows = await queryRows(
    tx,
    sql`delete from users where id in (select user_id from company_contacts where ${which} and user_id is not null)
        returning id`,
    IdRow,
  );
  return rows.map((row) => row.id);
}
