import { describe, expect, it } from 'vitest';
import type { Criterion, MatchJob } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import { analyseIndex } from './analysis';
import { type IndexedProfile, ProfileIndex } from './profile-index';

const catalog = loadCatalogFile();

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function indexOf(profiles: IndexedProfile[]): ProfileIndex {
  const index = new ProfileIndex(catalog, profiles.length);
  for (const p of profiles) index.upsert(p);
  return index;
}

function stella(
  n: number,
  values: Record<string, unknown>,
  extra: Partial<IndexedProfile> = {},
): IndexedProfile {
  return { uuid: uuid(n), type: 'stella', status: 'active', values, ...extra };
}

/** The best topK included, then the best topK excluded (as `match:file --with-excluded` lists them). */
function run(profiles: IndexedProfile[], criteria: Criterion[], extra: Partial<MatchJob> = {}, topK = 100) {
  const analysis = analyseIndex(
    indexOf(profiles),
    { targetTypes: ['stella'], criteria, ...extra },
    { topK, excluded: topK },
  );
  return { ...analysis, results: [...analysis.results, ...analysis.excluded] };
}

const skills = (value: string[], weight = 1, must = false): Criterion => ({
  key: 'skills',
  value,
  weight,
  must,
});

describe('score', () => {
  it('is round(100 · Σ w·s / Σ w, 1 decimal)', () => {
    const { results } = run(
      [stella(1, { skills: ['sql'], remote: 'onsite' })],
      [skills(['sql', 'go', 'rust'], 2), { key: 'remote', value: ['onsite'], weight: 1, must: false }],
    );
    // (2 · 1/3 + 1 · 1) / 3 = 0.5555… → 55.6
    expect(results[0]!.score).toBe(55.6);
    const raw = results[0]!.breakdown.reduce((sum, b) => sum + b.contribution, 0);
    expect(raw).toBeCloseTo(55.5556, 3);
  });

  it('is 100 for everyone when Σ w = 0, and a weight-0 criterion changes no score', () => {
    const profiles = [stella(1, { skills: ['sql'] }), stella(2, {})];
    expect(run(profiles, [skills(['go'], 0)]).results.map((r) => r.score)).toEqual([100, 100]);
    expect(run(profiles, []).results.map((r) => r.score)).toEqual([100, 100]);
    const withZero = run(profiles, [
      skills(['sql'], 2),
      { key: 'remote', value: ['remote'], weight: 0, must: false },
    ]);
    expect(withZero.results.map((r) => r.score)).toEqual([100, 0]);
    expect(withZero.results[0]!.breakdown[1]).toMatchObject({ key: 'remote', weight: 0, contribution: 0 });
  });

  it('counts missing profile data as 0 with the reason unknown', () => {
    const { results } = run([stella(1, {})], [skills(['sql'], 1)]);
    expect(results[0]!.score).toBe(0);
    expect(results[0]!.breakdown[0]).toMatchObject({ s: 0, reason: 'unknown', params: {} });
  });
});

describe('must criteria', () => {
  const profiles = [stella(1, { skills: ['sql', 'go'] }), stella(2, { skills: ['sql'] }), stella(3, {})];

  it('exclude a profile whose s < 1', () => {
    const outcome = analyseIndex(
      indexOf(profiles),
      { targetTypes: ['stella'], criteria: [skills(['sql', 'go'], 1, true)] },
      { topK: 10 },
    );
    expect(outcome.results.map((r) => r.uuid)).toEqual([uuid(1)]);
    expect(outcome).toMatchObject({ considered: 3, included: 1 });
  });

  it('exclude even with weight 0', () => {
    const outcome = run(profiles, [
      skills(['go'], 0, true),
      { key: 'remote', value: ['onsite'], weight: 1, must: false },
    ]);
    expect(outcome.results.filter((r) => !r.excluded).map((r) => r.uuid)).toEqual([uuid(1)]);
    expect(outcome.results.filter((r) => r.excluded).map((r) => r.uuid)).toEqual([uuid(2), uuid(3)]);
  });

  it('are listed after the included profiles, marked, when asked for', () => {
    const { results } = run(profiles, [skills(['sql', 'go'], 1, true)]);
    expect(results.map((r) => [r.uuid, r.score, r.excluded ?? false])).toEqual([
      [uuid(1), 100, false],
      [uuid(2), 50, true],
      [uuid(3), 0, true],
    ]);
  });
});

describe('ranking', () => {
  it('orders by score descending, then uuid ascending', () => {
    const profiles = [
      stella(5, { skills: ['sql'] }),
      stella(3, { skills: ['go'] }),
      stella(9, { skills: ['sql', 'go'] }),
      stella(1, { skills: ['go'] }),
    ];
    const { results } = run(profiles, [skills(['sql', 'go'])]);
    expect(results.map((r) => [r.uuid, r.score])).toEqual([
      [uuid(9), 100],
      [uuid(1), 50],
      [uuid(3), 50],
      [uuid(5), 50],
    ]);
  });

  it('takes only active profiles of the target types', () => {
    const profiles = [
      stella(1, {}),
      stella(2, {}, { type: 'luna' }),
      stella(3, {}, { type: 'nova' }),
      stella(4, {}, { status: 'inactive' }),
    ];
    expect(run(profiles, []).results.map((r) => r.uuid)).toEqual([uuid(1)]);
    expect(run(profiles, [], { targetTypes: ['luna', 'nova'] }).results.map((r) => r.uuid)).toEqual([
      uuid(2),
      uuid(3),
    ]);
  });

  it('keeps the best K', () => {
    const profiles = Array.from({ length: 50 }, (_, i) => stella(i + 1, { experience_years: i / 2 }));
    const { results } = run(
      profiles,
      [{ key: 'experience_years', value: 20, weight: 1, must: false }],
      {},
      3,
    );
    expect(results.map((r) => r.uuid)).toEqual([uuid(41), uuid(42), uuid(43)]);
    expect(results.map((r) => r.score)).toEqual([100, 100, 100]);
  });
});

describe('the index', () => {
  it('forgets removed and deactivated profiles and reuses their rows', () => {
    const index = indexOf([stella(1, { skills: ['sql'] }), stella(2, { skills: ['sql'] })]);
    expect(index.remove(uuid(1))).toBe(true);
    index.upsert(stella(2, { skills: ['sql'] }, { status: 'inactive' }));
    expect(index.size).toBe(0);
    index.upsert(stella(3, { skills: ['go'] }));
    expect(index.rowCount).toBe(2);
    const { results } = analyseIndex(
      index,
      { targetTypes: ['stella'], criteria: [skills(['go'])] },
      { topK: 5 },
    );
    expect(results.map((r) => [r.uuid, r.score])).toEqual([[uuid(3), 100]]);
  });

  it('finds every uuid after many inserts and deletes (hash with backward-shift deletion)', () => {
    const index = new ProfileIndex(catalog, 16);
    for (let i = 0; i < 3000; i++) index.upsert(stella(i, {}));
    for (let i = 0; i < 3000; i += 3) index.remove(uuid(i));
    for (let i = 0; i < 3000; i++) expect(index.rowOf(uuid(i)) >= 0).toBe(i % 3 !== 0);
    expect(index.size).toBe(2000);
  });

  it('keeps numbers off the catalogue’s grid exactly (the column widens)', () => {
    const index = indexOf([stella(1, { experience_years: 2.5 }), stella(2, { experience_years: 2.25 })]);
    expect(index.valueOf(index.rowOf(uuid(1)), 'experience_years')).toBe(2.5);
    expect(index.valueOf(index.rowOf(uuid(2)), 'experience_years')).toBe(2.25);
    // Scored by the rule itself (the widened column has no table), as a must-have too.
    const atLeast = { key: 'experience_years', value: 2.5, weight: 1, must: false };
    const scored = (criteria: Criterion[]) =>
      analyseIndex(index, { targetTypes: ['stella'], criteria }, { topK: 5, excluded: 5 });
    expect(scored([atLeast]).results.map((r) => r.score)).toEqual([100, 90]);
    const must = scored([{ ...atLeast, must: true }]);
    expect(must.results.map((r) => r.uuid)).toEqual([uuid(1)]);
    expect(must.excludedBy).toEqual({ experience_years: 1 });
  });

  it('scores salaries by the window around the maximum, its ends included', () => {
    const salaries = [undefined, 20_000, 49_999, 50_000, 50_001, 57_500, 64_999, 65_000, 65_001, 900_000];
    const index = indexOf(salaries.map((desired_salary, i) => stella(i + 1, { desired_salary })));
    const salaryMax = (must: boolean): Criterion => ({ key: 'salary_max', value: 50_000, weight: 1, must });
    const { results } = analyseIndex(
      index,
      { targetTypes: ['stella'], criteria: [salaryMax(false)] },
      { topK: 20 },
    );
    const byUuid = new Map(results.map((r) => [r.uuid, r.breakdown[0]!.s]));
    expect(salaries.map((_, i) => byUuid.get(uuid(i + 1)))).toEqual([
      0,
      1,
      1,
      1,
      1 - 1 / 15_000,
      0.5,
      1 - 14_999 / 15_000,
      0,
      0,
      0,
    ]);
    // Every score (from the kernel's table) agrees with its breakdown (from the rule).
    expect(results.map((r) => r.score)).toEqual(
      results.map((r) => Math.round(r.breakdown[0]!.s * 1000) / 10),
    );
    expect(results.find((r) => r.uuid === uuid(6))!.score).toBe(50);
    const must = analyseIndex(index, { targetTypes: ['stella'], criteria: [salaryMax(true)] }, { topK: 20 });
    expect(must.results.map((r) => r.uuid)).toEqual([uuid(2), uuid(3), uuid(4)]);
    expect(must.excludedBy).toEqual({ salary_max: 7 });
  });
});
