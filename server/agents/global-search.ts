import { type SQL, sql } from 'drizzle-orm';
import type { ProfileListQuery } from '../../contract/agent';
import type { Catalog } from '../../contract/catalog';
import type { GlobalSearchQuery, GlobalSearchResponse } from '../../contract/search';
import type { CandidateType } from '../../contract/user-types';
import { type Database, queryRows } from '../db/client';
import { jobSearchCondition } from '../jobs/job-list';
import { companySearchConditions } from './companies';
import { currentCatalog, type ListCaller, listConditions } from './search';

/** The candidate groups' order: the vetted first. */
const TYPE_ORDER = ['stella', 'luna', 'nova'] as const satisfies readonly CandidateType[];

/** The one statement of a search: every kind's hits, in the order they are shown (the benchmark explains it). */
export function globalSearchStatement(catalog: Catalog, caller: ListCaller, query: GlobalSearchQuery): SQL {
  const limit = query.limit;
  const candidates = TYPE_ORDER.map((type, k) => {
    const table: ProfileListQuery = { type, q: query.q, assigned: 'any', sort: 'updated', page: 1, limit };
    return sql`(select ${k}::int as k, p.type as sub, p.id, ''::text as s,
        -extract(epoch from p.updated_at)::float8 as t,
        concat_ws(' ', p."values" ->> 'first_name', p."values" ->> 'last_name') as name,
        nullif(p.search_email, '') as email, p."values" -> 'city' ->> 'name' as city
      from profiles p where ${listConditions(catalog, caller, table)}
      order by p.updated_at desc, p.id desc limit ${limit})`;
  });
  const companyWhere = sql.join([sql`true`, ...companySearchConditions(query.q)], sql` and `);
  const companies = sql`(select 3 as k, null::text as sub, c.id, c.search_text as s, 0::float8 as t,
      coalesce(c."values" ->> 'name', '') as name, nullif(c.search_email, '') as email,
      c."values" -> 'city' ->> 'name' as city
    from companies c where ${companyWhere}
    order by c.search_text, c.id limit ${limit})`;
  // Active jobs first ('active' < 'archived'), then the last changed.
  const jobs = sql`(select 4 as k, j.status as sub, j.id, j.status as s,
      -extract(epoch from j.updated_at)::float8 as t, coalesce(j."values" ->> 'title', '') as name,
      null::text as email,
      coalesce((select cl."values" ->> 'name' from companies cl where cl.id = j.client_company_id), j.client_text)
        as city
    from jobs j where ${jobSearchCondition(query.q)}
    order by j.status, j.updated_at desc, j.id limit ${limit})`;
  const parts: SQL[] = [...candidates, companies, jobs];
  // Ties break as each table breaks them: candidates by id descending (their tables' order), companies
  // and jobs by id ascending.
  return sql`select k, sub, id, name, email, city from (${sql.join(parts, sql` union all `)}) hits
             order by k, s, t, (case when k < 3 then id end) desc, id`;
}

/**
 * GET /api/agent/search (issue 20, point 7): candidates, companies and jobs for the search field of
 * the agent's shell, in one statement. Each kind is found by the search of its own table, so a hit
 * here is a row the table shows for the same words, and no second way to search exists: candidates
 * by `search_doc` (migration 0016; word prefixes of name, city and e-mail, skills and occupations by
 * their labels) per type, in the tables' default order (last change first: matches are spread evenly
 * through it, where a name order would read every earlier name before the "Schm…" it looks for);
 * companies by `search_text` and `search_email` (migration 0023); jobs by title and company. Up to
 * `limit` hits of each candidate type, of companies and of jobs.
 */
export async function globalSearch(
  db: Database,
  caller: ListCaller,
  query: GlobalSearchQuery,
): Promise<GlobalSearchResponse> {
  const statement = globalSearchStatement(await currentCatalog(db), caller, query);
  const rows = await queryRows<{
    k: number;
    sub: string | null;
    id: string;
    name: string;
    email: string | null;
    city: string | null;
  }>(db, statement);
  const response: GlobalSearchResponse = { q: query.q, candidates: [], companies: [], jobs: [] };
  for (const row of rows) {
    const k = Number(row.k);
    if (k < TYPE_ORDER.length)
      response.candidates.push({
        uuid: row.id,
        type: row.sub as CandidateType,
        name: row.name,
        email: row.email,
        city: row.city,
      });
    else if (k === 3)
      response.companies.push({ uuid: row.id, name: row.name, email: row.email, city: row.city });
    else
      response.jobs.push({
        uuid: row.id,
        title: row.name,
        company: row.city,
        status: row.sub === 'archived' ? 'archived' : 'active',
      });
  }
  return response;
}
