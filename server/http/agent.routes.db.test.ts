import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import {
  AgentDashboardSchema,
  AgentListResponseSchema,
  AgentProfileDetailSchema,
  AgentSelfSchema,
  AssignmentResultSchema,
  CompanyDetailSchema,
  CompanyListResponseSchema,
  type ProfileListResponse,
  ProfileListResponseSchema,
} from '../../contract/agent';
import { foldText, searchWords } from '../agents/search';
import { queryRows } from '../db/client';
import { listOutbox } from '../messaging/outbox';
import {
  AGENT_TEST_PASSWORD,
  type AgentFixture,
  type AgentRole,
  COLOGNE,
  createAgentFixture,
} from './agent-test-kit';

let f: AgentFixture;
let mueller: string;
let muellerUser: string;
let luna: string;
let lunaUser: string;
let stellaNoAccount: string;
let companyId: string;

const MUELLER_VALUES = {
  first_name: 'Anna',
  last_name: 'Müller',
  birth_date: '1990-05-17',
  city: COLOGNE,
  occupation: 'software_developer',
  skills: ['carpentry', 'typescript'],
};

beforeAll(async () => {
  f = await createAgentFixture();
  ({ profileId: mueller, userId: muellerUser } = (await f.addCandidate('stella', MUELLER_VALUES, {
    email: 'anna.mueller@mail.test',
    phone: '+4915199887766',
  })) as { profileId: string; userId: string });
  ({ profileId: luna, userId: lunaUser } = (await f.addCandidate(
    'luna',
    { first_name: 'Lena', last_name: 'Lunke', city: COLOGNE },
    { email: 'lena.lunke@mail.test', language: 'en' },
  )) as { profileId: string; userId: string });
  ({ profileId: stellaNoAccount } = await f.addCandidate('stella', {
    first_name: 'Bernd',
    last_name: 'Brandt',
    skills: ['drywall'],
  }));
  for (let i = 0; i < 25; i++) {
    await f.addCandidate('nova', { first_name: `Nova${i}`, last_name: 'Neu' });
  }
  companyId = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${companyId}, ${f.ids.company},
        ${JSON.stringify({ name: 'Rheinwerk Bau GmbH', city: COLOGNE })}::jsonb)`,
  );
});
afterAll(() => f.close());

const list = async (query: string, role: AgentRole = 'agent'): Promise<ProfileListResponse> => {
  const res = await f.request('GET', `/api/profile/list?${query}`, f.tokens[role]);
  expect(res.status).toBe(200);
  return v.parse(ProfileListResponseSchema, await res.json());
};
const names = (page: ProfileListResponse) => page.items.map((i) => i.name);

describe('who may call', () => {
  const calls = (): [string, string, unknown?][] => [
    ['GET', '/api/profile/list'],
    ['GET', `/api/agent/profile/${mueller}`],
    ['GET', `/api/agent/profile/${mueller}/access-log`],
    ['POST', `/api/agent/profile/${stellaNoAccount}/status`, { status: 'active' }],
    ['POST', '/api/agent/assign_profile', { uuid: stellaNoAccount, agent: null }],
    ['POST', '/api/agent/assign_company', { uuid: companyId, agent: null }],
    ['POST', '/api/agent/luna_to_stella', { uuid: stellaNoAccount }],
    ['GET', `/api/agent/card/${mueller}/pdf`],
    ['GET', `/api/agent/card/${mueller}/anonymous`],
    ['GET', '/api/company/list'],
    ['GET', `/api/agent/company/${companyId}`],
    ['GET', '/api/agent'],
    ['PUT', '/api/agent', { first_name: 'A', last_name: 'B', phone: null, version: 0 }],
    ['GET', '/api/agent/list'],
    ['GET', '/api/agent/dashboard'],
  ];

  it('answers 401 without a token and 403 for luna, stella, nova and company on every call', async () => {
    for (const [method, path, body] of calls()) {
      expect((await f.request(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const role of ['luna', 'stella', 'nova', 'company'] as const) {
        const res = await f.request(method, path, f.tokens[role], body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('auth.forbidden');
      }
    }
  });

  it('lets agents and senior agents make every call (the access log: senior agents only)', async () => {
    for (const role of ['agent', 'senior'] as const) {
      for (const [method, path, body] of calls()) {
        const res = await f.request(method, path, f.tokens[role], body);
        // A plain agent may not read the access log; the candidate named is already a stella.
        const expected =
          path.endsWith('/access-log') && role === 'agent'
            ? 403
            : path === '/api/agent/luna_to_stella'
              ? 409
              : 200;
        expect(res.status, `${role} ${method} ${path}`).toBe(expected);
      }
    }
  });
});

describe('GET /api/profile/list', () => {
  it('finds "Müller" by "müller", "muller" and "MÜLLER", and by e-mail and city', async () => {
    for (const q of ['müller', 'muller', 'MÜLLER', 'anna muller', 'anna.mueller@mail', 'köln', 'koln']) {
      const page = await list(`q=${encodeURIComponent(q)}`);
      expect(names(page), q).toContain('Anna Müller');
    }
    expect((await list('q=mullerx')).total).toBe(0);
  });

  it('matches the beginnings of words: of the name, the city and the parts of the e-mail', async () => {
    for (const q of ['müll', 'MUL', 'anna m', 'kö', 'mueller@mail', 'mail.test', 'anna.mueller@mail.test']) {
      expect(names(await list(`q=${encodeURIComponent(q)}`)), q).toContain('Anna Müller');
    }
    for (const q of ['ller', 'nna', 'üller', 'anna x']) {
      expect(names(await list(`q=${encodeURIComponent(q)}`)), q).not.toContain('Anna Müller');
    }
  });

  it('reads a word with punctuation that names a catalogue label as that label', async () => {
    // "Softwareentwickler/in" is Anna's occupation, not every name beginning with "in".
    expect(names(await list(`q=${encodeURIComponent('Softwareentwickler/in')}`))).toEqual(['Anna Müller']);
  });

  it('takes quotes, backslashes and operators of the search syntax as text', async () => {
    for (const q of ["o'brien", 'a\\b', "müller'", '!müller', 'müller:*', 'müller | x', '(müller', '&']) {
      const res = await f.request('GET', `/api/profile/list?q=${encodeURIComponent(q)}`, f.tokens.agent);
      expect(res.status, q).toBe(200);
    }
    const nul = await f.request('GET', '/api/profile/list?q=%00', f.tokens.agent);
    expect(nul.status).toBe(400);
    expect(names(await list(`q=${encodeURIComponent('(müller)')}`))).toContain('Anna Müller');
    expect(names(await list(`q=${encodeURIComponent('müller | x')}`))).not.toContain('Anna Müller');
    expect((await list(`q=${encodeURIComponent("'")}`)).total).toBe(0);
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
      const [row] = await queryRows<{ words: string[] }>(
        f.db.db,
        sql`select matchwerk_search_words(matchwerk_fold(${text})) as words`,
      );
      expect(row?.words, text).toEqual(searchWords(foldText(text)));
    }
  });

  it('finds a skill by its German and by its English label, and an occupation by its label', async () => {
    for (const q of ['Holzbearbeitung', 'woodworking', 'Softwareentwickler', 'software developer']) {
      expect(names(await list(`q=${encodeURIComponent(q)}`)), q).toContain('Anna Müller');
    }
    expect(names(await list('q=Trockenbau'))).toEqual(['Bernd Brandt']);
    expect(names(await list('q=drywall'))).toEqual(['Bernd Brandt']);
  });

  it('pages with the total under the filters', async () => {
    const first = await list('type=nova&limit=10&sort=name&order=asc');
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    const third = await list('type=nova&limit=10&page=3&sort=name&order=asc');
    expect(third.items).toHaveLength(5);
    expect(third.total).toBe(25);
    const all = [
      ...first.items,
      ...(await list('type=nova&limit=10&page=2&sort=name')).items,
      ...third.items,
    ];
    expect(new Set(all.map((i) => i.uuid)).size).toBe(25);
    // A filter's first page is read with its total in one statement, later ones alone: same order.
    const withTotal = await list('type=nova&status=active&sort=name&order=asc&limit=10');
    const alone = await list('type=nova&status=active&sort=name&order=asc&limit=11');
    expect(withTotal.items.map((i) => i.uuid)).toEqual(alone.items.slice(0, 10).map((i) => i.uuid));
    // A page past the end, its total not yet counted: no rows, the total all the same.
    const pastEnd = await list('type=nova&registration=finished&limit=10&page=9');
    expect(pastEnd).toMatchObject({ items: [], total: 25, page: 9 });
    expect((await list('type=stella')).total).toBe(2);
    expect((await list('type=luna')).items[0]).toMatchObject({
      name: 'Lena Lunke',
      email: 'lena.lunke@mail.test',
      city: 'Köln',
      completeness: 100,
      status: 'active',
      assignedAgent: null,
    });
  });

  it('filters by assignment, status and registration and sorts by completeness', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: mueller });
    expect(names(await list('assigned=me'))).toEqual(['Anna Müller']);
    expect(names(await list('assigned=none&type=stella'))).toEqual(['Bernd Brandt']);
    expect(names(await list('assigned=me', 'otherAgent'))).toEqual([]);
    await f.request('POST', `/api/agent/profile/${stellaNoAccount}/status`, f.tokens.agent, {
      status: 'inactive',
    });
    expect(names(await list('status=inactive'))).toEqual(['Bernd Brandt']);
    await f.request('POST', `/api/agent/profile/${stellaNoAccount}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect((await list('registration=unfinished')).total).toBe(0);
    const bySort = await list('type=stella&sort=completeness&order=desc');
    expect(bySort.items[0]?.name).toBe('Anna Müller');
    expect(bySort.items[1]?.completeness).toBeLessThan(100);
  });

  it('keeps completeness with the values and the catalogue: the table says what the profile says', async () => {
    const detailCompleteness = async (uuid: string) => {
      const res = await f.request('GET', `/api/agent/profile/${uuid}`, f.tokens.agent);
      return v.parse(AgentProfileDetailSchema, await res.json()).profile.completeness;
    };
    const tableCompleteness = async () =>
      new Map((await list('type=stella&limit=100')).items.map((i) => [i.uuid, i.completeness]));
    const agree = async () => {
      const table = await tableCompleteness();
      for (const [uuid, completeness] of table)
        expect(completeness, uuid).toBe(await detailCompleteness(uuid));
      return table;
    };
    const before = await agree();
    expect(before.get(stellaNoAccount)).toBeLessThan(100);

    // The catalogue makes birth_date required: Bernd Brandt has none, Anna Müller has one.
    const [original] = await queryRows<{ fields: unknown; checksum: string }>(
      f.db.db,
      sql`select fields, checksum from catalogs where scope = 'profile'`,
    );
    const stamp = sql`select updated_at::text as at from profiles where id = ${stellaNoAccount}`;
    const [stampBefore] = await queryRows<{ at: string }>(f.db.db, stamp);
    await f.db.db.execute(sql`update catalogs set checksum = checksum || '-birth', fields = (
        select jsonb_agg(case when e ->> 'key' = 'birth_date' then jsonb_set(e, '{required}', 'true') else e end
                         order by n)
        from jsonb_array_elements(fields) with ordinality as x(e, n))
      where scope = 'profile'`);
    try {
      const stricter = await agree();
      expect(stricter.get(stellaNoAccount)).toBeLessThan(before.get(stellaNoAccount)!);
      expect(stricter.get(mueller)).toBe(before.get(mueller));
      // A recomputed completeness is no edit of the profile.
      expect((await queryRows<{ at: string }>(f.db.db, stamp))[0]).toEqual(stampBefore);
      const bySort = await list('type=stella&sort=completeness&order=asc');
      expect(bySort.items[0]?.uuid).toBe(stellaNoAccount);
    } finally {
      await f.db.db.execute(
        sql`update catalogs set fields = ${JSON.stringify(original!.fields)}::jsonb, checksum = ${original!.checksum}
            where scope = 'profile'`,
      );
    }
    expect(await agree()).toEqual(before);
  });

  it('keeps a total only until a write that changes it: profiles, an e-mail, a registration step', async () => {
    const generation = async () =>
      (
        await queryRows<{ v: string }>(
          f.db.db,
          sql`select last_value::text as v from matchwerk_list_generation`,
        )
      )[0]?.v;
    const byMail = 'q=anna.mueller%40mail';
    expect((await list(byMail)).total).toBe(1);
    expect((await list('type=stella&status=inactive')).total).toBe(0);
    expect((await list('registration=unfinished')).total).toBe(0);

    // A login (last_login_at) does not change what the tables count.
    const before = await generation();
    await f.db.db.execute(sql`update users set last_login_at = now() where id = ${muellerUser}`);
    await f.db.db.execute(sql`update users set last_login_at = null where id = ${muellerUser}`);
    expect(await generation()).toBe(before);

    const stamp = sql`select updated_at::text as at, change_tx::text as tx from profiles where id = ${mueller}`;
    const [stampBefore] = await queryRows<{ at: string; tx: string }>(f.db.db, stamp);
    await f.db.db.execute(sql`update users set email = 'anna.m@mail.test' where id = ${muellerUser}`);
    expect((await list(byMail)).total).toBe(0);
    expect((await list('q=anna.m%40mail')).total).toBe(1);
    // The e-mail copied into the profile for the search is no edit of the profile.
    expect((await queryRows<{ at: string; tx: string }>(f.db.db, stamp))[0]).toEqual(stampBefore);
    await f.db.db.execute(sql`update users set email = 'anna.mueller@mail.test' where id = ${muellerUser}`);
    expect((await list(byMail)).total).toBe(1);

    await f.db.db.execute(sql`update users set registration_step = 2 where id = ${muellerUser}`);
    expect((await list('registration=unfinished')).total).toBe(1);
    await f.db.db.execute(sql`update users set registration_step = 0 where id = ${muellerUser}`);
    expect((await list('registration=unfinished')).total).toBe(0);

    // A profile created for an account still registering counts as unfinished from the start.
    const registering = crypto.randomUUID();
    await f.db.db.execute(sql`insert into users (id, email, password_hash, user_type, registration_step)
      values (${registering}, 'still.registering@mail.test', 'x', 'nova', 3)`);
    await f.db.db.execute(sql`insert into profiles (id, user_id, type, "values")
      values (${registering}, ${registering}, 'nova', '{"first_name": "Rita"}')`);
    expect(names(await list('registration=unfinished'))).toEqual(['Rita']);
    expect(names(await list('type=nova&registration=finished&limit=100'))).not.toContain('Rita');
    await f.db.db.execute(sql`delete from users where id = ${registering}`);
    expect((await list('registration=unfinished')).total).toBe(0);

    await f.request('POST', `/api/agent/profile/${stellaNoAccount}/status`, f.tokens.agent, {
      status: 'inactive',
    });
    expect((await list('type=stella&status=inactive')).total).toBe(1);
    await f.request('POST', `/api/agent/profile/${stellaNoAccount}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect((await list('type=stella&status=inactive')).total).toBe(0);
  });

  it('shows a kept page again only while nothing on it changed: a photo, the assigned agent name', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.otherAgent, { uuid: luna });
    const lunaRow = async () => (await list('type=luna', 'senior')).items.find((i) => i.uuid === luna)!;
    const before = await lunaRow();
    expect(before.thumbnail).toBeNull();
    expect(await lunaRow()).toEqual(before);

    const photoId = crypto.randomUUID();
    await f.db.db.execute(sql`insert into photos (user_id, id) values (${lunaUser}, ${photoId})`);
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

    await f.db.db.execute(sql`delete from photos where user_id = ${lunaUser}`);
    expect((await lunaRow()).thumbnail).toBeNull();
    await f.request('POST', '/api/agent/assign_profile', f.tokens.senior, { uuid: luna, agent: null });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      f.db.db,
      sql`select count(*)::int as n from profiles where id = ${luna} and assigned_agent_id is null`,
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
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });
});

describe('a candidate', () => {
  it('answers the whole profile with photo_image, account facts and assignment', async () => {
    const res = await f.request('GET', `/api/agent/profile/${mueller}`, f.tokens.agent);
    expect(res.status).toBe(200);
    const detail = v.parse(AgentProfileDetailSchema, await res.json());
    expect(detail.profile.values).toMatchObject({ first_name: 'Anna', last_name: 'Müller' });
    expect(detail.photo_image).toBeNull();
    expect(detail.account).toMatchObject({
      email: 'anna.mueller@mail.test',
      emailValidated: true,
      registrationFinished: true,
      twoFactor: false,
      lastLoginAt: null,
    });
    expect(detail.accessLog).toBeNull();
    expect(detail.jobs).toEqual([]);
  });

  it('lists the active jobs whose current results rank the candidate', async () => {
    const addJob = async (title: string, status: string, rank: number, score: number) => {
      const job = crypto.randomUUID();
      const oldRun = crypto.randomUUID();
      const run = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into jobs (id, status, "values") values (${job}, ${status}, ${JSON.stringify({ title })}::jsonb)`,
      );
      // An older done run whose results were replaced must not count.
      await f.db.db.execute(
        sql`insert into job_runs (id, job_id, job_version, state, finished_at) values
            (${oldRun}, ${job}, 0, 'done', now() - interval '1 day'), (${run}, ${job}, 0, 'done', now())`,
      );
      for (const [runId, r] of [
        [oldRun, 1],
        [run, rank],
      ] as const) {
        await f.db.db.execute(
          sql`insert into job_results (run_id, job_id, profile_id, rank, score, breakdown, profile_version, type, name)
              values (${runId}, ${job}, ${mueller}, ${r}, ${score}, '[]'::jsonb, 0, 'stella', 'Anna Müller')`,
        );
      }
      return job;
    };
    const active = await addJob('Tischlerin', 'active', 3, 87.5);
    await addJob('Archiviert', 'archived', 1, 99);
    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${mueller}`, f.tokens.agent)).json(),
    );
    expect(detail.jobs).toEqual([{ uuid: active, title: 'Tischlerin', rank: 3, score: 87.5 }]);
  });

  it('refuses bad and unknown uuids with codes', async () => {
    for (const path of ['/api/agent/profile/not-a-uuid', '/api/agent/card/123/pdf', '/api/agent/company/x']) {
      const res = await f.request('GET', path, f.tokens.agent);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('uuid.invalid');
    }
    const unknown = crypto.randomUUID();
    const res = await f.request('GET', `/api/agent/profile/${unknown}`, f.tokens.agent);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('profile.not_found');
    const card = await f.request('GET', `/api/agent/card/${mueller}/docx`, f.tokens.agent);
    expect(card.status).toBe(400);
    expect(((await card.json()) as { code: string }).code).toBe('card.format_invalid');
    const assign = await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: 'nope' });
    expect(assign.status).toBe(400);
    const status = await f.request('POST', `/api/agent/profile/${mueller}/status`, f.tokens.agent, {
      status: 'gone',
    });
    expect(status.status).toBe(400);
  });

  it('records every read of the profile and the cards; senior agents see it, and so does the export', async () => {
    await f.db.db.execute(sql`delete from agent_access_log`);
    await f.request('GET', `/api/agent/profile/${mueller}`, f.tokens.agent);
    await f.request('GET', `/api/agent/card/${mueller}/pdf`, f.tokens.otherAgent);
    await f.request('GET', `/api/agent/card/${mueller}/anonymous`, f.tokens.agent);
    const res = await f.request('GET', `/api/agent/profile/${mueller}/access-log`, f.tokens.senior);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { agent: string; what: string }[] };
    expect(items.map((i) => [i.agent, i.what])).toEqual([
      ['agent@agents.test', 'card_anonymous'],
      ['other-agent@agents.test', 'card_pdf'],
      ['agent@agents.test', 'profile'],
    ]);
    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${mueller}`, f.tokens.senior)).json(),
    );
    expect(detail.accessLog?.[0]).toMatchObject({ agent: 'senior@agents.test', what: 'profile' });

    const [user] = await queryRows<{ id: string }>(
      f.db.db,
      sql`select id from users where id = ${muellerUser}`,
    );
    expect(user).toBeDefined();
    const { signAccessToken } = await import('../auth/tokens');
    const { users } = await import('../db/schema/users');
    const { eq } = await import('drizzle-orm');
    const [row] = await f.db.db.select().from(users).where(eq(users.id, muellerUser));
    const token = await signAccessToken(f.auth.tokens, row!, 'ok');
    const exported = (await (await f.request('GET', '/api/user/export', token)).json()) as AccountExport;
    expect(exported.agentAccesses.map((a) => a.action)).toEqual([
      'profile',
      'card_anonymous',
      'card_pdf',
      'profile',
    ]);
    expect(exported.agentAccesses[0]?.agent).toBe('senior@agents.test');
  });

  it('prints the full card in the agent language and an anonymous card without name, e-mail, phone or birth date', async () => {
    const textOf = async (format: string) => {
      const res = await f.request('GET', `/api/agent/card/${mueller}/${format}`, f.tokens.agent);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
      return (await extractText(pdf, { mergePages: true })).text;
    };
    const full = await textOf('pdf');
    expect(full).toContain('Anna Müller');
    expect(full).toContain('Holzbearbeitung');
    const anonymous = await textOf('anonymous');
    for (const secret of ['Anna', 'Müller', 'anna.mueller', '15199887766', '1990', '17.05.1990']) {
      expect(anonymous, secret).not.toContain(secret);
    }
    expect(anonymous).toContain('Köln');
    expect(anonymous).toContain('Holzbearbeitung');
  });
});

describe('assignment, promotion and status', () => {
  it('assigns to me and unassigns; a senior agent assigns to another agent, a plain agent may not', async () => {
    const assign = (role: AgentRole, body: unknown) =>
      f.request('POST', '/api/agent/assign_profile', f.tokens[role], body);
    let res = await assign('agent', { uuid: stellaNoAccount });
    expect(res.status).toBe(200);
    expect(v.parse(AssignmentResultSchema, await res.json()).assignedAgent?.email).toBe('agent@agents.test');
    res = await assign('agent', { uuid: stellaNoAccount, agent: f.ids.otherAgent });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('assign.senior_only');
    res = await assign('senior', { uuid: stellaNoAccount, agent: f.ids.otherAgent });
    expect(res.status).toBe(200);
    expect(v.parse(AssignmentResultSchema, await res.json()).assignedAgent?.email).toBe(
      'other-agent@agents.test',
    );
    res = await assign('senior', { uuid: stellaNoAccount, agent: f.ids.luna });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('agent.not_found');
    res = await assign('agent', { uuid: stellaNoAccount, agent: null });
    expect(res.status).toBe(200);
    expect(v.parse(AssignmentResultSchema, await res.json()).assignedAgent).toBeNull();
    res = await assign('agent', { uuid: crypto.randomUUID() });
    expect(res.status).toBe(404);

    const detail = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${stellaNoAccount}`, f.tokens.agent)).json(),
    );
    expect(detail.history.slice(0, 3).map((h) => [h.agent, h.action])).toEqual([
      ['agent@agents.test', 'unassign'],
      ['senior@agents.test', 'assign'],
      ['agent@agents.test', 'assign'],
    ]);
  });

  it('assigns companies the same way', async () => {
    let res = await f.request('POST', '/api/agent/assign_company', f.tokens.agent, { uuid: companyId });
    expect(res.status).toBe(200);
    res = await f.request('GET', '/api/company/list?assigned=me', f.tokens.agent);
    const companies = v.parse(CompanyListResponseSchema, await res.json());
    expect(companies.items.map((c) => c.name)).toEqual(['Rheinwerk Bau GmbH']);
    res = await f.request('POST', '/api/agent/assign_company', f.tokens.agent, {
      uuid: companyId,
      agent: f.ids.senior,
    });
    expect(res.status).toBe(403);
  });

  it('promotes a luna to a stella with an e-mail in her language; a stella is refused', async () => {
    // Lena is signed in (her last login shows to agents) before the promotion.
    const login = await f.request('POST', '/api/login', undefined, {
      email: 'lena.lunke@mail.test',
      password: AGENT_TEST_PASSWORD,
      locale: 'en',
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { token: string; refresh_token: string };
    expect(decodeJwt(session.token).user_type).toBe('luna');
    const seen = v.parse(
      AgentProfileDetailSchema,
      await (await f.request('GET', `/api/agent/profile/${luna}`, f.tokens.agent)).json(),
    );
    expect(seen.account?.lastLoginAt).not.toBeNull();

    const res = await f.request('POST', '/api/agent/luna_to_stella', f.tokens.agent, { uuid: luna });
    expect(res.status).toBe(200);
    expect(v.parse(AssignmentResultSchema, await res.json()).type).toBe('stella');
    const [user] = await queryRows<{ user_type: string }>(
      f.db.db,
      sql`select user_type from users where id = ${lunaUser}`,
    );
    expect(user?.user_type).toBe('stella');
    const mails = (await listOutbox(f.db.db)).filter((m) => m.to === 'lena.lunke@mail.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Matchwerk profile was confirmed');
    expect(names(await list('type=stella'))).toContain('Lena Lunke');
    // The token she holds says so at its next refresh.
    const refreshed = await f.request('POST', '/api/login/refresh', undefined, {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(((await refreshed.json()) as { token: string }).token).user_type).toBe('stella');

    const again = await f.request('POST', '/api/agent/luna_to_stella', f.tokens.agent, { uuid: luna });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('profile.not_luna');
  });

  it('deactivates and activates a candidate', async () => {
    let res = await f.request('POST', `/api/agent/profile/${mueller}/status`, f.tokens.agent, {
      status: 'inactive',
    });
    expect(v.parse(AssignmentResultSchema, await res.json()).status).toBe('inactive');
    res = await f.request('POST', `/api/agent/profile/${mueller}/status`, f.tokens.agent, {
      status: 'active',
    });
    expect(v.parse(AssignmentResultSchema, await res.json()).status).toBe('active');
  });
});

describe('companies, agents and the dashboard', () => {
  it('lists and searches companies and answers one with its requests', async () => {
    const res = await f.request('GET', '/api/company/list?q=rheinwerk', f.tokens.agent);
    const page = v.parse(CompanyListResponseSchema, await res.json());
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ uuid: companyId, email: 'company@agents.test', openRequests: 0 });
    expect(
      v.parse(
        CompanyListResponseSchema,
        await (await f.request('GET', '/api/company/list?open=yes', f.tokens.agent)).json(),
      ).total,
    ).toBe(0);
    const detail = v.parse(
      CompanyDetailSchema,
      await (await f.request('GET', `/api/agent/company/${companyId}`, f.tokens.agent)).json(),
    );
    expect(detail.values).toMatchObject({ name: 'Rheinwerk Bau GmbH' });
    expect(detail.requests).toEqual([]);
    expect((await f.request('GET', `/api/agent/company/${crypto.randomUUID()}`, f.tokens.agent)).status).toBe(
      404,
    );
  });

  it('keeps the agent own name and phone, versioned', async () => {
    const own = v.parse(
      AgentSelfSchema,
      await (await f.request('GET', '/api/agent', f.tokens.otherAgent)).json(),
    );
    expect(own).toMatchObject({ email: 'other-agent@agents.test', first_name: null, photo_image: null });
    let res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, {
      first_name: 'Olga',
      last_name: 'Ort',
      phone: '+49 221 123456',
      version: own.version,
    });
    expect(res.status).toBe(200);
    const saved = v.parse(AgentSelfSchema, await res.json());
    expect(saved).toMatchObject({ first_name: 'Olga', phone: '+49 221 123456', version: own.version + 1 });
    res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, {
      first_name: 'Olga',
      last_name: 'Ort',
      phone: null,
      version: own.version,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('agent.version_conflict');
    res = await f.request('PUT', '/api/agent', f.tokens.otherAgent, { first_name: '', version: 0 });
    expect(res.status).toBe(400);
  });

  it('lists the agents with what they look after, and answers the dashboard counts', async () => {
    await f.request('POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: mueller });
    const agents = v.parse(
      AgentListResponseSchema,
      await (await f.request('GET', '/api/agent/list', f.tokens.agent)).json(),
    );
    expect(agents.items.map((a) => a.email)).toEqual([
      'agent@agents.test',
      'other-agent@agents.test',
      'senior@agents.test',
    ]);
    expect(agents.items[0]).toMatchObject({ assignedCandidates: 1, senior: false });
    expect(agents.items[2]?.senior).toBe(true);
    const board = v.parse(
      AgentDashboardSchema,
      await (await f.request('GET', '/api/agent/dashboard', f.tokens.agent)).json(),
    );
    expect(board.counts).toEqual({ luna: 0, stella: 3, nova: 25, company: 1 });
    expect(board.assignedToMe).toBe(1);
    expect(board.unassigned).toBe(27);
    // Per type they add up to the totals.
    const sum = (byType: Record<string, number>) => Object.values(byType).reduce((a, b) => a + b, 0);
    expect(sum(board.assignedToMeByType)).toBe(board.assignedToMe);
    expect(sum(board.unassignedByType)).toBe(board.unassigned);
    expect(board.unassignedByType.nova).toBeGreaterThan(0);
    expect(board.newThisWeek).toBe(28);
    expect(sum(board.newThisWeekByType)).toBe(board.newThisWeek);
    // Each part is the total of its table filtered by created=week.
    for (const type of ['stella', 'luna', 'nova'] as const) {
      expect((await list(`type=${type}&created=week`)).total, type).toBe(board.newThisWeekByType[type]);
    }
    // A candidate created eight days ago is no longer new, on the dashboard and in the table.
    await f.db.db.execute(
      sql`update profiles set created_at = now() - interval '8 days' where id = ${mueller}`,
    );
    const later = v.parse(
      AgentDashboardSchema,
      await (await f.request('GET', '/api/agent/dashboard', f.tokens.agent)).json(),
    );
    expect(later.newThisWeekByType.stella).toBe(board.newThisWeekByType.stella - 1);
    const newStellas = await list('type=stella&created=week');
    expect(newStellas.total).toBe(later.newThisWeekByType.stella);
    expect(names(newStellas)).not.toContain('Anna Müller');
    expect(names(await list('type=stella'))).toContain('Anna Müller');
  });
});
