import { type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AgentRef, ProfileListItem, ProfileListQuery, ProfileListResponse } from '../../contract/agent';
import type { Catalog } from '../../contract/catalog';
import { phoneSearchDigits } from '../../contract/phone';
import { CANDIDATE_TYPES } from '../../contract/user-types';
import { CATALOG_KEY, catalogOfKey } from '../catalog/catalog';
import { type Database, queryRows, queryRowsNamed } from '../db/client';
import {
  type KeptAnswer,
  type KeptAnswers,
  keptAnswersOf,
  LIST_GENERATION,
  perDatabase,
  SharedRead,
  settledAfter,
} from '../db/kept';
import { bool, int, num, text, textOrNull, texts, time, timeOrNull, uuid, uuidOrNull } from '../db/rows';
import { photoUrl } from '../profiles/photos';
import { countedTotal } from './list-counts';
import { toVetCondition } from './vetting';

/**
 * The agents' candidate tables (issue 12): filters, sort, paging and a free-text search that runs
 * on indexes on PGlite and PostgreSQL alike. Every profile's searchable words are a tsvector,
 * `profiles.search_doc` (migration 0016): the words of its name, city and account e-mail, folded
 * (no accents, lower case: `matchwerk_fold`, whose twin is `foldText`) and split at white space
 * and ASCII punctuation (`searchWords`), and its skill and occupation keys. A query becomes one
 * tsquery: each of its words must begin a word of the profile ("schmi" finds Schmidt, "muller" and
 * "müller" find Müller) or name a skill or occupation by its German or English label; a query that
 * is a phone number begins the digits of the candidate's phone (migration 0033). A GIN index
 * per candidate type answers it exactly: no row is read again to test it, so a new query's total
 * costs a few milliseconds, not a test of every row the index names.
 * Each sort reads an index in its order (type or assignment, then name, created, updated or
 * `completeness`, a column kept by triggers, migration 0014); pages and totals are kept while
 * nothing changes (server/db/kept.ts, list-counts.ts).
 */

const ListContextRow = v.object({ key: textOrNull, generation: text, settled: bool });

interface ListContext {
  catalogKey: string;
  generation: string;
  settled: boolean;
}

const contextReads = new WeakMap<object, SharedRead<ListContext>>();

/**
 * What a table page needs before its statements, in one round trip: the catalogue's version (the
 * labels the search matches), the generation its page and total may be kept under, and whether no
 * write was settling after that generation was read (server/db/kept.ts), so that a page read
 * afresh next may be kept under it. Requests asking at once share one read (`SharedRead`).
 */
function listContext(db: Database): Promise<ListContext> {
  const read = async (): Promise<ListContext> => {
    const [row] = await queryRowsNamed(
      db,
      sql`select v.key, v.generation, ${settledAfter(sql`v.generation`)} as settled
          from (select ${CATALOG_KEY} as key, ${LIST_GENERATION} as generation offset 0) v`,
      ListContextRow,
    );
    return {
      catalogKey: row?.key ?? '',
      generation: row?.generation ?? '',
      settled: row?.settled === true,
    };
  };
  return perDatabase(contextReads, db, () => new SharedRead(read)).get();
}

/** The twin of SQL `matchwerk_fold`: decomposed, accents dropped, lower case, ß → ss. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[đĐ]/g, 'd')
    .replace(/[æÆ]/g, 'a');
}

/** A catalogue's option labels by field, folded once (a search matches every label per word). */
const foldedLabels = new WeakMap<Catalog, Map<string, { value: string; de: string; en: string }[]>>();

/** The option keys of a profile field whose German or English label contains the folded term. */
export function optionKeysMatching(catalog: Catalog, fieldKey: string, term: string): string[] {
  let fields = foldedLabels.get(catalog);
  if (!fields) {
    fields = new Map();
    foldedLabels.set(catalog, fields);
  }
  let options = fields.get(fieldKey);
  if (!options) {
    const field = catalog.profile.find((f) => f.key === fieldKey);
    options = (field?.options ?? []).map((o) => ({
      value: o.value,
      de: foldText(o.label.de),
      en: foldText(o.label.en),
    }));
    fields.set(fieldKey, options);
  }
  return options.filter((o) => o.de.includes(term) || o.en.includes(term)).map((o) => o.value);
}

/** ASCII punctuation, which separates words: the set `matchwerk_search_words` translates to spaces. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * The words of a folded text as the search index holds them: split at white space and ASCII
 * punctuation, none longer than the index takes. The twin of SQL `matchwerk_search_words`.
 */
export function searchWords(folded: string): string[] {
  return folded
    .replace(PUNCTUATION, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && Buffer.byteLength(word) < 1024);
}

/** A lexeme in tsquery syntax: quoted, so that no character of it is an operator. */
const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * What one query word matches, in tsquery syntax: profiles with words beginning with each of its
 * parts ("neu-ulm": neu… and ulm…), or a skill or occupation whose label holds it. A word with
 * punctuation that names a catalogue label means that label ("c++" is the skill, not every name
 * beginning with c). Null when nothing can match it ("%").
 */
export function termQuery(catalog: Catalog, term: string): string | null {
  const labels = [
    ...optionKeysMatching(catalog, 'skills', term).map((key) => lexeme(`skill:${key}`)),
    ...optionKeysMatching(catalog, 'occupation', term).map((key) => lexeme(`occupation:${key}`)),
  ];
  const words = searchWords(term);
  const plainWord = words.length === 1 && words[0] === term;
  const alternatives =
    words.length > 0 && (plainWord || labels.length === 0)
      ? [words.map((word) => `${lexeme(word)}:*`).join(' & '), ...labels]
      : labels;
  if (alternatives.length === 0) return null;
  return `(${alternatives.map((a) => `(${a})`).join(' | ')})`;
}

/** The words of a query, folded; at most 8 (more words only narrow what 8 found). */
export function queryTerms(q: string): string[] {
  return foldText(q)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

export interface ListCaller {
  userId: string;
}

/** How far back created=week reaches (the dashboard's "new this week" counts the same). */
export const WEEK_MS = 7 * 86_400_000;

/** The where clause of the candidate table for a query (p: profiles, u: the candidate's account). */
export function listConditions(
  catalog: Catalog,
  caller: ListCaller,
  query: ProfileListQuery,
  now: Date = new Date(),
): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.type) conditions.push(sql`p.type = ${query.type}`);
  // Active: takes part in matching as far as the two switches go (PRODUCT.md §8); inactive: the
  // candidate switched matching off or the agency blocked them.
  if (query.status === 'active') conditions.push(sql`p.status = 'active' and p.blocked_at is null`);
  if (query.status === 'inactive') conditions.push(sql`(p.status = 'inactive' or p.blocked_at is not null)`);
  if (query.assigned === 'me') conditions.push(sql`p.assigned_agent_id = ${caller.userId}`);
  if (query.assigned === 'none') conditions.push(sql`p.assigned_agent_id is null`);
  // Whether the account is still registering, copied onto the profile by triggers (migration 0016):
  // no account is looked up per row.
  if (query.registration === 'finished') conditions.push(sql`not p.account_registering`);
  if (query.registration === 'unfinished') conditions.push(sql`p.account_registering`);
  // The cut-off moves with the clock, so such a total is never kept; (type, created_at) counts it.
  if (query.created === 'week')
    conditions.push(sql`p.created_at >= ${new Date(now.getTime() - WEEK_MS).toISOString()}`);
  if (query.vet === 'new') conditions.push(toVetCondition('profile', now));
  // A query that is a phone number ("0151 234", "+49151234") is one prefix of the stored digits
  // (migration 0033), not words.
  const phone = phoneSearchDigits(query.q);
  if (phone !== null) {
    conditions.push(sql`p.search_doc @@ ${`${lexeme(`phone:${phone}`)}:*`}::tsquery`);
    return sql.join(conditions, sql` and `);
  }
  const terms = queryTerms(query.q).map((term) => termQuery(catalog, term));
  if (terms.length > 0)
    conditions.push(
      terms.some((term) => term === null) ? sql`false` : sql`p.search_doc @@ ${terms.join(' & ')}::tsquery`,
    );
  return sql.join(conditions, sql` and `);
}

function orderBy(query: ProfileListQuery): SQL {
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const column = {
    name: sql`p.sort_name`,
    created: sql`p.created_at`,
    updated: sql`p.updated_at`,
    completeness: sql`p.completeness`,
  }[query.sort];
  return sql`${column} ${direction}, p.id ${direction}`;
}

/** A row of a candidate table's page. */
const ListRow = v.object({
  id: uuid,
  type: v.picklist(CANDIDATE_TYPES),
  status: text,
  blocked: bool,
  first_name: textOrNull,
  last_name: textOrNull,
  city: textOrNull,
  occupation: textOrNull,
  phone: textOrNull,
  email: textOrNull,
  photo_id: uuidOrNull,
  agent_id: uuidOrNull,
  agent_email: textOrNull,
  agent_first: textOrNull,
  agent_last: textOrNull,
  completeness: num,
  missing: texts,
  created_at: time,
  updated_at: time,
  last_contact: timeOrNull,
});
type ListRow = v.InferOutput<typeof ListRow>;
/** The page with its total: a page past the end is one row of the total and nulls. */
const PageAndCountRow = v.union([
  v.object({ ...ListRow.entries, total: int }),
  v.object({ id: v.null(), total: int }),
]);

export function agentRefOf(
  id: string | null,
  email: string | null,
  first: string | null,
  last: string | null,
): AgentRef | null {
  if (!id || !email) return null;
  const name = [first, last].filter(Boolean).join(' ');
  return { uuid: id, email, name: name || null };
}

/**
 * The statements of a table page: the page's rows (numbered in their order, `n`), the total under
 * the same filters, and both at once (a page whose total is not kept: one statement, not two).
 */
export function listStatements(
  catalog: Catalog,
  caller: ListCaller,
  query: ProfileListQuery,
  now: Date = new Date(),
): { page: SQL; count: SQL; pageAndCount: SQL } {
  const where = listConditions(catalog, caller, query, now);
  const page = sql`select p.id, p.type, p.status, p.blocked_at is not null as blocked,
            p."values" ->> 'first_name' as first_name,
            p."values" ->> 'last_name' as last_name, p."values" -> 'city' ->> 'name' as city,
            p."values" ->> 'occupation' as occupation, p."values" ->> 'phone' as phone, u.email,
            ph.id as photo_id,
            a.id as agent_id, a.email as agent_email, ap."values" ->> 'first_name' as agent_first,
            ap."values" ->> 'last_name' as agent_last, p.completeness,
            matchwerk_profile_missing(p."values") as missing,
            p.created_at, p.updated_at,
            (select max(t.at) from timeline_entries t where t.profile_id = p.id and t.kind <> 'event')
              as last_contact,
            row_number() over (order by ${orderBy(query)}) as n
          from (select p.* from profiles p where ${where}
                order by ${orderBy(query)}
                limit ${query.limit} offset ${(query.page - 1) * query.limit}) p
          left join users u on u.id = p.user_id
          left join photos ph on ph.user_id = p.user_id
          left join users a on a.id = p.assigned_agent_id
          left join account_profiles ap on ap.user_id = a.id
          order by ${orderBy(query)}`;
  const count = sql`select count(*) as total from profiles p where ${where}`;
  // The total's one row joined to the page's rows (or to none: a page past the end).
  const pageAndCount = sql`select c.total, pg.* from (${count}) c left join (${page}) pg on true order by pg.n`;
  return { page, count, pageAndCount };
}

const PAGES_KEPT = 1_000;
const pageStores = new WeakMap<object, KeptAnswers>();

/** Drops every kept table page (the benchmark measures cold pages with it, as while an agent types). */
export function forgetKeptPages(db: Database): void {
  pageStores.get(db)?.clear();
}

/**
 * GET /api/profile/list: one page and the total under the same filters, as JSON. A page is kept
 * (server/db/kept.ts) under the catalogue's version and the list generation, which move with every
 * write that could change it; "assigned to me" pages are kept per agent, and "new this week" and
 * "to vet" pages (whose cut-off moves with the clock) not at all.
 */
export async function listProfilesAnswer(
  db: Database,
  caller: ListCaller,
  query: ProfileListQuery,
  now: Date = new Date(),
): Promise<KeptAnswer> {
  const context = await listContext(db);
  const version = `${context.catalogKey} ${context.generation}`;
  const kept = keptAnswersOf(pageStores, db, PAGES_KEPT);
  // Whether someone is still to vet moves with the clock and with the timeline: never kept.
  const key =
    query.created === 'week' || query.vet === 'new'
      ? undefined
      : JSON.stringify([
          query.type,
          query.status,
          query.assigned,
          query.assigned === 'me' ? caller.userId : null,
          query.registration,
          query.q,
          query.sort,
          query.order,
          query.page,
          query.limit,
        ]);
  const read = async () => {
    const catalog = await catalogOfKey(db, context.catalogKey);
    const response = await listPage(db, catalog, context, caller, query, now);
    return { answer: { json: JSON.stringify(response) }, settled: context.settled };
  };
  return key === undefined ? (await read()).answer : kept.answer(key, version, read);
}

/**
 * A page read afresh; its total kept under the context's generation when no write was settling as
 * that was read (server/db/kept.ts).
 */
async function listPage(
  db: Database,
  catalog: Catalog,
  context: { generation: string; settled: boolean },
  caller: ListCaller,
  query: ProfileListQuery,
  now: Date,
): Promise<ProfileListResponse> {
  const statements = listStatements(catalog, caller, query, now);
  // A table without a search is one of a few statement texts, run by name: each connection parses
  // it once (a third of what PostgreSQL spent on such a page: 1.4 → 0.96 ms of CPU). A search is
  // planned afresh each time, for its words and its type's own index (a generic plan could not
  // pick that).
  const run = query.q === '' ? queryRowsNamed : queryRows;
  let rows: ListRow[] | undefined;
  const total = await countedTotal(db, context.generation, statements.count, context.settled, async () => {
    // A page past the end is one row: the total, and nulls for the page's columns.
    const both = await run(db, statements.pageAndCount, PageAndCountRow);
    rows = both.filter((row) => row.id !== null);
    return both[0]?.total ?? 0;
  });
  // The total was kept, or counted by another request's statement: the page alone.
  rows ??= await run(db, statements.page, ListRow);
  const items: ProfileListItem[] = rows.map((r) => ({
    uuid: r.id,
    type: r.type,
    name: [r.first_name, r.last_name].filter(Boolean).join(' '),
    email: r.email,
    city: r.city,
    occupation: r.occupation,
    phone: r.phone,
    thumbnail: r.photo_id ? `${photoUrl(r.photo_id)}/thumb` : null,
    status: r.status === 'inactive' || r.blocked === true ? 'inactive' : 'active',
    blocked: r.blocked === true,
    assignedAgent: agentRefOf(r.agent_id, r.agent_email, r.agent_first, r.agent_last),
    completeness: r.completeness,
    missing: r.missing,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastContact: r.last_contact,
  }));
  return { items, total, page: query.page, limit: query.limit };
}
