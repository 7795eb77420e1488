import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type Database, queryRows } from '../db/client';
import { int, text } from '../db/rows';

const StateCountRow = v.object({ state: text, n: int });

/** How many runs there are in each state (GET /metrics' `matchwerk_runs`); a state without runs is absent. */
export async function runCountsByState(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`select state, count(*) as n from job_runs group by state`,
    StateCountRow,
  );
  return new Map(rows.map((row) => [row.state, row.n]));
}
