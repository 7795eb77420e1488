import { describe, expect, it } from 'vitest';
import type { MatchJob } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { analyseIndex } from './analysis';
import type { MultiColumn } from './columns';
import { Explainer } from './explain';
import { ProfileIndex } from './profile-index';
import { planJob } from './scoring';
import { benchmarkJob, syntheticProfiles } from './synthetic';

const catalog = loadCatalogFile();
const next = syntheticProfiles(catalog, { seed: 11, today: '2026-01-01', cities: citiesOf('DE', 200) });
const index = new ProfileIndex(catalog, 3000);
for (let i = 0; i < 3000; i++) index.upsert(next());
const job = benchmarkJob();

/** A row's breakdown explained on its own, by an explainer that has seen no other row. */
const plan = planJob(index, job);
const alone = (row: number) =>
  new Explainer(index, plan.compiled, plan.sumW).explain(row, 500, false).breakdown;

describe('Explainer', () => {
  const { results } = analyseIndex(index, job, { topK: 300, nearMisses: 50, excluded: 100 });
  const rows = results.map((r) => index.rowOf(r.uuid));

  it('gives every row the breakdown it has when explained alone, whatever it explained before', () => {
    for (const [i, row] of rows.entries()) expect(results[i]!.breakdown).toEqual(alone(row));
  });

  it('shares one frozen item between the rows with the same value, so a result cannot change another', () => {
    const byValue = new Map<string, object>();
    let shared = 0;
    for (const result of results) {
      const item = result.breakdown.find((b) => b.key === 'education_level')!;
      const seen = byValue.get(JSON.stringify(item));
      if (seen) {
        expect(item).toBe(seen);
        shared++;
      } else byValue.set(JSON.stringify(item), item);
    }
    expect(shared).toBeGreaterThan(200); // a handful of education levels among 300 rows
    const item = results[0]!.breakdown[0]!;
    expect(Object.isFrozen(item) && Object.isFrozen(item.params)).toBe(true);
    expect(() => {
      (item as { s: number }).s = 0;
    }).toThrow(TypeError);
    for (const value of Object.values(item.params)) {
      if (typeof value === 'object' && value !== null) expect(Object.isFrozen(value)).toBe(true);
    }
  });

  it('explains the rows of a column that names no value by a number (skills over several words) each afresh', () => {
    expect(index.columns.get('skills')!.keys()).toBeUndefined();
    // The job's skills in two words of the column: no one word's bits name what a row has of them.
    const skills = index.columns.get('skills') as MultiColumn;
    const far = catalog.profile.find((f) => f.key === 'skills')!.options!.map((o) => o.value);
    const twoWords = [far[0]!, far.find((o) => skills.bitOf(o)!.word === 1)!];
    const spread: MatchJob = {
      ...job,
      criteria: job.criteria.map((c) => (c.key === 'skills' ? { ...c, value: twoWords } : c)),
    };
    const { results: spreadResults } = analyseIndex(index, spread, { topK: 300 });
    const items = spreadResults.map((r) => r.breakdown.find((b) => b.key === 'skills')!);
    expect(new Set(items).size).toBe(items.length);
  });

  it('shares an overlap item between rows that have the same of the job’s values, when those lie in one word', () => {
    const items = results.map((r) => r.breakdown.find((b) => b.key === 'skills')!);
    const byValue = new Map(items.map((item) => [JSON.stringify(item), item]));
    for (const item of items) expect(item).toBe(byValue.get(JSON.stringify(item)));
    expect(byValue.size).toBeLessThan(40); // at most 2⁵ subsets of the job's five skills
    expect(Object.isFrozen(items[0]!.params)).toBe(true);
  });
});
