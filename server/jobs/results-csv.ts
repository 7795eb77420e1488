import { sql } from 'drizzle-orm';
import type { Catalog } from '../../contract/catalog';
import type { ResultItem, ResultsQuery } from '../../contract/job';
import { phoneToDial } from '../../contract/phone';
import type { Language } from '../../contract/user-types';
import { recordExport } from '../agents/audit';
import { assertAgent, type Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { CsvResultRow } from './result-rows';
import { assertJob, currentRun, filtersOf, orderOf, RESULT_COLUMNS, RESULT_JOINS, toItem } from './results';
import { csvTexts } from './texts';

/** A job's results as a CSV file for spreadsheets (PRODUCT.md §5): the page's rows, all of them. */

/** A row of the file: the result, and how to reach the candidate now (PRODUCT.md §11). */
interface CsvResult extends ResultItem {
  phone: string | null;
  contactTime: string | null;
}

/** Every row under the query's filters and order, for the CSV. */
async function allResults(db: Database, jobId: string, query: ResultsQuery): Promise<CsvResult[]> {
  const rows = await queryRows(
    db,
    sql`select ${RESULT_COLUMNS}, p."values" ->> 'phone' as phone, p."values" ->> 'contact_time' as contact_time
        from job_results r ${RESULT_JOINS}
        where r.run_id = ${currentRun(jobId)} and ${filtersOf(query)} order by ${orderOf(query)}`,
    CsvResultRow,
  );
  return rows.map((row) => ({ ...toItem(row), phone: row.phone, contactTime: row.contact_time }));
}

/** A number the export wrote itself (rank, score, distance): the one cell that stands unquoted. */
export interface CsvNumber {
  number: string;
}

/**
 * Where a spreadsheet may start a cell inside a text (OWASP CSV injection): at its start, and after
 * any separator one might split on (`,` `;` tab, whichever the file uses) or a line break; a formula
 * starts with `= + - @`, a tab or a carriage return.
 */
const FORMULA_AT_A_CELL_START = /(^|[,;\t\r\n])(?=[=+\-@\t\r])/g;

/**
 * One CSV cell (PRODUCT.md §8): every text quoted (RFC 4180, `"` doubled), whatever separator the
 * file uses, so neither `;` nor `,` in a name splits it in a spreadsheet that guesses the other one;
 * and since a spreadsheet that splits on the other separator may ignore the quotes, every part of the
 * text that would start a cell like a formula gets a leading `'` (issue 41, finding 3: `y,=1+2,` in
 * the German `;` file was a `=1+2` cell when split on `,`).
 */
export function csvCell(value: string | CsvNumber | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return value.number;
  const text = value.replace(FORMULA_AT_A_CELL_START, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
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
  const contactTimes = new Map(
    (catalog.profile.find((f) => f.key === 'contact_time')?.options ?? []).map((o) => [
      o.value,
      o.label[language],
    ]),
  );
  const number = (x: number | null): CsvNumber | null =>
    x === null ? null : { number: language === 'de' ? String(x).replace('.', ',') : String(x) };
  const items = await allResults(db, jobId, query);
  const separator = texts.separator;
  const line = (cells: (string | CsvNumber | null)[]) => cells.map(csvCell).join(separator);
  const lines = [line(texts.header)];
  for (const item of items) {
    const reasons = item.reasons
      .map((r) => `${fieldLabels.get(r.key) ?? r.key} ${Math.round(r.s * 100)} %`)
      .join(', ');
    lines.push(
      line([
        number(item.rank),
        number(item.score),
        typeLabels.get(item.type) ?? item.type,
        item.name,
        // As dialled from the agency's country: a leading + would read as a formula and be defused.
        item.phone === null ? null : phoneToDial(item.phone),
        item.contactTime === null ? null : (contactTimes.get(item.contactTime) ?? item.contactTime),
        item.city,
        number(item.distanceKm),
        reasons,
        item.shortlisted ? texts.yes : texts.no,
        item.changedSinceRun ? texts.yes : texts.no,
        item.uuid,
      ]),
    );
  }
  // Every candidate in the file was read: one access-log entry each, naming the job (PRODUCT.md §8).
  await recordExport(
    db,
    caller,
    jobId,
    items.map((item) => item.uuid),
  );
  // The byte order mark lets spreadsheet programs read the umlauts as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
