import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CompanyDetail, CompanyListQuery, CompanyListResponse } from '../../contract/agent';
import type { Caller } from '../auth/caller';
import { type Database, queryRows } from '../db/client';
import { int, record, text, textOrNull, time, uuid, uuidOrNull } from '../db/rows';
import { companyNotFound } from './access';
import { latestInvitation } from './invitations';
import { readKept } from './people';
import { agentRefOf, foldText } from './search';
import { agentRef } from './team';
import { toVetCondition } from './vetting';

/** The companies in the agent workspace (issue 12): the searchable list and one company's detail. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The companies table's search (c: companies): every word of the query, folded, within the name,
 * city or website (`search_text`) or the account's e-mail (`search_email`), each on a trigram index,
 * no account joined to test a row. The global
 * search (global-search.ts) finds companies the same way.
 */
export function companySearchConditions(q: string): SQL[] {
  return foldText(q)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((term) => {
      const pattern = `%${escapeLike(term)}%`;
      return sql`(c.search_text like ${pattern} or c.search_email like ${pattern})`;
    });
}

/** GET /api/company/list. */
export async function listCompanies(
  db: Database,
  caller: Caller,
  query: CompanyListQuery,
  now: Date = new Date(),
): Promise<CompanyListResponse> {
  const conditions = [sql`true`];
  if (query.assigned === 'me') conditions.push(sql`c.assigned_agent_id = ${caller.userId}`);
  if (query.assigned === 'none') conditions.push(sql`c.assigned_agent_id is null`);
  const open = sql`(select count(*) from jobs j where (j.company_user_id = c.user_id or j.client_company_id = c.id) and j.origin = 'company'
                    and j.status = 'active')`;
  if (query.open === 'yes') conditions.push(sql`${open} > 0`);
  if (query.open === 'no') conditions.push(sql`${open} = 0`);
  if (query.vet === 'new') conditions.push(toVetCondition('company', now));
  conditions.push(...companySearchConditions(query.q));
  const where = sql.join(conditions, sql` and `);
  // A company an agent keeps has no account (issue 20): its contact e-mail stands in for the account's.
  const from = sql`from companies c left join users u on u.id = c.user_id`;
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      sql`select c.id, c."values" ->> 'name' as name, coalesce(u.email, c.contact_email) as email,
            c."values" -> 'city' ->> 'name' as city,
            a.id as agent_id, a.email as agent_email, ap."values" ->> 'first_name' as agent_first,
            ap."values" ->> 'last_name' as agent_last, ${open} as open_requests, c.updated_at
          ${from}
          left join users a on a.id = c.assigned_agent_id
          left join account_profiles ap on ap.user_id = a.id
          where ${where}
          order by c.search_text, c.id
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      CompanyListRow,
    ),
    queryRows(db, sql`select count(*) as total ${from} where ${where}`, TotalRow),
  ]);
  return {
    items: rows.map((r) => ({
      uuid: r.id,
      name: r.name ?? '',
      email: r.email,
      city: r.city,
      assignedAgent: agentRefOf(r.agent_id, r.agent_email, r.agent_first, r.agent_last),
      openRequests: r.open_requests,
      updatedAt: r.updated_at,
    })),
    total: count?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

const CompanyListRow = v.object({
  id: uuid,
  name: textOrNull,
  email: textOrNull,
  city: textOrNull,
  agent_id: uuidOrNull,
  agent_email: textOrNull,
  agent_first: textOrNull,
  agent_last: textOrNull,
  open_requests: int,
  updated_at: time,
});
const TotalRow = v.object({ total: int });
const CompanyRow = v.object({
  id: uuid,
  user_id: uuidOrNull,
  values: record,
  version: int,
  email: textOrNull,
  contact_email: textOrNull,
  assigned_agent_id: uuidOrNull,
});
const RequestRow = v.object({ id: uuid, title: textOrNull, status: text, created_at: time });

/** GET /api/agent/company/{uuid}: the company profile, its job requests and its invitation. */
export async function readCompany(db: Database, id: string, now: Date = new Date()): Promise<CompanyDetail> {
  const [row] = await queryRows(
    db,
    sql`select c.id, c.user_id, c."values", c.version, u.email, c.contact_email, c.assigned_agent_id
        from companies c left join users u on u.id = c.user_id where c.id = ${id}`,
    CompanyRow,
  );
  if (!row) throw companyNotFound();
  // A company's requests, filed by its main login or a contact's (decision 0031).
  const requests = await queryRows(
    db,
    sql`select id, "values" ->> 'title' as title, status, created_at from jobs
          where (company_user_id = ${row.user_id} or client_company_id = ${row.id}) and origin = 'company'
          order by created_at desc, id limit 200`,
    RequestRow,
  );
  return {
    uuid: row.id,
    values: row.values,
    email: row.email ?? row.contact_email,
    hasAccount: row.user_id !== null,
    profile: await readKept(db, 'company', row.id),
    assignedAgent: await agentRef(db, row.assigned_agent_id),
    requests: requests.map((r) => ({
      uuid: r.id,
      title: r.title ?? '',
      status: r.status,
      createdAt: r.created_at,
    })),
    invitation: row.user_id ? null : await latestInvitation(db, 'company', row.id, now),
  };
}
