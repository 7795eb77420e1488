import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { ClientSearchQuery, ClientSearchResponse } from '../../contract/client';
import { foldText } from '../agents/search';
import { assertAgent, type Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { textOrNull, uuid } from '../db/rows';

const ClientRow = v.object({ id: uuid, name: textOrNull, city: textOrNull });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * GET /api/clients/search (agents): the companies a job may name as its client, as the agent types.
 * Every word must occur in the company's folded name, city or website (companies.search_text, the
 * trigram index of the companies table); names that begin with the first word come first.
 */
export async function searchClients(
  db: Database,
  caller: Caller,
  query: ClientSearchQuery,
): Promise<ClientSearchResponse> {
  assertAgent(caller);
  const words = foldText(query.q).split(/\s+/).filter(Boolean).slice(0, 8);
  const conditions = words.map((w) => sql`c.search_text like ${`%${escapeLike(w)}%`}`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const first = words[0] ? `${escapeLike(words[0])}%` : '%';
  const rows = await queryRows(
    db,
    sql`select c.id, c."values" ->> 'name' as name, c."values" -> 'city' ->> 'name' as city
        from companies c
        where ${where}
        order by (c.search_text like ${first}) desc, c.search_text, c.id
        limit ${query.limit}`,
    ClientRow,
  );
  return { items: rows.map((r) => ({ uuid: r.id, name: r.name ?? '', city: r.city })) };
}
