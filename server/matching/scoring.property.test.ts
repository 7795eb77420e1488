import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildCriteriaSchema, buildValuesSchema } from '../../contract/catalog-schema';
import type { Criterion, MatchJob } from '../../contract/matching';
import { analyseIndex } from './analysis';
import { type IndexedProfile, ProfileIndex } from './profile-index';
import { catalog, EDUCATION, LEVELS, plainMatch } from './reference.fixture';

/**
 * The scoring core against the plain implementation of PRODUCT.md §5 (./reference.fixture.ts). Both
 * must agree on scores, order and breakdowns for any profiles and any job.
 */

// ——— arbitraries: valid profiles and jobs, normalised by the catalogue schema ———

const SKILLS = ['typescript', 'react', 'sql', 'go', 'docker', 'forklift_licence', 'basic_care', 'excel'];
const OCCUPATIONS = ['software_developer', 'nurse', 'truck_driver', 'cook'];
const LANGS = ['de', 'en', 'pl', 'tr'];
const CITIES = [
  { lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' },
  { lat: 48.13743, lng: 11.57549, name: 'München', country: 'DE' },
  { lat: 50.11552, lng: 8.68417, name: 'Frankfurt am Main', country: 'DE' },
];
const date = fc
  .integer({ min: 20_400, max: 20_700 })
  .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const city = fc.oneof(
  fc.constantFrom(...CITIES),
  fc.record({
    lat: fc.double({ min: 47, max: 55, noNaN: true }),
    lng: fc.double({ min: 6, max: 15, noNaN: true }),
    name: fc.constantFrom('Dorf', 'Stadt'),
    country: fc.constant('DE'),
  }),
);
const languages = fc.uniqueArray(
  fc.record({ language: fc.constantFrom(...LANGS), level: fc.constantFrom(...LEVELS) }),
  { selector: (l) => l.language, maxLength: 3 },
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

const profileValues = fc.record(
  {
    city: optional(city),
    occupation: optional(fc.constantFrom(...OCCUPATIONS)),
    skills: optional(fc.subarray(SKILLS)),
    languages: optional(languages),
    education_level: optional(fc.constantFrom(...EDUCATION)),
    experience_years: optional(fc.integer({ min: 0, max: 40 }).map((x) => x / 2)),
    driving_licences: optional(fc.subarray(['b', 'c', 'ce'])),
    employment_types: optional(fc.subarray(['full_time', 'part_time', 'mini_job'])),
    remote: optional(fc.constantFrom('onsite', 'hybrid', 'remote')),
    available_from: optional(date),
    desired_salary: optional(fc.integer({ min: 20_000, max: 90_000 })),
  },
  { requiredKeys: [] },
);

const profileSchemas = new Map(
  ['luna', 'stella', 'nova'].map((t) => [
    t,
    buildValuesSchema('profile', catalog.profile, { userType: t, partial: true }),
  ]),
);
const profile = fc
  .record({
    uuid: fc.uuid(),
    type: fc.constantFrom('stella', 'stella', 'luna', 'nova'),
    status: fc.constantFrom('active', 'active', 'active', 'inactive'),
    values: profileValues,
  })
  .map((p) => {
    const defined = Object.fromEntries(Object.entries(p.values).filter(([, x]) => x !== undefined));
    return { ...p, values: v.parse(profileSchemas.get(p.type)!, defined) };
  });
const profiles = fc.uniqueArray(profile, { selector: (p) => p.uuid, maxLength: 40 });

const weight = fc.integer({ min: 0, max: 5 });
const criterionValues: Record<string, fc.Arbitrary<unknown>> = {
  occupation: fc.subarray(OCCUPATIONS, { minLength: 1 }),
  skills: fc.subarray(SKILLS, { minLength: 1 }),
  languages: languages.filter((l) => l.length > 0),
  education_level: fc.constantFrom(...EDUCATION),
  experience_years: fc.integer({ min: 0, max: 20 }).map((x) => x / 2),
  location: fc.record({
    lat: fc.double({ min: 47, max: 55, noNaN: true }),
    lng: fc.double({ min: 6, max: 15, noNaN: true }),
    radius_km: fc.integer({ min: 1, max: 400 }),
  }),
  employment_types: fc.subarray(['full_time', 'part_time', 'mini_job'], { minLength: 1 }),
  remote: fc.subarray(['onsite', 'hybrid', 'remote'], { minLength: 1 }),
  driving_licences: fc.subarray(['b', 'c', 'ce'], { minLength: 1 }),
  start_date: date,
  salary_max: fc.integer({ min: 20_000, max: 90_000 }),
};
const criteriaSchema = buildCriteriaSchema(catalog.job);
const criteria = fc
  .subarray(Object.keys(criterionValues))
  .chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        fc.record({
          key: fc.constant(key),
          value: criterionValues[key]!,
          weight,
          must: fc.boolean().chain((m) => (m ? fc.boolean() : fc.constant(false))),
        }),
      ),
    ),
  )
  .map((list) => v.parse(criteriaSchema, list) as Criterion[]);
const job = fc.record({
  targetTypes: fc.subarray(['luna', 'stella', 'nova'] as const, { minLength: 1 }),
  criteria,
}) as fc.Arbitrary<MatchJob>;

function indexed(list: IndexedProfile[]): ProfileIndex {
  const index = new ProfileIndex(catalog, list.length);
  for (const p of list) index.upsert(p);
  return index;
}

/** Every profile of the target types ranked: the included ones, then the excluded ones. */
function all(index: ProfileIndex, j: MatchJob) {
  const { results, excluded } = analyseIndex(index, j, { topK: index.size + 1, excluded: index.size + 1 });
  return [...results, ...excluded];
}

describe('the scoring core', () => {
  it('gives the same scores, order and breakdowns as the plain definition', () => {
    fc.assert(
      fc.property(profiles, job, (list, j) => {
        expect(all(indexed(list), j)).toEqual(plainMatch(j, list));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the same top K as ranking everything and cutting', () => {
    fc.assert(
      fc.property(profiles, job, fc.integer({ min: 1, max: 10 }), (list, j, k) => {
        const top = analyseIndex(indexed(list), j, { topK: k }).results;
        expect(top).toEqual(
          plainMatch(j, list)
            .filter((r) => !r.excluded)
            .slice(0, k),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('scores within [0, 100]', () => {
    fc.assert(
      fc.property(profiles, job, (list, j) => {
        for (const r of all(indexed(list), j)) {
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never lowers a profile’s score when it gains a skill the job asks for', () => {
    fc.assert(
      fc.property(profile, job, fc.constantFrom(...SKILLS), (p, j, skill) => {
        const wanted = j.criteria.find((c) => c.key === 'skills');
        fc.pre(wanted !== undefined && (wanted.value as string[]).includes(skill));
        const active = { ...p, status: 'active', type: j.targetTypes[0]! };
        const before = all(indexed([active]), j)[0]!;
        const skills = [...new Set([...((p.values.skills as string[] | undefined) ?? []), skill])];
        const after = all(indexed([{ ...active, values: { ...p.values, skills } }]), j)[0]!;
        expect(after.score).toBeGreaterThanOrEqual(before.score);
      }),
      { numRuns: 200 },
    );
  });

  it('ranks the same whatever the order of the profiles', () => {
    fc.assert(
      fc.property(
        profiles.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        job,
        ([list, shuffled], j) => {
          expect(all(indexed(shuffled), j)).toEqual(all(indexed(list), j));
        },
      ),
      { numRuns: 150 },
    );
  });
});
