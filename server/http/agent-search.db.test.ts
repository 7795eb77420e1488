import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GlobalSearchResponse, GlobalSearchResponseSchema } from '../../contract/search';
import { type AgentRole, COLOGNE, names, seededAgentFixture } from './agent-test-kit';

// The agents' global search (issue 20, point 7): GET /api/agent/search finds candidates, companies
// and jobs by name, e-mail, city and title, each kind as its own table's search finds it.

const f = seededAgentFixture();

async function search(query: string, role: AgentRole = 'agent'): Promise<GlobalSearchResponse> {
  const res = await f.request('GET', `/api/agent/search?${query}`, f.tokens[role]);
  expect(res.status, query).toBe(200);
  return v.parse(GlobalSearchResponseSchema, await res.json());
}

beforeAll(async () => {
  const jobs = [
    ['Lagerhelfer Köln', 'Rheinwerk Bau GmbH', 'active'],
    ['Staplerfahrer Nachtschicht', null, 'active'],
    ['Lagerleitung (archiviert)', null, 'archived'],
  ] as const;
  for (const [i, [title, company, status]] of jobs.entries()) {
    await f.db.db.execute(
      // The client is the company chosen (issue 20, point 3), found by its name.
      sql`insert into jobs (id, origin, created_by, status, "values", criteria, updated_at, client_company_id)
          values (${crypto.randomUUID()}, 'agent', ${f.ids.agent}, ${status},
                  ${JSON.stringify({ title, target_types: ['stella'] })}::jsonb, '[]'::jsonb,
                  now() - make_interval(mins => ${i}), ${company ? f.companyId : null})`,
    );
  }
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${crypto.randomUUID()}, ${f.ids.otherAgent},
        ${JSON.stringify({ name: 'Lagerwelt Müller KG', city: COLOGNE })}::jsonb)`,
  );
});

describe('who may search', () => {
  it('answers 401 without a token, 403 for candidates and companies, 200 for every agent', async () => {
    expect((await f.request('GET', '/api/agent/search?q=anna')).status).toBe(401);
    for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
      const res = await f.request('GET', '/api/agent/search?q=anna', f.tokens[role]);
      expect(res.status, role).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
    }
    for (const role of ['agent', 'otherAgent', 'senior'] as const) {
      expect(
        (await search('q=anna', role)).candidates.map((c) => c.name),
        role,
      ).toEqual(['Anna Müller']);
    }
  });

  it('refuses a missing, too short, too long or repeated query and a bad limit with 400 query.invalid', async () => {
    const bad: [string, string, string][] = [
      ['', 'q', 'query.invalid'],
      ['q=a', 'q', 'query.invalid'],
      ['q=%20%20a%20', 'q', 'query.invalid'],
      [`q=${'x'.repeat(101)}`, 'q', 'field.too_long'],
      ['q=anna&q=lena', 'q', 'query.invalid'],
      ['q=anna&limit=0', 'limit', 'query.invalid'],
      ['q=anna&limit=21', 'limit', 'query.invalid'],
      ['q=anna&limit=x', 'limit', 'query.invalid'],
    ];
    for (const [query, field, code] of bad) {
      const res = await f.request('GET', `/api/agent/search?${query}`, f.tokens.agent);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { code: string; fields: Record<string, string[]> };
      expect(body.code, query).toBe('query.invalid');
      expect(body.fields[field], query).toContain(code);
    }
  });
});

describe('what it finds', () => {
  it('a candidate by name with or without accents, by e-mail and by city', async () => {
    for (const q of ['müller', 'muller', 'anna.mueller', 'anna koln']) {
      const found = await search(`q=${encodeURIComponent(q)}`);
      expect(
        found.candidates.map((c) => [c.name, c.type]),
        q,
      ).toContainEqual(['Anna Müller', 'stella']);
    }
    const anna = (await search('q=anna')).candidates[0];
    expect(anna).toMatchObject({ uuid: f.mueller, email: 'anna.mueller@mail.test', city: 'Köln' });
  });

  it('a candidate without an account, and candidates by skill label', async () => {
    expect((await search('q=brandt')).candidates).toEqual([
      {
        uuid: f.stellaNoAccount,
        type: 'stella',
        name: 'Bernd Brandt',
        email: null,
        city: null,
        matched: 'name',
      },
    ]);
    expect((await search('q=trockenbau')).candidates.map((c) => [c.name, c.matched])).toEqual([
      ['Bernd Brandt', 'skills'],
    ]);
  });

  it('companies by name, city and e-mail; jobs by title and company, active first', async () => {
    const koeln = await search(`q=${encodeURIComponent('köln')}`);
    expect(koeln.companies.map((c) => c.name)).toEqual(['Lagerwelt Müller KG', 'Rheinwerk Bau GmbH']);
    expect(koeln.jobs.map((j) => j.title)).toEqual(['Lagerhelfer Köln']);
    expect((await search('q=company%40agents')).companies).toEqual([
      {
        uuid: f.companyId,
        name: 'Rheinwerk Bau GmbH',
        email: 'company@agents.test',
        city: 'Köln',
        matched: 'email',
      },
    ]);
    const lager = await search('q=lager');
    expect(lager.jobs.map((j) => [j.title, j.status])).toEqual([
      ['Lagerhelfer Köln', 'active'],
      ['Lagerleitung (archiviert)', 'archived'],
    ]);
    expect(lager.companies.map((c) => c.name)).toEqual(['Lagerwelt Müller KG']);
    expect((await search('q=rheinwerk')).jobs.map((j) => j.company)).toEqual(['Rheinwerk Bau GmbH']);
  });

  it('groups candidates stellas, lunas, novas, each the first page of its table (last change first), up to the limit', async () => {
    const found = await search('q=neu&limit=3');
    expect(found.candidates.map((c) => c.type)).toEqual(['nova', 'nova', 'nova']);
    expect(found.candidates.map((c) => c.name)).toEqual(names(await f.list('type=nova&q=neu&limit=3')));
    const mixed = await search('q=l%C3%BCnke%20k%C3%B6ln');
    expect(mixed.candidates.map((c) => c.type)).toEqual(['luna']);
    const everyone = await search(`q=${encodeURIComponent('köln')}&limit=20`);
    const types = everyone.candidates.map((c) => c.type);
    expect(types).toEqual(
      [...types].sort(
        (a, b) => ['stella', 'luna', 'nova'].indexOf(a) - ['stella', 'luna', 'nova'].indexOf(b),
      ),
    );
    expect(new Set(types)).toEqual(new Set(['stella', 'luna']));
  });

  it('follows a company account’s new e-mail, in the search and in the companies table', async () => {
    await f.db.db.execute(sql`update users set email = 'einkauf@rheinwerk.test' where id = ${f.ids.company}`);
    try {
      expect((await search('q=einkauf%40rheinwerk')).companies.map((c) => c.email)).toEqual([
        'einkauf@rheinwerk.test',
      ]);
      expect((await search('q=company%40agents')).companies).toEqual([]);
      const table = await f.request('GET', '/api/company/list?q=einkauf', f.tokens.agent);
      expect(((await table.json()) as { items: { name: string }[] }).items.map((c) => c.name)).toEqual([
        'Rheinwerk Bau GmbH',
      ]);
    } finally {
      await f.db.db.execute(sql`update users set email = 'company@agents.test' where id = ${f.ids.company}`);
    }
  });

  it('answers empty groups when nothing matches, also for words no index can hold', async () => {
    for (const q of ['zzzzqx', '%%', "'&|!"]) {
      expect(await search(`q=${encodeURIComponent(q)}`), q).toEqual({
        q,
        candidates: [],
        companies: [],
        jobs: [],
      });
    }
  });
});

describe('ranking and the field that matched (issue 42)', () => {
  /** Inserted oldest first: the newest change would lead without the ranking. */
  const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;

  beforeAll(async () => {
    const candidates = [
      // [values, account e-mail, minutes ago]
      [{ first_name: 'Maria', last_name: 'Kranz' }, undefined, 30],
      [{ first_name: 'Paul', last_name: 'Kranzberger' }, undefined, 20],
      [{ first_name: 'Jonas', last_name: 'Weber' }, 'kranz.fan@mail.test', 10],
      [{ first_name: 'Ida', last_name: 'Roth', phone: '+49 176 24681357' }, undefined, 5],
    ] as const;
    for (const [values, email, minutes] of candidates) {
      const { profileId } = await f.addCandidate('stella', values, email ? { email } : undefined);
      await f.db.db.execute(sql`update profiles set updated_at = ${ago(minutes)} where id = ${profileId}`);
    }
    const company = async (values: Record<string, unknown>) => {
      const id = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into companies (id, "values") values (${id}, ${JSON.stringify(values)}::jsonb)`,
      );
      return id;
    };
    await company({ name: 'Blumen Kranz GmbH' });
    await company({ name: 'Floristik Meyer', website: 'https://kranz-shop.example' });
    await company({ name: 'Kranz Logistik' });
    const kranz = await company({ name: 'Kranz' });
    const jobs = [
      ['Lagerist', kranz, 40],
      ['kranz', null, 30],
      ['Kranzbinder', null, 20],
      ['Floristin für die Kranzbinderei', null, 10],
    ] as const;
    for (const [title, client, minutes] of jobs) {
      await f.db.db.execute(
        sql`insert into jobs (id, origin, created_by, status, "values", criteria, updated_at, client_company_id)
            values (${crypto.randomUUID()}, 'agent', ${f.ids.agent}, 'active',
                    ${JSON.stringify({ title, target_types: ['stella'] })}::jsonb, '[]'::jsonb,
                    ${ago(minutes)}, ${client})`,
      );
    }
  });

  it('puts the exact name first, then the names that begin with the query, then the other hits', async () => {
    const found = await search('q=kranz');
    expect(found.candidates.map((c) => [c.name, c.matched])).toEqual([
      ['Maria Kranz', 'name'],
      ['Paul Kranzberger', 'name'],
      ['Jonas Weber', 'email'],
    ]);
    expect(found.companies.map((c) => [c.name, c.matched])).toEqual([
      ['Kranz', 'name'],
      ['Kranz Logistik', 'name'],
      ['Blumen Kranz GmbH', 'name'],
      ['Floristik Meyer', 'website'],
    ]);
    expect(found.jobs.map((j) => [j.title, j.matched])).toEqual([
      ['kranz', 'title'],
      ['Kranzbinder', 'title'],
      ['Floristin für die Kranzbinderei', 'title'],
      ['Lagerist', 'company'],
    ]);
  });

  it('takes a whole name, a first or last name and accents as exact, and keeps the limit', async () => {
    expect((await search(`q=${encodeURIComponent('maria kranz')}`)).candidates.map((c) => c.name)).toEqual([
      'Maria Kranz',
    ]);
    expect((await search('q=kranz&limit=1')).candidates.map((c) => c.name)).toEqual(['Maria Kranz']);
    // "Müller" is exact for "muller" as the search folds it; the e-mail's "mueller" is another word.
    const mueller = await search('q=muller');
    expect(mueller.candidates.map((c) => [c.name, c.matched])).toEqual([['Anna Müller', 'name']]);
  });

  it('names the e-mail, the city, the phone and the skills as what matched', async () => {
    expect((await search('q=anna.mueller')).candidates.map((c) => c.matched)).toEqual(['email']);
    const koeln = await search(`q=${encodeURIComponent('köln')}`);
    expect(new Set(koeln.candidates.map((c) => c.matched))).toEqual(new Set(['city']));
    expect(koeln.companies.map((c) => c.matched)).toEqual(['city', 'city']);
    expect(
      (await search(`q=${encodeURIComponent('0176 2468')}`)).candidates.map((c) => [c.name, c.matched]),
    ).toEqual([['Ida Roth', 'phone']]);
    expect((await search('q=drywall')).candidates.map((c) => c.matched)).toEqual(['skills']);
    // Spread over two fields: the name, which holds one of the words.
    expect((await search(`q=${encodeURIComponent('anna köln')}`)).candidates.map((c) => c.matched)).toEqual([
      'name',
    ]);
  });
});
