import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { ProfileListQuery } from '../../contract/agent';
import type { Catalog } from '../../contract/catalog';
import { phoneSearchDigits } from '../../contract/phone';
import {
  type GlobalSearchQuery,
  type GlobalSearchResponse,
  SEARCH_MATCH_FIELDS,
  type SearchMatchField,
} from '../../contract/search';
import type { CandidateType } from '../../contract/user-types';
import { readCatalog } from '../catalog/catalog';
import { type Database, queryRows } from '../db/client';
import { int, text, textOrNull, uuid } from '../db/rows';
import { jobSearchCondition } from '../jobs/job-list';
import { companySearchConditions } from './companies';
import { foldText, type ListCaller, listConditions, queryTerms, searchWords } from './search';

/** The candidate groups' order: the vetted first. */
const TYPE_ORDER = ['stella', 'luna', 'nova'] as const satisfies readonly CandidateType[];

const LIKE_SPECIAL = /[\\%_]/g;
const escapeLike = (text: string) => text.replace(LIKE_SPECIAL, (c) => `\\${c}`);
/** ASCII punctuation, which `matchwerk_search_words` (and `searchWords`) read as spaces. */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const SPACES = ' '.repeat(PUNCTUATION.length);

/**
 * How a candidate's name meets the query (issue 42): 0 the name is the query — the whole name, the
 * first or the last name —, 1 one of them begins with it, 2 the candidate matched otherwise.
 * Computed for every match before the limit, so it reads only `sort_name`, the stored folded
 * "last first" (migration 0011), with comparisons and no folding per row: the whole name "first
 * last" is the query split in two and turned round ("maria kranz" is "kranz maria").
 */
function candidateRank(folded: string): SQL {
  const words = folded.split(' ').filter(Boolean).slice(0, 8);
  const like = (text: string) => escapeLike(text);
  const turned = words
    .slice(1)
    .map((_, i) => [words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')]);
  const exact = [
    sql`p.sort_name = ${folded}`,
    sql`p.sort_name like ${`${like(folded)} %`}`,
    sql`p.sort_name like ${`% ${like(folded)}`}`,
    ...turned.map(([first, last]) => sql`p.sort_name = ${`${last} ${first}`}`),
  ];
  const prefix = [
    sql`p.sort_name like ${`${like(folded)}%`}`,
    sql`p.sort_name like ${`% ${like(folded)}%`}`,
    ...turned.map(([first, last]) => sql`p.sort_name like ${`${like(last ?? '')}% ${like(first ?? '')}`}`),
  ];
  return sql`(case when ${sql.join(exact, sql` or `)} then 0 when ${sql.join(prefix, sql` or `)} then 1 else 2 end)`;
}

/** Whether every (`all`) or any word of the query begins a word of `text`, as the candidates' search_doc holds it. */
function beginsWords(text: SQL, words: string[], all: boolean): SQL {
  if (words.length === 0) return sql`false`;
  const spaced = sql`(' ' || translate(matchwerk_fold(coalesce(${text}, '')), ${PUNCTUATION}, ${SPACES}))`;
  return sql`(${sql.join(
    words.map((word) => sql`strpos(${spaced}, ${` ${word}`}) > 0`),
    all ? sql` and ` : sql` or `,
  )})`;
}

/** Whether every (`all`) or any word of the query is part of `text`, as the companies' search holds it. */
function holdsWords(text: SQL, words: string[], all: boolean): SQL {
  if (words.length === 0) return sql`false`;
  return sql`(${sql.join(
    words.map((word) => sql`strpos(matchwerk_fold(coalesce(${text}, '')), ${word}) > 0`),
    all ? sql` and ` : sql` or `,
  )})`;
}

/**
 * The field a hit names as matched: the name when it is or begins with the query, else the first of
 * `fields` that holds every word, else the first that holds one, else `otherwise`. Read on the
 * hits kept (`x`), not on every match.
 */
function matchedField(
  fields: [SearchMatchField, SQL][],
  test: (text: SQL, all: boolean) => SQL,
  otherwise: SearchMatchField,
): SQL {
  const whens = [true, false].flatMap((all) =>
    fields.map(([field, text]) => sql`when ${test(text, all)} then ${field}`),
  );
  return sql`(case when x.r < 2 then 'name' ${sql.join(whens, sql` `)} else ${otherwise} end)`;
}

/** A kind's hits (`inner`, ordered and limited) with the field each matched, as the union's columns. */
const withMatched = (inner: SQL, matched: SQL) =>
  sql`(select x.k, x.r, x.sub, x.id, x.s, x.t, x.name, x.email, x.city, ${matched} as m from ${inner} x)`;

/** The one statement of a search: every kind's hits, in the order they are shown (the benchmark explains it). */
export function globalSearchStatement(catalog: Catalog, caller: ListCaller, query: GlobalSearchQuery): SQL {
  const limit = query.limit;
  const folded = foldText(query.q).replace(/\s+/g, ' ').trim();
  const words = queryTerms(query.q).flatMap(searchWords);
  // A phone number is searched as one, by its digits only: it is what matched.
  const phone = phoneSearchDigits(query.q) !== null;

  const candidateMatched = phone
    ? sql`'phone'`
    : matchedField(
        [
          ['name', sql`x.name`],
          ['email', sql`x.email`],
          ['city', sql`x.city`],
        ],
        (text, all) => beginsWords(text, words, all),
        // Neither name, e-mail nor city: a skill or an occupation named by its label.
        'skills',
      );
  const candidates = TYPE_ORDER.map((type, k) => {
    const table: ProfileListQuery = { type, q: query.q, assigned: 'any', sort: 'updated', page: 1, limit };
    const inner = sql`(select ${k}::int as k, ${phone ? sql`2` : candidateRank(folded)} as r, p.type as sub,
        p.id, ''::text as s, -extract(epoch from p.updated_at)::float8 as t,
        concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name') as name,
        nullif(p.search_email, '') as email, p."values" -> 'city' ->> 'name' as city
      from profiles p
      where ${listConditions(catalog, caller, table)}
      order by r, p.updated_at desc, p.id desc limit ${limit})`;
    return withMatched(inner, candidateMatched);
  });

  // search_text is the folded name, city and website, in that order: a name that begins with the
  // query begins it, and only those rows fold their name to tell an exact one.
  const companyWords = folded.split(' ').filter(Boolean).slice(0, 8);
  const companyWhere = sql.join([sql`true`, ...companySearchConditions(query.q)], sql` and `);
  const companyRank = sql`(case when c.search_text like ${`${escapeLike(folded)}%`}
      then (case when matchwerk_fold(c."values" ->> 'name') = ${folded} then 0 else 1 end) else 2 end)`;
  const companies = withMatched(
    sql`(select 3 as k, ${companyRank} as r, null::text as sub, c.id, c.search_text as s,
      0::float8 as t, coalesce(c."values" ->> 'name', '') as name, nullif(c.search_email, '') as email,
      c."values" -> 'city' ->> 'name' as city, c."values" ->> 'website' as website
    from companies c where ${companyWhere}
    order by r, c.search_text, c.id limit ${limit})`,
    matchedField(
      [
        ['name', sql`x.name`],
        ['email', sql`x.email`],
        ['city', sql`x.city`],
        ['website', sql`x.website`],
      ],
      (text, all) => holdsWords(text, companyWords, all),
      'name',
    ),
  );

  // A job's name is its title; the query is matched whole (jobSearchCondition).
  const title = sql`j."values" ->> 'title'`;
  const jobRank = sql`(case when ${title} ilike ${escapeLike(query.q)} then 0
      when ${title} ilike ${`${escapeLike(query.q)}%`} then 1 else 2 end)`;
  // Active jobs first ('active' < 'archived'), then the last changed.
  const jobs = withMatched(
    sql`(select 4 as k, ${jobRank} as r, j.status as sub, j.id, j.status as s,
      -extract(epoch from j.updated_at)::float8 as t, coalesce(${title}, '') as name,
      null::text as email,
      coalesce((select cl."values" ->> 'name' from companies cl where cl.id = j.client_company_id), j.client_text)
        as city
    from jobs j where ${jobSearchCondition(query.q)}
    order by r, j.status, j.updated_at desc, j.id limit ${limit})`,
    sql`(case when x.name ilike ${`%${escapeLike(query.q)}%`} then 'title' else 'company' end)`,
  );
  const parts: SQL[] = [...candidates, companies, jobs];
  // Exact and prefix name matches first in each kind; ties break as each table breaks them:
  // candidates by id descending (their tables' order), companies and jobs by id ascending.
  return sql`select k, sub, id, name, email, city, m from (${sql.join(parts, sql` union all `)}) hits
             order by k, r, s, t, (case when k < 3 then id end) desc, id`;
}

/** One hit: `k` its list (candidate types in TYPE_ORDER, then companies, then jobs), `m` the field matched. */
const HitRow = v.object({
  k: int,
  sub: textOrNull,
  id: uuid,
  name: text,
  email: textOrNull,
  city: textOrNull,
  m: v.picklist(SEARCH_MATCH_FIELDS),
});

/**
 * GET /api/agent/search (issue 20, point 7): candidates, companies and jobs for the search field of
 * the agent's shell, in one statement. Each kind is found by the search of its own table, so a hit
 * here is a row the table shows for the same words, and no second way to search exists: candidates
 * by `search_doc` (migration 0016; word prefixes of name, city and e-mail, skills and occupations by
 * their labels) per type, in the tables' default order (last change first: matches are spread evenly
 * through it, where a name order would read every earlier name before the "Schm…" it looks for);
 * companies by `search_text` and `search_email` (migration 0023); jobs by title and company. Up to
 * `limit` hits of each candidate type, of companies and of jobs; in each, the exact and then the
 * prefix name matches first, and every hit names the field it matched (issue 42).
 */
export async function globalSearch(
  db: Database,
  caller: ListCaller,
  query: GlobalSearchQuery,
): Promise<GlobalSearchResponse> {
  const statement = globalSearchStatement(await readCatalog(db), caller, query);
  const rows = await queryRows(db, statement, HitRow);
  const response: GlobalSearchResponse = { q: query.q, candidates: [], companies: [], jobs: [] };
  for (const row of rows) {
    const k = row.k;
    if (k < TYPE_ORDER.length)
      response.candidates.push({
        uuid: row.id,
        type: row.sub as CandidateType,
        name: row.name,
        email: row.email,
        city: row.city,
        matched: row.m,
      });
    else if (k === 3)
      response.companies.push({
        uuid: row.id,
        name: row.name,
        email: row.email,
        city: row.city,
        matched: row.m,
      });
    else
      response.jobs.push({
        uuid: row.id,
        title: row.name,
        company: row.city,
        status: row.sub === 'archived' ? 'archived' : 'active',
        matched: row.m,
      });
  }
  return response;
}
