import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AgentProfileDetailSchema, AgentSelfSchema } from '../../contract/agent';
import { foldText, searchWords } from '../agents/search';
import { queryRows } from '../db/client';
import { CountRow, json, record, text, texts } from '../db/rows';
import { COLOGNE, names, seededAgentFixture } from './agent-test-kit';

// The agents' candidate table (GET /api/profile/list): search, filters, sort, pages, kept totals.

const f = seededAgentFixture();

describe('GET /api/profile/list', () => {
  it('finds "Müller" by "müller", "muller" and "MÜLLER", and by e-mail and city', async () => {
    for (const q of ['müller', 'muller', 'MÜLLER', 'anna muller', 'anna.mueller@mail', 'köln', 'koln']) {
      const page = await f.list(`q=${encodeURIComponent(q)}`);
      expect(names(page), q).toContain('Anna Müller');
    }
    expect((await f.list('q=mullerx')).total).toBe(0);
  });

  it('matches the beginnings of words: of the name, the city and the parts of the e-mail', async () => {
    for (const q of ['müll', 'MUL', 'anna m', 'kö', 'mueller@mail', 'mail.test', 'anna.mueller@mail.test']) {
      expect(names(await f.list(`q=${encodeURIComponent(q)}`)), q).toContain('Anna Müller');
    }
    for (const q of ['ller', 'nna', 'üller', 'anna x']) {
      expect(names(await f.list(`q=${encodeURIComponent(q)}`)), q).not.toContain('Anna Müller');
    }
  });

  it('reads a word with punctuation that names a catalogue label as that label', async () => {
    // "Softwareentwickler/in" is Anna's occupation, not every name beginning with "in".
    expect(names(await f.list(`q=${encodeURIComponent('Softwareentwickler/in')}`))).toEqual(['Anna Müller']);
  });

  it('takes quotes, backslashes and operators of the search syntax as text', async () => {
    for (const q of ["o'brien", 'a\\b', "müller'", '!müller', 'müller:*', 'müller | x', '(müller', '&']) {
      const res = await f.request('GET', `/api/profile/list?q=${encodeURIComponent(q)}`, f.tokens.agent);
      expect(res.status, q).toBe(200);
    }
    const nul = await f.request('GET', '/api/profile/list?q=%00', f.tokens.agent);
    expect(nul.status).toBe(400);
    expect(names(await f.list(`q=${encodeURIComponent('(müller)')}`))).toContain('Anna Müller');
    expect(names(await f.list(`q=${encodeURIComponent('müller | x')}`))).not.toContain('Anna Müller');
    expect((await f.list(`q=${encodeURIComponent("'")}`)).total).toBe(0);
  });

  it('splits a profile into words as it splits a query (searchWords and matchwerk_search_words)', async () => {
    const samples = [
      "Anna-Lena O'Brien",
      'Neu-Ulm',
      'x_y.z+tag@web.de',
      'tab\there  twice',
      '(C++) & C#',
      'Çağrı Öztürk',
      '…',
    ];
    for (const text of samples) {
      const [row] = await queryRows(
        f.db.db,
        sql`select matchwerk_search_words(matchwerk_fold(${text})) as words`,
        v.object({ words: texts }),
      );
      expect(row?.words, text).toEqual(searchWords(foldText(text)));
    }
  });

  it('finds a skill by its German and by its English label, and an occupation by its label', async () => {
    for (const q of ['Holzbearbeitung', 'woodworking', 'Softwareentwickler', 'software developer']) {
      expect(names(await f.list(`q=${encodeURIComponent(q)}`)), q).toContain('Anna Müller');
    }
    expect(names(await f.list('q=Trockenbau'))).toEqual(['Bernd Brandt']);
    expect(names(await f.list('q=drywall'))).toEqual(['Bernd Brandt']);
  });

  it('pages with the total under the filters', async () => {
    const first = await f.list('type=nova&limit=10&sort=name&order=asc');
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    const third = await f.list('type=nova&limit=10&page=3&sort=name&order=asc');
    expect(third.items).toHaveLength(5);
    expect(third.total).toBe(25);
    const all = [
      ...first.items,
      ...(await f.list('type=nova&limit=10&page=2&sort=name')).items,
      ...third.items,
    ];
    expect(new Set(all.map((i) => i.uuid)).size).toBe(25);
    // A filter's first page is read with its total in one statement, later ones alone: same order.
    const withTotal = await f.list('type=nova&status=active&sort=name&order=asc&limit=10');
    const alone = await f.list('type=nova&status=active&sort=name&order=asc&limit=11');
    expect(withTotal.items.map((i) => i.uuid)).toEqual(alone.items.slice(0, 10).map((i) => i.uuid));
    // A page past the end, its total not yet counted: no rows, the total all the same.
    const pastEnd = await f.list('type=nova&registration=finished&limit=10&page=9');
    expect(pastEnd).toMatchObject({ items: [], total: 25, page: 9 });
    expect((await f.list('type=stella')).total).toBe(2);
    expect((await f.list('type=luna')).items[0]).toMatchObject({
      name: 'Lena Lunke',
      email: 'lena.lunke@mail.test',
      city: 'Köln',
      // A name and a city: what matching uses is missing (contract/completeness.ts).
      completeness: 15,
      status: 'active',
      assignedAgent: null,
    });
  });

  it('filters by assignment, status and registration and sorts by completeness', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: f.mueller });
    expect(names(await f.list('assigned=me'))).toEqual(['Anna Müller']);
    expect(names(await f.list('assigned=none&type=stella'))).toEqual(['Bernd Brandt']);
    expect(names(await f.list('assigned=me', 'otherAgent'))).toEqual([]);
    await f.request('POST', `/api/agent/profile/${f.stellaNoAccount}/status`, f.tokens.agent, {
      status: 'inactive',
      reason: 'Asked not to be contacted',
    });
    expect(names(await f.list('status=inactive'))).toEqual(['Bernd Brandt']);
    await f.request('POST', `/api/agent/profile/${f.stellaNoAccount}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect((await f.list('registration=unfinished')).total).toBe(0);
    const bySort = await f.list('type=stella&sort=completeness&order=desc');
    expect(bySort.items[0]?.name).toBe('Anna Müller');
    expect(bySort.items[1]?.completeness).toBeLessThan(100);
  });

  it('keeps completeness with the values, not the catalogue: the table says what the profile says', async () => {
    const detailOf = async (uuid: string) => {
      const res = await f.request('GET', `/api/agent/profile/${uuid}`, f.tokens.agent);
      const { completeness, missing } = v.parse(AgentProfileDetailSchema, await res.json()).profile;
      return { completeness, missing };
    };
    const tableOf = async () =>
      new Map(
        (await f.list('type=stella&limit=100')).items.map((i) => [
          i.uuid,
          { completeness: i.completeness, missing: i.missing },
        ]),
      );
    const agree = async () => {
      const table = await tableOf();
      for (const [uuid, row] of table) expect(row, uuid).toEqual(await detailOf(uuid));
      return table;
    };
    const before = await agree();
    // Bernd Brandt: skills only (20 %).
    expect(before.get(f.stellaNoAccount)?.completeness).toBe(20);

    // A catalogue that makes birth_date required changes no completeness: it weighs what matching uses.
    const [original] = await queryRows(
      f.db.db,
      sql`select fields, checksum from catalogs where scope = 'profile'`,
      v.object({ fields: json, checksum: text }),
    );
    await f.db.db.execute(sql`update catalogs set checksum = checksum || '-birth', fields = (
        select jsonb_agg(case when e ->> 'key' = 'birth_date' then jsonb_set(e, '{required}', 'true') else e end
                         order by n)
        from jsonb_array_elements(fields) with ordinality as x(e, n))
      where scope = 'profile'`);
    try {
      expect(await agree()).toEqual(before);
    } finally {
      await f.db.db.execute(
        sql`update catalogs set fields = ${JSON.stringify(original!.fields)}::jsonb, checksum = ${original!.checksum}
            where scope = 'profile'`,
      );
    }
    // Values added by an edit: the stored column follows, and the table sorts by it.
    const row = sql`select "values" from profiles where id = ${f.stellaNoAccount}`;
    const [{ values } = { values: {} }] = await queryRows(f.db.db, row, v.object({ values: record }));
    await f.db.db.execute(
      sql`update profiles set "values" = ${JSON.stringify({ ...values, occupation: 'software_developer', city: COLOGNE, languages: [{ language: 'de', level: 'C1' }] })}::jsonb
          where id = ${f.stellaNoAccount}`,
    );
    try {
      const after = await agree();
      expect(after.get(f.stellaNoAccount)).toEqual({
        completeness: 70,
        missing: ['experience_years', 'education_level', 'available_from'],
      });
      const bySort = await f.list('type=stella&sort=completeness&order=asc');
      expect(bySort.items.map((i) => i.uuid)).toEqual([f.mueller, f.stellaNoAccount]);
    } finally {
      await f.db.db.execute(
        sql`update profiles set "values" = ${JSON.stringify(values)}::jsonb where id = ${f.stellaNoAccount}`,
      );
    }
    expect(await agree()).toEqual(before);
  });

  it('keeps a total only until a write that changes it: profiles, an e-mail, a registration step', async () => {
    const generation = async () =>
      (
        await queryRows(
          f.db.db,
          sql`select last_value::text as v from matchwerk_list_generation`,
          v.object({ v: text }),
        )
      )[0]?.v;
    const byMail = 'q=anna.mueller%40mail';
    expect((await f.list(byMail)).total).toBe(1);
    expect((await f.list('type=stella&status=inactive')).total).toBe(0);
    expect((await f.list('registration=unfinished')).total).toBe(0);

    // A login (last_login_at) does not change what the tables count.
    const before = await generation();
    await f.db.db.execute(sql`update users set last_login_at = now() where id = ${f.muellerUser}`);
    await f.db.db.execute(sql`update users set last_login_at = null where id = ${f.muellerUser}`);
    expect(await generation()).toBe(before);

    const stamp = sql`select updated_at::text as at, change_tx::text as tx from profiles where id = ${f.mueller}`;
    const [stampBefore] = await queryRows(f.db.db, stamp, v.object({ at: text, tx: text }));
    await f.db.db.execute(sql`update users set email = 'anna.m@mail.test' where id = ${f.muellerUser}`);
    expect((await f.list(byMail)).total).toBe(0);
    expect((await f.list('q=anna.m%40mail')).total).toBe(1);
    // The e-mail copied into the profile for the search is no edit of the profile.
    expect((await queryRows(f.db.db, stamp, v.object({ at: text, tx: text })))[0]).toEqual(stampBefore);
    await f.db.db.execute(sql`update users set email = 'anna.mueller@mail.test' where id = ${f.muellerUser}`);
    expect((await f.list(byMail)).total).toBe(1);

    await f.db.db.execute(sql`update users set registration_step = 2 where id = ${f.muellerUser}`);
    expect((await f.list('registration=unfinished')).total).toBe(1);
    await f.db.db.execute(sql`update users set registration_step = 0 where id = ${f.muellerUser}`);
    expect((await f.list('registration=unfinished')).total).toBe(0);

    // A profile created for an account still registering counts as unfinished from the start.
    const registering = crypto.randomUUID();
    await f.db.db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
      values (${registering}, 'still.registering@mail.test', 'x', 'nova', 3)`);
    await f.db.db.execute(sql`insert into profiles (id, user_id, type, "values")
      values (${registering}, ${registering}, 'nova', '{"first_name": "Rita"}')`);
    expect(names(await f.list('registration=unfinished'))).toEqual(['Rita']);
    expect(names(await f.list('type=nova&registration=finished&limit=100'))).not.toContain('Rita');
    await f.db.db.execute(sql`delete from users where id = ${registering}`);
    expect((await f.list('registration=unfinished')).total).toBe(0);

    await f.request('POST', `/api/agent/profile/${f.stellaNoAccount}/status`, f.tokens.agent, {
      status: 'inactive',
      reason: 'Asked not to be contacted',
    });
    expect((await f.list('type=stella&status=inactive')).total).toBe(1);
    await f.request('POST', `/api/agent/profile/${f.stellaNoAccount}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect((await f.list('type=stella&status=inactive')).total).toBe(0);
  });

  it('shows a kept page again only while nothing on it changed: a photo, the assigned agent name', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.otherAgent, { uuid: f.luna });
    const lunaRow = async () => (await f.list('type=luna', 'senior')).items.find((i) => i.uuid === f.luna)!;
    const before = await lunaRow();
    expect(before.thumbnail).toBeNull();
    expect(await lunaRow()).toEqual(before);

    const photoId = crypto.randomUUID();
    await f.db.db.execute(sql`insert into photos (user_id, id) values (${f.lunaUser}, ${photoId})`);
    expect((await lunaRow()).thumbnail).toContain(photoId);

    const own = v.parse(
      AgentSelfSchema,
      await (await f.request('GET', '/api/agent', f.tokens.otherAgent)).json(),
    );
    const res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, {
      first_name: 'Otto',
      last_name: 'Obermeier',
      phone: null,
      version: own.version,
    });
    expect(res.status).toBe(200);
    expect((await lunaRow()).assignedAgent?.name).toBe('Otto Obermeier');
    await f.db.db.execute(
      sql`update account_profiles set "values" = '{}'::jsonb where user_id = ${f.ids.otherAgent}`,
    );
    expect((await lunaRow()).assignedAgent).toMatchObject({ email: 'other-agent@agents.test', name: null });

    await f.db.db.execute(sql`delete from photos where user_id = ${f.lunaUser}`);
    expect((await lunaRow()).thumbnail).toBeNull();
    await f.request('POST', '/api/agent/assign_profile', f.tokens.senior, { uuid: f.luna, agent: null });
    const [{ n } = { n: 0 }] = await queryRows(
      f.db.db,
      sql`select count(*)::int as n from profiles where id = ${f.luna} and assigned_agent_id is null`,
      CountRow,
    );
    expect(n).toBe(1);
    expect((await lunaRow()).assignedAgent).toBeNull();
  });

  it('refuses bad query values with 400 and codes', async () => {
    for (const query of [
      'type=company',
      'sort=email',
      'order=up',
      'assigned=someone',
      'registration=maybe',
      'created=yesterday',
      'limit=101',
      'limit=0',
      'page=-1',
      'page=1&page=2',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await f.request('GET', `/api/profile/list?${query}`, f.tokens.agent);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { code: string; fields: Record<string, string[]> };
      expect(body.code).toBe('query.invalid');
      expect(Object.keys(body.fields).length).toBeGreaterThan(0);
    }
    // LIKE wildcards are text, not patterns.
    expect((await f.list('q=%25')).total).toBe(0);
    expect((await f.list('q=_')).total).toBe(0);
  });
});
