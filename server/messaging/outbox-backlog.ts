import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Database, queryRows } from '../db/client';
import { int, text } from '../db/rows';

const KindCountRow = v.object({ kind: text, n: int });

/** How many mails and SMS are queued and not sent yet, by kind (GET /metrics); a kind without any is absent. */
export async function outboxBacklog(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`select kind, count(*) as n from outbox where status = 'queued' group by kind`,
    KindCountRow,
  );
  return new Map(rows.map((row) => [row.kind, row.n]));
}
