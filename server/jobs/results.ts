import { eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { ResultDetail, ResultItem, ResultsQuery, ResultsResponse } from '../../contract/job';
import type { BreakdownItem } from '../../contract/matching';
import { recordAccess } from '../agents/audit';
import { assertAgent, type Caller } from '../auth/caller';
import { type Database, queryRows, queryRowsNamed } from '../db/client';
import {
  type KeptAnswer,
  type KeptAnswers,
  keptAnswersOf,
  LIST_GENERATION,
  SHORTLIST_GENERATION,
  writesSettled,
} from '../db/kept';
import { text, uuidOrNull } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { ApiError } from '../errors';
import { photoUrl } from '../profiles/photos';
import { jobNotFound } from './access';
import { isUuid } from './jobs';
import { DetailRow, PageDoc, type PageItemRow, type ResultRow, TaggedPageRow } from './result-rows';
import { RUN_COLUMNS, RunRow, toRun } from './runs';

/**
 * The results of a job's latest done run (PRODUCT.md §5): a page of them (sorted, filtered) and one
 * result's detail with its neighbours, and the SQL both share with the CSV (results-csv.ts). The
 * what-if and near misses are in what-if.ts, the shortlist in shortlist.ts. Agents only.
 */

/** The run whose results a job shows: its latest done run. */
export const currentRun = (jobId: string) =>
  sql`(select id from job_runs where job_id = ${jobId} and state = 'done'
       order by finished_at desc, id desc limit 1)`;

export const RESULT_COLUMNS = sql`r.profile_id, r.rank, r.score, r.type, r.name, r.city, r.distance_km, r.breakdown,
  (p.id is null or p.version <> r.profile_version or p.status <> 'active') as changed,
  ph.id as photo_id, (s.profile_id is not null) as shortlisted`;

export const RESULT_JOINS = sql`left join profiles p on p.id = r.profile_id
  left join photos ph on ph.user_id = p.user_id
  left join job_shortlist s on s.job_id = r.job_id and s.profile_id = r.profile_id`;

/**
 * strongestReasons() in SQL: the three criteria with the largest positive contribution, ties in
 * criterion order (the JavaScript sort is stable). A page then reads three reasons a row, not the
 * whole breakdown.
 */
const STRONGEST_REASONS = sql`(select coalesce(jsonb_agg(b.e order by b.c desc, b.i), '[]'::jsonb) from (
    select e, i, (e ->> 'contribution')::float8 as c from jsonb_array_elements(r.breakdown) with ordinality t(e, i)
    where (e ->> 'contribution')::float8 > 0 order by c desc, i limit 3) b)`;

/**
 * A page's columns over its rows already cut to the page (`r` with `shortlisted`): the profile and
 * photo are looked up for those rows only, not for every result of the run before the limit.
 */
const PAGE_COLUMNS = sql`r.profile_id, r.rank, r.score, r.type, r.name, r.city, r.distance_km,
  ${STRONGEST_REASONS} as reasons,
  (p.id is null or p.version <> r.profile_version or p.status <> 'active') as changed,
  ph.id as photo_id, r.shortlisted, (p.presented_by_name_at is not null) as consented`;

export function filtersOf(query: ResultsQuery): SQL {
  const parts: SQL[] = [];
  if (query.minScore !== undefined) parts.push(sql`r.score >= ${query.minScore}`);
  if (query.type) parts.push(sql`r.type = ${query.type}`);
  if (query.shortlisted === true) parts.push(sql`s.profile_id is not null`);
  if (query.shortlisted === false) parts.push(sql`s.profile_id is null`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** Score order is rank order; names A–Z and distances nearest first by default; ties by rank. */
export function orderOf(query: ResultsQuery, alias = 'r'): SQL {
  const t = sql.raw(alias);
  switch (query.sort) {
    case 'score':
      return query.order === 'asc' ? sql`${t}.rank desc` : sql`${t}.rank asc`;
    case 'name':
      return query.order === 'desc' ? sql`${t}.name desc, ${t}.rank asc` : sql`${t}.name asc, ${t}.rank asc`;
    case 'distance':
      return query.order === 'desc'
        ? sql`${t}.distance_km desc nulls last, ${t}.rank asc`
        : sql`${t}.distance_km asc nulls last, ${t}.rank asc`;
  }
}

export const thumbnailOf = (photoId: string | null) => (photoId ? `${photoUrl(photoId)}/thumb` : null);

/** The three criteria that added most to the score. */
export function strongestReasons(breakdown: BreakdownItem[]): BreakdownItem[] {
  return breakdown
    .filter((b) => b.contribution > 0)
    .sort((a, b) => b.contribution - a.contribution)
    .slice(0, 3);
}

export function toItem(row: ResultRow | PageItemRow): ResultItem {
  return {
    uuid: row.profile_id,
    rank: row.rank,
    score: row.score,
    type: row.type,
    name: row.name,
    city: row.city,
    distanceKm: row.distance_km,
    thumbnail: thumbnailOf(row.photo_id),
    reasons: 'reasons' in row ? row.reasons : strongestReasons(row.breakdown),
    shortlisted: row.shortlisted,
    changedSinceRun: row.changed,
    ...('consented' in row ? { presentedByName: row.consented === true } : {}),
  };
}

export async function assertJob(db: Database, jobId: string): Promise<void> {
  if (!isUuid(jobId)) throw jobNotFound();
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw jobNotFound();
}

/** Reads in one snapshot, so a run finishing meanwhile cannot mix two runs' results. */
function snapshot<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** Whether the job exists and the version of what its page reads: the run and the generations. */
const PageStateRow = v.object({ job: uuidOrNull, version: text });

/** A page as answered: its JSON and the md5 of the database's data for it (equal tags, equal answers). */
export interface PageAnswer extends KeptAnswer {
  tag: string;
}

const PAGES_KEPT = 256;
const pageStores = new WeakMap<object, KeptAnswers<PageAnswer>>();

/**
 * GET /api/job/showresults/{uuid} (JSON): one page, kept (server/db/kept.ts) under the job's
 * current run, the list generation (profiles, accounts, photos) and the shortlist generation — one
 * small statement tells whether a kept page is still the answer.
 *
 * Otherwise one statement — the job, its current run, the count and the page — reads one snapshot
 * (a run finishing meanwhile cannot mix two runs' results) in one round trip. The database answers
 * the page's data as one JSON document with its md5; when that equals the tag of the page kept for
 * the same job and query (e.g. a profile changed that is not on it), it sends only the tag and the
 * answer is reused (no parsing, serialising or compressing again).
 */
export async function showResultsPage(
  db: Database,
  caller: Caller,
  jobId: string,
  query: ResultsQuery,
): Promise<PageAnswer> {
  assertAgent(caller);
  if (!isUuid(jobId)) throw jobNotFound();
  const answered = keptAnswersOf(pageStores, db, PAGES_KEPT);
  const key = JSON.stringify([
    jobId,
    query.page,
    query.limit,
    query.sort,
    query.order,
    query.minScore,
    query.type,
    query.shortlisted,
  ]);
  const [state] = await queryRowsNamed(
    db,
    sql`select (select id from jobs where id = ${jobId}) as job,
          coalesce(${currentRun(jobId)}::text, '-') || ' ' || ${LIST_GENERATION} || ' ' ||
            ${SHORTLIST_GENERATION} as version`,
    PageStateRow,
  );
  if (!state?.job) throw jobNotFound();
  return answered.answer(key, state.version, async () => {
    const known = answered.latest(key);
    const settled = await writesSettled(db);
    const where = sql`r.run_id = (select id from run) and ${filtersOf(query)}`;
    // Only the shortlist filter needs a join to count.
    const countJoin =
      query.shortlisted === undefined
        ? sql``
        : sql`left join job_shortlist s on s.job_id = r.job_id and s.profile_id = r.profile_id`;
    const [row] = await queryRowsNamed(
      db,
      sql`with run as (select ${RUN_COLUMNS} from job_runs where id = ${currentRun(jobId)}),
          page as (select row_to_json(d)::text as doc from (
            select (select id from jobs where id = ${jobId}) as job,
              (select row_to_json(run) from run) as run,
              (select count(*) from job_results r ${countJoin} where ${where}) as total,
              (select coalesce(json_agg(x order by ${orderOf(query, 'x')}), '[]'::json) from (
                 select ${PAGE_COLUMNS} from (
                   select r.*, (s.profile_id is not null) as shortlisted from job_results r
                     left join job_shortlist s on s.job_id = r.job_id and s.profile_id = r.profile_id
                   where ${where} order by ${orderOf(query)}
                   limit ${query.limit} offset ${(query.page - 1) * query.limit}) r
                 left join profiles p on p.id = r.profile_id
                 left join photos ph on ph.user_id = p.user_id) x) as items) d),
          tagged as (select md5(doc) as tag, doc from page)
          select tag, case when tag = ${known?.tag ?? ''} then null else doc end as doc from tagged`,
      TaggedPageRow,
    );
    if (known && row && row.doc === null && row.tag === known.tag) return { answer: known, settled };
    const doc = row?.doc ? v.parse(PageDoc, JSON.parse(row.doc)) : null;
    if (!row || !doc?.job) throw jobNotFound();
    const response: ResultsResponse = {
      items: doc.items.map(toItem),
      total: doc.total,
      page: query.page,
      limit: query.limit,
      run: doc.run ? toRun(doc.run) : null,
    };
    return { answer: { tag: row.tag, json: JSON.stringify(response) }, settled };
  });
}

/**
 * GET /api/job/showresultsdetail/{job}/{profile}: the stored breakdown, the profile as it is now, and
 * the previous and next profile in the order and filters of the results page.
 */
export async function resultDetail(
  db: Database,
  caller: Caller,
  jobId: string,
  profileId: string,
  query: ResultsQuery,
): Promise<ResultDetail> {
  assertAgent(caller);
  await assertJob(db, jobId);
  const notInResults = () => new ApiError(404, 'result.not_found', 'The profile is not among the results');
  if (!isUuid(profileId)) throw notInResults();
  const detail = await snapshot(db, async (tx) => {
    const [run] = await queryRows(
      tx,
      sql`select ${RUN_COLUMNS} from job_runs where id = ${currentRun(jobId)}`,
      RunRow,
    );
    if (!run) throw notInResults();
    const [row] = await queryRows(
      tx,
      sql`with ordered as (
            select r.profile_id,
              lag(r.profile_id) over (order by ${orderOf(query)}) as previous,
              lead(r.profile_id) over (order by ${orderOf(query)}) as next
            from job_results r ${RESULT_JOINS}
            where r.run_id = ${run.id} and ${filtersOf(query)})
          select ${RESULT_COLUMNS}, o.previous, o.next, p."values", p.type as current_type,
            (p.presented_by_name_at is not null) as consented,
            (select j.client_company_id from jobs j where j.id = ${jobId}) as client
          from job_results r ${RESULT_JOINS}
          left join ordered o on o.profile_id = r.profile_id
          where r.run_id = ${run.id} and r.profile_id = ${profileId}`,
      DetailRow,
    );
    if (!row) throw notInResults();
    const item = toItem(row);
    const values = row.values ?? {};
    return {
      jobUuid: jobId,
      profile: {
        uuid: item.uuid,
        type: row.current_type ?? item.type,
        name: item.name,
        city: item.city,
        photo: row.photo_id ? photoUrl(row.photo_id) : null,
        values,
        presentedByName: row.consented === true,
      },
      client: row.client,
      rank: item.rank,
      score: item.score,
      breakdown: row.breakdown,
      shortlisted: item.shortlisted,
      changedSinceRun: item.changedSinceRun,
      previous: row.previous,
      next: row.next,
      run: toRun(run),
    };
  });
  // The whole profile was read: logged like the candidate's page (PRODUCT.md §8).
  await recordAccess(db, caller, detail.profile.uuid, 'result_detail', jobId);
  return detail;
}
