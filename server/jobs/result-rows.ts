import * as v from 'valibot';
import type { BreakdownItem } from '../../contract/matching';
import { bool, int, num, numOrNull, recordOrNull, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { RunRow } from './runs';

/**
 * The rows of a job's results as results.ts and results-csv.ts read them: RESULT_COLUMNS, a page's
 * JSON document and a result's detail.
 */

/**
 * One criterion's outcome as the engine stored it (contract/matching's BreakdownItem). The row checks
 * its frame — the criterion, its weight, partial score and contribution, a reason code with params —
 * and takes the reason's params as the engine wrote them.
 */
const BreakdownFrame = v.looseObject({
  key: v.string(),
  weight: v.number(),
  must: v.boolean(),
  s: v.number(),
  contribution: v.number(),
  reason: v.string(),
  params: v.looseObject({}),
});
const isBreakdownItem = (value: unknown): value is BreakdownItem => v.is(BreakdownFrame, value);
export const BreakdownColumn = v.array(v.custom<BreakdownItem>(isBreakdownItem, 'not a breakdown item'));

/** A result as RESULT_COLUMNS reads it. */
export const ResultRow = v.object({
  profile_id: uuid,
  rank: int,
  score: num,
  type: text,
  name: text,
  city: textOrNull,
  distance_km: numOrNull,
  breakdown: BreakdownColumn,
  changed: bool,
  photo_id: uuidOrNull,
  shortlisted: bool,
});
export type ResultRow = v.InferOutput<typeof ResultRow>;

/** A page's row: its three strongest reasons instead of the breakdown. */
export const PageItemRow = v.object({
  ...v.omit(ResultRow, ['breakdown']).entries,
  reasons: BreakdownColumn,
  /** The candidate consented to be presented by name (the send dialog offers the full card). */
  consented: bool,
});
export type PageItemRow = v.InferOutput<typeof PageItemRow>;

/** A results page's data as the database writes it in one JSON document. */
export const PageDoc = v.object({
  job: uuidOrNull,
  run: v.nullable(RunRow),
  total: int,
  items: v.array(PageItemRow),
});

/** The page's md5 and, unless it equals the tag already kept, the document as text. */
export const TaggedPageRow = v.object({ tag: text, doc: textOrNull });

/** A result's detail: the result, its neighbours, the profile as it is now and the job's client. */
export const DetailRow = v.object({
  ...ResultRow.entries,
  consented: bool,
  previous: uuidOrNull,
  next: uuidOrNull,
  values: recordOrNull,
  current_type: textOrNull,
  client: uuidOrNull,
});

/** A row of the CSV: the result and how to reach the candidate now. */
export const CsvResultRow = v.object({ ...ResultRow.entries, phone: textOrNull, contact_time: textOrNull });
