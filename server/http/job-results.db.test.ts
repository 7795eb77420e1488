import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Job,
  NearMissesResponse,
  PreviewResponse,
  ResultDetail,
  ResultsResponse,
  Run,
} from '../../contract/job';
import type { BreakdownItem } from '../../contract/matching';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { uuid } from '../db/rows';
import { users } from '../db/schema/users';
import { strongestReasons } from '../jobs/results';
import { agentJobBody, codeOf, csvCells, json, ROLES, setUpJobFixture } from './job-test-kit';

// A run's results (pages, CSV, detail, shortlist), the live what-if and the near misses.

const f = setUpJobFixture({ profiles: 300 });

describe('results', () => {
  let job: Job;
  let run: Run;

  beforeAll(async () => {
    job = await f.createJob(agentJobBody('Results job'));
    run = await f.runToDone(job.uuid);
  });

  it('a done run keeps counts, the histogram of all included scores and the exclusions per must-have', () => {
    expect(run.state).toBe('done');
    expect(run.considered).toBeGreaterThan(0);
    expect(run.included! + run.excluded!).toBe(run.considered);
    expect(run.histogram).toHaveLength(20);
    expect(run.histogram!.reduce((a, b) => a + b, 0)).toBe(run.included);
    expect(Object.keys(run.excludedBy!)).toEqual(['languages']);
  });

  it('pages by score with rank, reasons, thumbnails and the run', async () => {
    const first = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=10`, f.tokens.agent),
    );
    expect(first.total).toBe(run.included);
    expect(first.run?.uuid).toBe(run.uuid);
    expect(first.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const scores = first.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(first.items[0]!.score).toBe(run.bestScore);
    const item = first.items[0]!;
    expect(item.reasons.length).toBeLessThanOrEqual(3);
    expect(item.reasons.map((r) => r.contribution)).toEqual(
      [...item.reasons.map((r) => r.contribution)].sort((a, b) => b - a),
    );
    expect(item).toMatchObject({ shortlisted: false, changedSinceRun: false, thumbnail: null });
    expect(item.distanceKm).toEqual(expect.any(Number));
  });

  it('a page carries the three strongest reasons of each stored breakdown (as strongestReasons picks them)', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=100`, f.tokens.agent),
    );
    const stored = await queryRows(
      f.db.db,
      sql`select profile_id, breakdown from job_results where run_id = ${run.uuid}`,
      v.object({ profile_id: uuid, breakdown: v.custom<BreakdownItem[]>(Array.isArray) }),
    );
    const byProfile = new Map(stored.map((r) => [r.profile_id, r.breakdown]));
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item.reasons).toEqual(strongestReasons(byProfile.get(item.uuid)!));
    expect(page.items.some((i) => i.reasons.length === 3)).toBe(true);
  });

  it('a page asked again answers the same, follows a star at once, and compresses to the same JSON', async () => {
    const path = `/api/job/showresults/${job.uuid}?limit=7`;
    const ask = (headers: Record<string, string> = {}) =>
      f.app.request(path, { headers: { authorization: `Bearer ${f.tokens.agent}`, ...headers } });
    const first = await (await ask()).text();
    expect(await (await ask()).text()).toBe(first);
    const target = (JSON.parse(first) as ResultsResponse).items[3]!;
    expect(target.shortlisted).toBe(false);
    await f.call('PUT', `/api/job/${job.uuid}/shortlist/${target.uuid}`, f.tokens.agent);
    const starred = JSON.parse(await (await ask()).text()) as ResultsResponse;
    expect(starred.items[3]).toMatchObject({ uuid: target.uuid, shortlisted: true });
    for (const encoding of ['br', 'gzip'] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await ask({ 'accept-encoding': encoding });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const bytes = Buffer.from(await res.arrayBuffer());
        const text = (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
        expect(JSON.parse(text)).toEqual(starred);
      }
    }
    await f.call('DELETE', `/api/job/${job.uuid}/shortlist/${target.uuid}`, f.tokens.agent);
    expect(await (await ask({ 'accept-encoding': 'br' })).headers.get('content-encoding')).toBe('br');
    expect(await (await ask()).text()).toBe(first);
  });

  it('sorts by name and distance, filters by minimum score and type', async () => {
    const byName = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?sort=name&limit=100`, f.tokens.agent),
    );
    const names = byName.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byDistance = await json<ResultsResponse>(
      await f.call(
        'GET',
        `/api/job/showresults/${job.uuid}?sort=distance&order=asc&limit=100`,
        f.tokens.agent,
      ),
    );
    const km = byDistance.items.map((i) => i.distanceKm ?? Number.POSITIVE_INFINITY);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const novas = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?type=nova&minScore=30&limit=100`, f.tokens.agent),
    );
    expect(novas.items.every((i) => i.type === 'nova' && i.score >= 30)).toBe(true);
    expect(novas.total).toBeLessThan(run.included!);
  });

  it('the CSV holds the same rows as the pages, in the agent’s language', async () => {
    const query = 'sort=distance&minScore=20';
    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const res = await json<ResultsResponse>(
        await f.call('GET', `/api/job/showresults/${job.uuid}?${query}&limit=7&page=${page}`, f.tokens.agent),
      );
      pages.push(...res.items.map((i) => `${i.rank}|${i.uuid}`));
      if (res.items.length < 7) break;
    }
    const csvRes = await f.call(
      'GET',
      `/api/job/showresults/${job.uuid}?${query}&format=csv`,
      f.tokens.agent,
    );
    expect(csvRes.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csvRes.headers.get('content-disposition')).toContain('ergebnisse.csv');
    const lines = (await csvRes.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Rang";"Punktzahl";"Typ";"Name";"Telefon";"Am besten erreichbar";"Ort";"Entfernung (km)";"Stärkste Gründe";"Merkliste";"Seit dem Lauf geändert";"Profil-ID"',
    );
    const rows = lines.slice(1).map((line) => {
      const cells = csvCells(line, ';');
      return `${cells[0]}|${cells[cells.length - 1]}`;
    });
    expect(rows).toEqual(pages);
    expect(lines[1]).toMatch(/^\d+;\d+(,\d)?;"(Stella|Nova) \(/);
  });

  it('the CSV quotes every text and defuses formulas, in either language and separator', async () => {
    const [first, second] = (
      await json<ResultsResponse>(
        await f.call('GET', `/api/job/showresults/${job.uuid}?limit=2`, f.tokens.agent),
      )
    ).items;
    const names: Record<string, string> = {
      [first!.uuid]: 'x,=1+2,',
      [second!.uuid]: "y;=cmd|' /C calc'!A0;",
    };
    const setNames = async (rename: Record<string, string | null>) => {
      for (const [uuid, name] of Object.entries(rename))
        await f.db.db.execute(
          sql`update job_results set name = coalesce(${name}, name) where run_id = ${run.uuid} and profile_id = ${uuid}`,
        );
    };
    const before = { [first!.uuid]: first!.name, [second!.uuid]: second!.name };
    await setNames(names);
    try {
      const [agent] = await f.db.db.select().from(users).where(eq(users.email, ROLES.agent));
      const english = await signAccessToken(f.auth.tokens, { ...agent!, language: 'en' }, 'ok');
      for (const [token, separator] of [
        [f.tokens.agent, ';'],
        [english, ','],
      ] as const) {
        const text = await (
          await f.call('GET', `/api/job/showresults/${job.uuid}?limit=2&format=csv`, token)
        ).text();
        const lines = text
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
        const rows = lines.slice(1, 3).map((line) => csvCells(line, separator));
        // Each name is one cell, a `'` before what a split on the other separator would start a formula with.
        expect(rows.map((cells) => cells[3])).toEqual(["x,'=1+2,", "y;'=cmd|' /C calc'!A0;"]);
        // After a separator too (issue 41): a spreadsheet that ignores the quotes finds `'=1+2`.
        expect(lines[1]).toContain(`"x,'=1+2,"`);
        expect(lines[2]).toContain(`"y;'=cmd|' /C calc'!A0;"`);
        // A spreadsheet that guesses the other separator still finds no cell starting a formula.
        for (const other of [',', ';']) {
          for (const line of lines)
            for (const cell of csvCells(line, other)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
      await setNames({ [first!.uuid]: '=HYPERLINK("http://evil.test")' });
      const text = await (
        await f.call('GET', `/api/job/showresults/${job.uuid}?limit=1&format=csv`, f.tokens.agent)
      ).text();
      expect(text).toContain(`;"'=HYPERLINK(""http://evil.test"")";`);
    } finally {
      await setNames(before);
    }
  });

  it('the shortlist filters, survives a new run, and the detail gives the neighbours in the page order', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=5`, f.tokens.agent),
    );
    const [a, b, c] = page.items;
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${a!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${c!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    expect((await f.call('PUT', `/api/job/${job.uuid}/shortlist/${c!.uuid}`, f.tokens.agent)).status).toBe(
      200,
    );
    const missing = await f.call(
      'PUT',
      `/api/job/${job.uuid}/shortlist/00000000-0000-4000-8000-00000000beef`,
      f.tokens.agent,
    );
    expect(missing.status).toBe(404);
    expect(await codeOf(missing)).toBe('profile.not_found');

    await f.runToDone(job.uuid);
    const starred = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?shortlisted=true`, f.tokens.agent),
    );
    expect(starred.items.map((i) => i.uuid)).toEqual([a!.uuid, c!.uuid]);
    expect(starred.items.every((i) => i.shortlisted)).toBe(true);

    const detail = await json<ResultDetail>(
      await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${b!.uuid}`, f.tokens.agent),
    );
    expect(detail).toMatchObject({ rank: b!.rank, score: b!.score, previous: a!.uuid, next: c!.uuid });
    expect(detail.breakdown.map((x) => x.key)).toEqual([
      'skills',
      'location',
      'experience_years',
      'languages',
    ]);
    expect(detail.profile.values.first_name).toEqual(expect.any(String));
    const inStarred = await json<ResultDetail>(
      await f.call(
        'GET',
        `/api/job/showresultsdetail/${job.uuid}/${c!.uuid}?shortlisted=true`,
        f.tokens.agent,
      ),
    );
    expect(inStarred).toMatchObject({ previous: a!.uuid, next: null, shortlisted: true });

    expect((await f.call('DELETE', `/api/job/${job.uuid}/shortlist/${a!.uuid}`, f.tokens.agent)).status).toBe(
      204,
    );
    const after = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?shortlisted=true`, f.tokens.agent),
    );
    expect(after.items.map((i) => i.uuid)).toEqual([c!.uuid]);
  });

  it('marks a result changed since the run when its profile was edited', async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=1`, f.tokens.agent),
    );
    const id = page.items[0]!.uuid;
    await f.db.db.execute(sql`update profiles set version = version + 1 where id = ${id}`);
    const detail = await json<ResultDetail>(
      await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${id}`, f.tokens.agent),
    );
    expect(detail.changedSinceRun).toBe(true);
  });

  it("names the job's client and the candidate's consent, which the result's own send dialog needs (issue 42)", async () => {
    const page = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${job.uuid}?limit=1`, f.tokens.agent),
    );
    const id = page.items[0]!.uuid;
    const read = async () =>
      json<ResultDetail>(await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${id}`, f.tokens.agent));
    expect(await read()).toMatchObject({ client: null, profile: { presentedByName: false } });
    const client = '00000000-0000-4000-8000-00000000c11e';
    await f.db.db.execute(
      sql`insert into companies (id, "values") values (${client}, ${JSON.stringify({ company_name: 'Client' })}::jsonb)`,
    );
    await f.db.db.execute(sql`update jobs set client_company_id = ${client} where id = ${job.uuid}`);
    await f.db.db.execute(sql`update profiles set presented_by_name_at = now() where id = ${id}`);
    expect(await read()).toMatchObject({ client, profile: { presentedByName: true } });
    await f.db.db.execute(sql`update jobs set client_company_id = null where id = ${job.uuid}`);
    await f.db.db.execute(sql`update profiles set presented_by_name_at = null where id = ${id}`);
  });

  it('answers 404 result.not_found for a profile outside the results', async () => {
    const res = await f.call(
      'GET',
      `/api/job/showresultsdetail/${job.uuid}/00000000-0000-4000-8000-00000000beef`,
      f.tokens.agent,
    );
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('result.not_found');
  });

  it('a job never run answers no results and 404 run.not_found', async () => {
    const fresh = await f.createJob(agentJobBody('Never run'));
    const res = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${fresh.uuid}`, f.tokens.agent),
    );
    expect(res).toEqual({ items: [], total: 0, page: 1, limit: 20, run: null });
    const run = await f.call('GET', `/api/job/${fresh.uuid}/run`, f.tokens.agent);
    expect(run.status).toBe(404);
    expect(await codeOf(run)).toBe('run.not_found');
  });
});

describe('the live what-if and near misses', () => {
  it('preview answers the counts, exclusions, histogram and best scores a run of the same criteria stores', async () => {
    const body = agentJobBody('What-if');
    const res = await f.call('POST', '/api/job/preview', f.tokens.agent, {
      targetTypes: body.values.target_types,
      criteria: body.criteria,
    });
    expect(res.status).toBe(200);
    const what = await json<PreviewResponse>(res);
    const job = await f.createJob(body);
    const run = await f.runToDone(job.uuid);
    expect(what).toMatchObject({
      considered: run.considered,
      included: run.included,
      excludedBy: run.excludedBy,
      histogram: run.histogram,
    });
    expect(what.best[0]).toBe(run.bestScore);
    expect(what.best).toHaveLength(5);
  });

  it('a heavier weight changes the what-if', async () => {
    const ask = async (weight: number) =>
      json<PreviewResponse>(
        await f.call('POST', '/api/job/preview', f.tokens.agent, {
          targetTypes: ['stella'],
          criteria: [
            { key: 'skills', value: ['typescript'], weight, must: false },
            { key: 'remote', value: ['remote'], weight: 1, must: false },
          ],
        }),
      );
    expect((await ask(0)).histogram).not.toEqual((await ask(5)).histogram);
  });

  it('near misses are the best profiles one must-have excludes, with the score they would have had', async () => {
    const body = agentJobBody('Near misses');
    body.criteria[0] = { ...body.criteria[0]!, must: true };
    const job = await f.createJob(body);
    const res = await json<NearMissesResponse>(
      await f.call('GET', `/api/job/${job.uuid}/near-misses`, f.tokens.agent),
    );
    expect(res.items.length).toBeGreaterThan(0);
    for (const miss of res.items) {
      expect(['skills', 'languages']).toContain(miss.missed.key);
      expect(miss.missed.must).toBe(true);
      expect(miss.missed.s).toBeLessThan(1);
    }
    const scores = res.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const noMusts = await f.createJob({ ...agentJobBody('No musts'), criteria: [] });
    expect(await json(await f.call('GET', `/api/job/${noMusts.uuid}/near-misses`, f.tokens.agent))).toEqual({
      items: [],
    });
  });
});
