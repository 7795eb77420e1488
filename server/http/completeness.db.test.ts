import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COMPLETENESS_WEIGHTS, candidateCompleteness } from '../../contract/completeness';
import { ProfileResponseSchema } from '../../contract/profile';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { queryRows } from '../db/client';
import { int, texts } from '../db/rows';
import { syntheticProfiles } from '../matching/synthetic';
import { COLOGNE, seededAgentFixture } from './agent-test-kit';

// Completeness weighs what matching uses (issue 20, point 4): a name and a city are little, and the
// candidate's own profile, the agent's view and the agents' table say what is missing.

const f = seededAgentFixture();
const ALL_PARTS = COMPLETENESS_WEIGHTS.map(([key]) => key);
const NAME_AND_CITY = { first_name: 'Carla', last_name: 'Nurstadt', city: { id: 2886242 } };

describe('a name-and-city profile', () => {
  it('is 15 % complete for every candidate type and names the six parts it lacks, heaviest first', async () => {
    for (const role of ['luna', 'stella', 'nova'] as const) {
      const res = await f.request('PUT', '/api/profile', f.tokens[role], {
        values: NAME_AND_CITY,
        version: 0,
      });
      expect(res.status, role).toBe(200);
      const own = v.parse(ProfileResponseSchema, await res.json());
      expect(own.completeness, role).toBe(15);
      expect(own.missing, role).toEqual([
        'occupation',
        'skills',
        'languages',
        'experience_years',
        'education_level',
        'available_from',
      ]);
      const again = v.parse(
        ProfileResponseSchema,
        await (await f.request('GET', '/api/profile', f.tokens[role])).json(),
      );
      expect(again.missing).toEqual(own.missing);
    }
  });

  it('reads the same in the agents’ table, which sorts it below fuller profiles', async () => {
    const page = await f.list('type=luna&q=nurstadt');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      completeness: 15,
      missing: expect.arrayContaining(['skills', 'languages']),
    });
    const ascending = await f.list('type=stella&sort=completeness&order=asc&limit=100');
    const values = ascending.items.map((i) => i.completeness);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(ascending.items[0]?.completeness).toBeLessThan(ascending.items.at(-1)!.completeness);
  });

  it('rises with every part filled in, and the stored column follows the save', async () => {
    const values = { ...NAME_AND_CITY, occupation: 'nurse', skills: ['basic_care'], experience_years: 0 };
    const before = v.parse(
      ProfileResponseSchema,
      await (await f.request('GET', '/api/profile', f.tokens.nova)).json(),
    );
    const res = await f.request('PUT', '/api/profile', f.tokens.nova, { values, version: before.version });
    const saved = v.parse(ProfileResponseSchema, await res.json());
    // 15 + 20 + 20 + 10: an experience of 0 years is an answer, not a gap.
    expect(saved.completeness).toBe(65);
    expect(saved.missing).toEqual(['languages', 'education_level', 'available_from']);
    const [row] = await queryRows(
      f.db.db,
      sql`select completeness from profiles where user_id = ${f.ids.nova}`,
      v.object({ completeness: int }),
    );
    expect(row?.completeness).toBe(65);
  });
});

describe('the stored column and its SQL', () => {
  it('agree with candidateCompleteness on synthetic profiles and on every single part left out', async () => {
    const next = syntheticProfiles(loadCatalogFile(), { seed: 5, cities: citiesOf('DE', 2_000) });
    const samples: Record<string, unknown>[] = Array.from({ length: 60 }, () => next().values);
    const full = samples.find((s) => candidateCompleteness(s).completeness === 100)!;
    for (const key of ALL_PARTS)
      samples.push(Object.fromEntries(Object.entries(full).filter(([k]) => k !== key)));
    samples.push({}, { first_name: 'X', city: COLOGNE, skills: [], occupation: '' });
    for (const values of samples) {
      const id = crypto.randomUUID();
      await f.db.db.execute(
        sql`insert into profiles (id, type, "values") values (${id}, 'nova', ${JSON.stringify(values)}::jsonb)`,
      );
      const [row] = await queryRows(
        f.db.db,
        sql`select completeness, matchwerk_profile_missing("values") as missing from profiles where id = ${id}`,
        v.object({ completeness: int, missing: texts }),
      );
      expect({ completeness: row?.completeness, missing: row?.missing }).toEqual(
        candidateCompleteness(values),
      );
      await f.db.db.execute(sql`delete from profiles where id = ${id}`);
    }
  });

  it('weighs 100 in all, so a full profile is 100 %', () => {
    expect(COMPLETENESS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0)).toBe(100);
  });
});

describe('a company', () => {
  it('keeps the share of its required fields: name and city make its profile complete', async () => {
    const res = await f.request('GET', '/api/company', f.tokens.company);
    const company = v.parse(ProfileResponseSchema, await res.json());
    expect(company).toMatchObject({ completeness: 100, missing: [] });
  });
});
