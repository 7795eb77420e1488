import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../contract/catalog';
import { loadCatalogFile } from '../catalog/catalog';
import { type CriterionSpec, evaluate, haversineKm } from './rules';

const catalog = loadCatalogFile();

function spec(key: string): CriterionSpec {
  const jobField = catalog.job.find((f) => f.key === key) as FieldDefinition;
  const profileField = catalog.profile.find(
    (f) => f.key === jobField.criterion!.profileKey,
  ) as FieldDefinition;
  return { key, rule: jobField.criterion!.rule, jobField, profileField };
}

const s = (key: string, job: unknown, profile: unknown) => evaluate(spec(key), job, profile).s;

describe('overlap (skills, driving licences)', () => {
  it('is the share of the job’s values the profile has, naming matched and missing', () => {
    const outcome = evaluate(
      spec('skills'),
      ['typescript', 'react', 'sql', 'go'],
      ['sql', 'react', 'typescript', 'docker'],
    );
    expect(outcome.s).toBe(0.75);
    expect(outcome.reason).toEqual({
      reason: 'overlap.some',
      params: { matched: ['typescript', 'react', 'sql'], missing: ['go'] },
    });
  });
  it('is 1 with every value and 0 with none', () => {
    expect(evaluate(spec('driving_licences'), ['b', 'ce'], ['ce', 'b']).reason.reason).toBe('overlap.all');
    expect(evaluate(spec('driving_licences'), ['b', 'ce'], ['ce', 'b']).s).toBe(1);
    expect(evaluate(spec('driving_licences'), ['ce'], ['b']).s).toBe(0);
    expect(evaluate(spec('driving_licences'), ['ce'], ['b']).reason.reason).toBe('overlap.none');
  });
  it('is 0 with reason unknown when the profile has no value (absent, null or empty)', () => {
    for (const missing of [undefined, null, []]) {
      expect(evaluate(spec('skills'), ['typescript'], missing)).toEqual({
        s: 0,
        reason: { reason: 'unknown', params: {} },
      });
    }
  });
});

describe('anyOf (occupation, employment types, remote)', () => {
  it('is 1 when a select value is among the job’s values, else 0 naming the profile’s value', () => {
    expect(evaluate(spec('occupation'), ['nurse', 'geriatric_nurse'], 'nurse').reason).toEqual({
      reason: 'any_of.match',
      params: { matched: ['nurse'] },
    });
    expect(evaluate(spec('remote'), ['remote', 'hybrid'], 'onsite')).toEqual({
      s: 0,
      reason: { reason: 'any_of.none', params: { actual: ['onsite'] } },
    });
  });
  it('is 1 when a multiselect shares one value, listing the profile’s values in catalogue order otherwise', () => {
    expect(s('employment_types', ['part_time'], ['full_time', 'part_time'])).toBe(1);
    expect(evaluate(spec('employment_types'), ['mini_job'], ['part_time', 'full_time']).reason).toEqual({
      reason: 'any_of.none',
      params: { actual: ['full_time', 'part_time'] },
    });
  });
  it('is unknown without a value', () => {
    expect(evaluate(spec('occupation'), ['nurse'], undefined).reason.reason).toBe('unknown');
  });
});

describe('atLeastOrdinal: education', () => {
  it('is 1 at or above the level and loses 0.25 per missing level, never below 0', () => {
    expect(s('education_level', 'bachelor', 'master')).toBe(1);
    expect(s('education_level', 'bachelor', 'bachelor')).toBe(1);
    expect(s('education_level', 'bachelor', 'apprenticeship')).toBe(0.75);
    expect(s('education_level', 'bachelor', 'school')).toBe(0.5);
    expect(s('education_level', 'doctorate', 'apprenticeship')).toBe(0.25);
    expect(s('education_level', 'doctorate', 'school')).toBe(0);
    expect(s('education_level', 'doctorate', 'none')).toBe(0);
    expect(evaluate(spec('education_level'), 'master', 'school').reason).toEqual({
      reason: 'level.below',
      params: { required: 'master', actual: 'school', levelsMissing: 3 },
    });
  });
});

describe('atLeastOrdinal: languages', () => {
  it('orders A1 < … < C2 < native and averages over the job’s languages', () => {
    expect(s('languages', [{ language: 'de', level: 'C2' }], [{ language: 'de', level: 'native' }])).toBe(1);
    expect(s('languages', [{ language: 'de', level: 'native' }], [{ language: 'de', level: 'C2' }])).toBe(
      0.75,
    );
    expect(s('languages', [{ language: 'de', level: 'B2' }], [{ language: 'de', level: 'A1' }])).toBe(0.25);
    expect(s('languages', [{ language: 'de', level: 'C2' }], [{ language: 'de', level: 'A1' }])).toBe(0);
    const both = [
      { language: 'de', level: 'B2' },
      { language: 'en', level: 'B2' },
    ];
    expect(
      s('languages', both, [
        { language: 'de', level: 'C1' },
        { language: 'en', level: 'B1' },
      ]),
    ).toBe(0.875);
  });
  it('counts a language the profile lacks as 0 and names it', () => {
    const outcome = evaluate(
      spec('languages'),
      [
        { language: 'de', level: 'B1' },
        { language: 'pl', level: 'B1' },
      ],
      [{ language: 'de', level: 'B2' }],
    );
    expect(outcome.s).toBe(0.5);
    expect(outcome.reason).toEqual({
      reason: 'languages.below',
      params: {
        languages: [
          { language: 'de', required: 'B1', actual: 'B2', s: 1 },
          { language: 'pl', required: 'B1', actual: null, s: 0 },
        ],
      },
    });
  });
  it('is unknown when the profile lists no languages', () => {
    expect(evaluate(spec('languages'), [{ language: 'de', level: 'A1' }], []).reason.reason).toBe('unknown');
  });
});

describe('atLeast: experience', () => {
  it('is 1 from the minimum on, else value / min', () => {
    expect(s('experience_years', 4, 4)).toBe(1);
    expect(s('experience_years', 4, 6)).toBe(1);
    expect(s('experience_years', 4, 1)).toBe(0.25);
    expect(s('experience_years', 4, 0)).toBe(0);
  });
  it('is 1 for a minimum of 0, but unknown (0) without a value', () => {
    expect(s('experience_years', 0, 0)).toBe(1);
    expect(evaluate(spec('experience_years'), 0, undefined).reason.reason).toBe('unknown');
  });
});

describe('distance: location → city', () => {
  const berlin = { lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' };
  const potsdam = { lat: 52.39886, lng: 13.06566, name: 'Potsdam', country: 'DE' };
  const d = haversineKm(berlin.lat, berlin.lng, potsdam.lat, potsdam.lng);

  it('measures great-circle km with earth radius 6371.0088', () => {
    expect(d).toBeCloseTo(27.0, 0);
    // A quarter meridian: π/2 · 6371.0088 km.
    expect(haversineKm(0, 0, 90, 0)).toBeCloseTo((Math.PI / 2) * 6371.0088, 6);
  });
  it('is 1 within the radius, including exactly at its boundary', () => {
    expect(s('location', { ...berlin, radius_km: d }, potsdam)).toBe(1);
    expect(evaluate(spec('location'), { ...berlin, radius_km: d }, potsdam).reason.reason).toBe(
      'distance.within',
    );
  });
  it('falls linearly to 0 at twice the radius', () => {
    expect(s('location', { ...berlin, radius_km: d / 1.5 }, potsdam)).toBeCloseTo(0.5, 12);
    expect(s('location', { ...berlin, radius_km: d / 2 }, potsdam)).toBeCloseTo(0, 12);
    expect(s('location', { ...berlin, radius_km: d / 3 }, potsdam)).toBe(0);
    expect(evaluate(spec('location'), { ...berlin, radius_km: 10 }, potsdam).reason).toEqual({
      reason: 'distance.beyond',
      params: { km: Math.round(d * 10) / 10, radiusKm: 10, city: 'Potsdam' },
    });
  });
});

describe('notAfter: start date → available from', () => {
  it('is 1 when available on or before the start', () => {
    expect(s('start_date', '2026-03-01', '2026-03-01')).toBe(1);
    expect(s('start_date', '2026-03-01', '2025-12-24')).toBe(1);
  });
  it('loses 1/90 per day late and is 0 from 90 days late on', () => {
    expect(s('start_date', '2026-03-01', '2026-03-31')).toBeCloseTo(1 - 30 / 90, 12);
    expect(s('start_date', '2026-03-01', '2026-05-30')).toBe(0);
    expect(s('start_date', '2026-03-01', '2026-12-31')).toBe(0);
    expect(evaluate(spec('start_date'), '2026-02-27', '2026-03-02').reason).toEqual({
      reason: 'date.late',
      params: { start: '2026-02-27', available: '2026-03-02', daysLate: 3 },
    });
  });
});

describe('atMost: salary', () => {
  it('is 1 up to the maximum and 0 at 1.3 × the maximum', () => {
    expect(s('salary_max', 50_000, 50_000)).toBe(1);
    expect(s('salary_max', 50_000, 30_000)).toBe(1);
    expect(s('salary_max', 50_000, 57_500)).toBeCloseTo(0.5, 12);
    expect(s('salary_max', 50_000, 65_000)).toBe(0);
    expect(s('salary_max', 50_000, 90_000)).toBe(0);
    expect(evaluate(spec('salary_max'), 50_000, 55_000).reason).toEqual({
      reason: 'at_most.above',
      params: { max: 50_000, actual: 55_000 },
    });
  });
});
