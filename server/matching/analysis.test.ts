import { describe, expect, it } from 'vitest';
import type { MatchJob } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { analyseIndex, binOf } from './analysis';
import { matchIndex } from './engine';
import { ProfileIndex } from './profile-index';
import { benchmarkJob, syntheticProfiles } from './synthetic';

const catalog = loadCatalogFile();
const next = syntheticProfiles(catalog, { seed: 7, today: '2026-01-01', cities: citiesOf('DE', 5_000) });
const index = new ProfileIndex(catalog, 6000);
for (let i = 0; i < 6000; i++) index.upsert(next());

const job = benchmarkJob();
const jobs: [string, MatchJob][] = [
  ['the benchmark job (two must-haves)', job],
  ['no must-haves', { ...job, criteria: job.criteria.map((c) => ({ ...c, must: false })) }],
  ['only must-haves', { ...job, criteria: job.criteria.map((c) => ({ ...c, must: true })).slice(0, 3) }],
  ['no criteria', { targetTypes: ['luna'], criteria: [] }],
];

describe('analyseIndex', () => {
  it.each(jobs)('ranks and explains exactly as matchIndex: %s', (_name, j) => {
    const plain = matchIndex(index, j, { topK: 500 });
    const analysed = analyseIndex(index, j, { topK: 500 });
    expect(analysed.results).toEqual(plain.results);
    expect(analysed.considered).toBe(plain.considered);
    expect(analysed.included).toBe(plain.included);
    // Without near misses (the live what-if) only passing rows are scored: the same counts and bins.
    const withNear = analyseIndex(index, j, { topK: 500, nearMisses: 50 });
    expect(analysed.histogram).toEqual(withNear.histogram);
    expect(analysed.excludedBy).toEqual(withNear.excludedBy);
    expect(analysed.results).toEqual(withNear.results);
  });

  it.each(jobs)(
    'counts every included score in the histogram and every exclusion per must-have: %s',
    (_name, j) => {
      const all = matchIndex(index, j, { topK: index.size, withExcluded: true }).results;
      const included = all.filter((r) => !r.excluded);
      const analysed = analyseIndex(index, j, { topK: 1, nearMisses: 50 });
      const histogram = new Array(20).fill(0);
      for (const r of included) histogram[binOf(Math.round(r.score * 10))]++;
      expect(analysed.histogram).toEqual(histogram);
      expect(analysed.histogram.reduce((a, b) => a + b, 0)).toBe(analysed.included);
      const excludedBy: Record<string, number> = {};
      for (const c of j.criteria.filter((c) => c.must)) {
        excludedBy[c.key] = all.filter((r) => r.breakdown.find((b) => b.key === c.key)!.s < 1).length;
      }
      expect(analysed.excludedBy).toEqual(excludedBy);

      // Near misses: the best of the excluded that fail exactly one must-have, with their full score.
      const oneMiss = all.filter(
        (r) => r.excluded && r.breakdown.filter((b) => b.must && b.s < 1).length === 1,
      );
      expect(analysed.nearMisses.map((r) => [r.uuid, r.score])).toEqual(
        oneMiss.slice(0, 50).map((r) => [r.uuid, r.score]),
      );
      for (const miss of analysed.nearMisses) {
        const failed = miss.breakdown.filter((b) => b.must && b.s < 1);
        expect(failed.map((b) => b.key)).toEqual([miss.missed]);
      }
    },
  );

  it('puts 100 in the last bin and 4.9 in the first', () => {
    expect(binOf(1000)).toBe(19);
    expect(binOf(950)).toBe(19);
    expect(binOf(949)).toBe(18);
    expect(binOf(49)).toBe(0);
    expect(binOf(50)).toBe(1);
  });
});
