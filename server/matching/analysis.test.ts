import { describe, expect, it } from 'vitest';
import type { MatchJob } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { analyseIndex, previewIndex } from './analysis';
import { ProfileIndex } from './profile-index';
import { plainMatch } from './reference.fixture';
import { binOf } from './scoring';
import { benchmarkJob, syntheticProfiles } from './synthetic';

const catalog = loadCatalogFile();
const next = syntheticProfiles(catalog, { seed: 7, today: '2026-01-01', cities: citiesOf('DE', 5_000) });
const profiles = Array.from({ length: 6000 }, next);
const index = new ProfileIndex(catalog, 6000);
for (const p of profiles) index.upsert(p);

const job = benchmarkJob();
const jobs: [string, MatchJob][] = [
  ['the benchmark job (two must-haves)', job],
  ['no must-haves', { ...job, criteria: job.criteria.map((c) => ({ ...c, must: false })) }],
  ['only must-haves', { ...job, criteria: job.criteria.map((c) => ({ ...c, must: true })).slice(0, 3) }],
  ['no criteria', { targetTypes: ['luna'], criteria: [] }],
];

describe('analyseIndex', () => {
  it.each(jobs)('ranks and explains exactly as the plain definition: %s', (_name, j) => {
    const plain = plainMatch(j, profiles);
    const included = plain.filter((r) => !r.excluded);
    const analysed = analyseIndex(index, j, { topK: 500 });
    expect(analysed.results).toEqual(included.slice(0, 500));
    expect(analysed.considered).toBe(plain.length);
    expect(analysed.included).toBe(included.length);
    // Without near misses (the live what-if) only passing rows are scored: the same counts and bins.
    const withNear = analyseIndex(index, j, { topK: 500, nearMisses: 50 });
    expect(analysed.histogram).toEqual(withNear.histogram);
    expect(analysed.excludedBy).toEqual(withNear.excludedBy);
    expect(analysed.results).toEqual(withNear.results);
  });

  it.each(jobs)(
    'counts every included score in the histogram and every exclusion per must-have: %s',
    (_name, j) => {
      const all = plainMatch(j, profiles);
      const included = all.filter((r) => !r.excluded);
      const analysed = analyseIndex(index, j, { topK: 1, nearMisses: 50, excluded: 50 });
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
      // Every excluded profile, as `match:file --with-excluded` lists them.
      expect(analysed.excluded).toEqual(all.filter((r) => r.excluded).slice(0, 50));
    },
  );

  it('puts 100 in the last bin and 4.9 in the first', () => {
    expect(binOf(1000)).toBe(19);
    expect(binOf(950)).toBe(19);
    expect(binOf(949)).toBe(18);
    expect(binOf(49)).toBe(0);
    expect(binOf(50)).toBe(1);
  });

  const previewOf = (ix: ProfileIndex, j: MatchJob) => {
    const a = analyseIndex(ix, j, { topK: 5, explain: false });
    return {
      considered: a.considered,
      included: a.included,
      excludedBy: a.excludedBy,
      histogram: a.histogram,
      best: a.results.map((r) => r.score),
    };
  };

  it.each(jobs)('previewIndex answers what analyseIndex counts: %s', async (_name, j) => {
    expect(await previewIndex(index, j, 5)).toEqual(previewOf(index, j));
    // Asked again (the passing rows kept), and with other weights and non-must values.
    expect(await previewIndex(index, j, 5)).toEqual(previewOf(index, j));
    const reweighted: MatchJob = {
      ...j,
      criteria: j.criteria.map((c, i) => ({ ...c, weight: (c.weight + i) % 6 })),
    };
    expect(await previewIndex(index, reweighted, 5)).toEqual(previewOf(index, reweighted));
    const otherSkills: MatchJob = {
      ...j,
      criteria: j.criteria.map((c) => (c.key === 'skills' && !c.must ? { ...c, value: ['go', 'sql'] } : c)),
    };
    expect(await previewIndex(index, otherSkills, 5)).toEqual(previewOf(index, otherSkills));
  });

  it('previewIndex follows changed must-haves, target types and a changed index', async () => {
    const own = new ProfileIndex(catalog, 3000);
    const more = syntheticProfiles(catalog, { seed: 11, today: '2026-01-01', cities: citiesOf('DE', 5_000) });
    const added = Array.from({ length: 3000 }, more);
    for (const p of added.slice(0, 2500)) own.upsert(p);
    const musts = job.criteria.map((c) => (c.key === 'driving_licences' ? { ...c, value: ['c'] } : c));
    const variants: MatchJob[] = [
      job,
      { ...job, criteria: musts },
      { ...job, targetTypes: ['luna'] },
      { ...job, criteria: job.criteria.map((c) => ({ ...c, must: c.key === 'skills' })) },
      job,
    ];
    for (const v of variants) expect(await previewIndex(own, v, 5)).toEqual(previewOf(own, v));
    const before = await previewIndex(own, job, 5);
    for (const p of added.slice(2500)) own.upsert(p);
    own.remove(added[0]!.uuid);
    const after = await previewIndex(own, job, 5);
    expect(after).toEqual(previewOf(own, job));
    expect(after.considered).not.toBe(before.considered);
  });

  it('previewIndex pauses between passes: previews at once each get their own numbers', async () => {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    const variants: MatchJob[] = [
      job,
      { ...job, targetTypes: ['luna'] },
      { ...job, criteria: job.criteria.map((c) => ({ ...c, must: c.key === 'skills' })) },
      { ...job, criteria: job.criteria.map((c, i) => ({ ...c, weight: i % 3 })) },
    ];
    const answers = await Promise.all(variants.map((v) => previewIndex(index, v, 5, pause)));
    expect(answers).toEqual(variants.map((v) => previewOf(index, v)));
  });

  it('previewIndex computes again when the index changes while it pauses', async () => {
    const own = new ProfileIndex(catalog, 2000);
    const more = syntheticProfiles(catalog, { seed: 13, today: '2026-01-01', cities: citiesOf('DE', 5_000) });
    const added = Array.from({ length: 2000 }, more);
    for (const p of added.slice(0, 1500)) own.upsert(p);
    let pauses = 0;
    const pause = async () => {
      // A refresh landing in the middle of the first attempt's must-have passes.
      if (++pauses === 2) for (const p of added.slice(1500)) own.upsert(p);
    };
    const answer = await previewIndex(own, job, 5, pause);
    expect(pauses).toBeGreaterThan(2);
    expect(answer).toEqual(previewOf(own, job));
  });
});
