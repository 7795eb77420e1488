import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildCriteriaSchema, buildValuesSchema } from '../../contract/catalog-schema';
import type { Criterion, MatchJob, MatchResult } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import { matchIndex } from './engine';
import { type IndexedProfile, ProfileIndex } from './profile-index';

/**
 * The indexed engine against a plain implementation of PRODUCT.md §5 written here from the text:
 * a loop over profiles and criteria, no index, no heap. Both must agree on scores, order and
 * breakdowns for any profiles and any job.
 */

const catalog = loadCatalogFile();
const options = (key: string) => catalog.profile.find((f) => f.key === key)!.options!.map((o) => o.value);
const EDUCATION = options('education_level');
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'];

// ——— the plain reference ———

const RAD = Math.PI / 180;
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sinLng = Math.sin(((lng2 - lng1) * RAD) / 2);
  const a = sinLat * sinLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sinLng * sinLng;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}
const days = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const missing = (x: unknown) =>
  x === undefined || x === null || x === '' || (Array.isArray(x) && x.length === 0);
const inOptionOrder = (key: string, xs: string[]) => options(key).filter((o) => xs.includes(o));
type Lang = { language: string; level: string };

/** s, reason and params of one criterion, straight from the table of PRODUCT.md §5. */
function plainPartial(
  c: Criterion,
  values: Record<string, unknown>,
): { s: number; reason: string; params: object } {
  const profileKey =
    { location: 'city', start_date: 'available_from', salary_max: 'desired_salary' }[c.key] ?? c.key;
  const p = values[profileKey];
  if (missing(p)) return { s: 0, reason: 'unknown', params: {} };
  switch (c.key) {
    case 'skills':
    case 'driving_licences': {
      const want = c.value as string[];
      const have = p as string[];
      const matched = want.filter((x) => have.includes(x));
      const absent = want.filter((x) => !have.includes(x));
      const reason =
        absent.length === 0 ? 'overlap.all' : matched.length === 0 ? 'overlap.none' : 'overlap.some';
      return { s: matched.length / want.length, reason, params: { matched, missing: absent } };
    }
    case 'occupation':
    case 'employment_types':
    case 'remote': {
      const have = typeof p === 'string' ? [p] : (p as string[]);
      const matched = (c.value as string[]).filter((x) => have.includes(x));
      return matched.length > 0
        ? { s: 1, reason: 'any_of.match', params: { matched } }
        : { s: 0, reason: 'any_of.none', params: { actual: inOptionOrder(profileKey, have) } };
    }
    case 'education_level': {
      const required = EDUCATION.indexOf(c.value as string);
      const actual = EDUCATION.indexOf(p as string);
      const s = actual >= required ? 1 : Math.max(0, 1 - 0.25 * (required - actual));
      const params = { required: c.value, actual: p, levelsMissing: Math.max(0, required - actual) };
      return { s, reason: s === 1 ? 'level.met' : 'level.below', params };
    }
    case 'languages': {
      let sum = 0;
      const languages = (c.value as Lang[]).map((want) => {
        const have = (p as Lang[]).find((l) => l.language === want.language);
        const gap = have ? LEVELS.indexOf(want.level) - LEVELS.indexOf(have.level) : 0;
        const s = !have ? 0 : gap <= 0 ? 1 : Math.max(0, 1 - 0.25 * gap);
        sum += s;
        return { language: want.language, required: want.level, actual: have?.level ?? null, s };
      });
      const s = sum / languages.length;
      return { s, reason: s === 1 ? 'languages.met' : 'languages.below', params: { languages } };
    }
    case 'experience_years': {
      const min = c.value as number;
      const actual = p as number;
      const s = actual >= min ? 1 : actual / min;
      return { s, reason: s === 1 ? 'at_least.met' : 'at_least.below', params: { min, actual } };
    }
    case 'location': {
      const area = c.value as { lat: number; lng: number; radius_km: number };
      const city = p as { lat: number; lng: number; name: string };
      const d = km(area.lat, area.lng, city.lat, city.lng);
      const s = d <= area.radius_km ? 1 : Math.max(0, 2 - d / area.radius_km);
      const params = { km: Math.round(d * 10) / 10, radiusKm: area.radius_km, city: city.name };
      return { s, reason: d <= area.radius_km ? 'distance.within' : 'distance.beyond', params };
    }
    case 'start_date': {
      const late = Math.max(0, days(p as string) - days(c.value as string));
      const s = late === 0 ? 1 : Math.max(0, 1 - late / 90);
      return {
        s,
        reason: late === 0 ? 'date.on_time' : 'date.late',
        params: { start: c.value, available: p, daysLate: late },
      };
    }
    case 'salary_max': {
      const max = c.value as number;
      const actual = p as number;
      const s = actual <= max ? 1 : Math.max(0, 1 - (actual - max) / (0.3 * max));
      return { s, reason: actual <= max ? 'at_most.met' : 'at_most.above', params: { max, actual } };
    }
  }
  throw new Error(`no rule for ${c.key}`);
}

function plainMatch(job: MatchJob, profiles: IndexedProfile[]): MatchResult[] {
  const sumW = job.criteria.reduce((sum, c) => sum + c.weight, 0);
  const scored = profiles
    .filter((p) => p.status === 'active' && (job.targetTypes as string[]).includes(p.type))
    .map((p) => {
      let sum = 0;
      let excluded = false;
      const breakdown = job.criteria.map((c) => {
        const { s, reason, params } = plainPartial(c, p.values);
        sum += c.weight * s;
        if (c.must && s < 1) excluded = true;
        const contribution = sumW === 0 ? 0 : (100 * c.weight * s) / sumW;
        return { key: c.key, weight: c.weight, must: c.must, s, contribution, reason, params };
      });
      const score = sumW === 0 ? 100 : Math.round(((100 * sum) / sumW) * 10) / 10;
      return { uuid: p.uuid, score, excluded, breakdown };
    });
  const rank = (a: { score: number; uuid: string }, b: { score: number; uuid: string }) =>
    b.score - a.score || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
  const included = scored.filter((r) => !r.excluded).sort(rank);
  const excluded = scored.filter((r) => r.excluded).sort(rank);
  return [...included, ...excluded].map(({ excluded: ex, ...r }) =>
    ex ? { ...r, excluded: true } : r,
  ) as MatchResult[];
}

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

const all = (index: ProfileIndex, j: MatchJob) =>
  matchIndex(index, j, { topK: index.size + 1, withExcluded: true }).results;

describe('the indexed engine', () => {
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
        const top = matchIndex(indexed(list), j, { topK: k }).results;
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
