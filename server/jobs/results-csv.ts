import { sql } from 'drizzle-orm';
import type { Catalog } from '../../contract/catalog';
import type { ResultItem, ResultsQuery } from '../../contract/job';
import type { Language } from '../../contract/user-types';
import { type Database, queryRows } from '../db/client';
import { assertAgent, type Caller } from './access';
import {
  assertJob,
  currentRun,
  filtersOf,
  orderOf,
  RESULT_COLUMNS,
  RESULT_JOINS,
  type ResultSqlRow,
  toItem,
} from './results';
import { csvTexts } from './texts';

/** A job's results as a CSV file for spreadsheets (PRODUCT.md §5): the page's rows, all of them. */

/** Every row under the query's filters and order, for the CSV. */
async function allResults(db: Database, jobId: string, query: ResultsQuery): Promise<ResultItem[]> {
  const rows = await queryRows<ResultSqlRow>(
    db,
    sql`select ${RESULT_COLUMNS} from job_results r ${RESULT_JOINS}
        where r.run_id = ${currentRun(jobId)} and ${filtersOf(query)} order by ${orderOf(query)}`,
  );
  return rows.map(toItem);
}

/** A CSV cell: quoted when needed; a leading = + - @ is defused so no spreadsheet runs it as a formula. */
function cell(value: string | number | null, separator: string): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const quote = text.includes(separator) || /["\n\r]/.test(text);
  return quote ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * GET /api/job/showresults/{uuid}?format=csv: every row under the same filters and order, in the
 * caller's language (header, type labels, criterion labels; decimal comma and `;` in German).
 */
export async function resultsCsv(
  db: Database,
  caller: Caller,
  catalog: Catalog,
  jobId: string,
  query: ResultsQuery,
): Promise<string> {
  assertAgent(caller);
  await assertJob(db, jobId);
  const language: Language = caller.language;
  const texts = csvTexts[language];
  const typeLabels = new Map(
    (catalog.job.find((f) => f.key === 'target_types')?.options ?? []).map((o) => [
      o.value,
      o.label[language],
    ]),
  );
  const fieldLabels = new Map(catalog.job.map((f) => [f.key, f.label[language]]));
  const number = (x: number | null) =>
    x === null ? null : language === 'de' ? String(x).replace('.', ',') : String(x);
  const items = await allResults(db, jobId, query);
  const separator = texts.separator;
  const line = (cells: (string | number | null)[]) => cells.map((x) => cell(x, separator)).join(separator);
  const lines = [line(texts.header)];
  for (const item of items) {
    const reasons = item.reasons
      .map((r) => `${fieldLabels.get(r.key) ?? r.key} ${Math.round(r.s * 100)} %`)
      .join(', ');
    lines.push(
      line([
        item.rank,
        number(item.score),
        typeLabels.get(item.type) ?? item.type,
        item.name,
        item.city,
        number(item.distanceKm),
        reasons,
        item.shortlisted ? texts.yes : texts.no,
        item.changedSinceRun ? texts.yes : texts.no,
        item.uuid,
      ]),
    );
  }
  // The byte order mark lets spreadsheet programs read the umlauts as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
