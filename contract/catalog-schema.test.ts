import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { CityValue, FieldDefinition } from './catalog';
import { buildCriteriaSchema, buildValuesSchema, dateBounds, NUMBER_LIMIT } from './catalog-schema';
import { fieldErrors } from './field-errors';

const label = { de: 'x', en: 'x' };
const opts = (...values: string[]) => values.map((value) => ({ value, label }));
const field = (f: Partial<FieldDefinition> & Pick<FieldDefinition, 'key' | 'type'>): FieldDefinition => ({
  label,
  tab: 'main',
  required: false,
  for: ['stella', 'luna', 'company', 'agent'],
  ...f,
});

const profile: FieldDefinition[] = [
  field({ key: 'first_name', type: 'text', required: true, maxLength: 5 }),
  field({ key: 'about', type: 'textarea' }),
  field({ key: 'experience_years', type: 'number', min: 0, max: 60, step: 0.5 }),
  field({ key: 'salary', type: 'number', min: 0 }),
  field({ key: 'available_from', type: 'date' }),
  field({ key: 'mobile', type: 'boolean' }),
  field({ key: 'remote', type: 'select', options: opts('onsite', 'remote') }),
  field({ key: 'skills', type: 'multiselect', options: opts('sql', 'go', 'rust'), max: 2 }),
  field({ key: 'languages', type: 'languages', options: opts('de', 'en') }),
  field({ key: 'city', type: 'location', required: true }),
  field({ key: 'hobby', type: 'text', for: ['luna'] }),
];
const city = { lat: 52.524371, lng: 13.410534, name: ' Berlin ', country: 'DE' };

function errors(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
}

describe('profile values', () => {
  const schema = buildValuesSchema('profile', profile, { userType: 'stella' });

  it('accepts valid values and normalises them (trimmed text, coordinates to 5 decimals)', () => {
    const output = v.parse(schema, {
      first_name: ' Ada ',
      city,
      experience_years: 2.5,
      available_from: '2026-02-28',
      skills: ['go', 'sql'],
      languages: [{ language: 'de', level: 'native' }],
      remote: null,
    });
    expect(output).toMatchObject({
      first_name: 'Ada',
      city: { lat: 52.52437, lng: 13.41053, name: 'Berlin' },
    });
  });

  it('reports required fields: missing, null, empty or blank', () => {
    expect(errors(schema, {})).toEqual({ first_name: ['field.required'], city: ['field.required'] });
    expect(errors(schema, { first_name: '   ', city: null })).toEqual({
      first_name: ['field.required'],
      city: ['field.required'],
    });
  });

  it('refuses a place typed but not picked from the list as location_invalid, not as missing', () => {
    expect(errors(schema, { first_name: 'Ada', city: 'Leipz' })).toEqual({
      city: ['field.location_invalid'],
    });
  });

  it('reports each field’s problem with a stable code', () => {
    const bad = {
      first_name: 'Adelheid',
      city: { ...city, lat: 95 },
      experience_years: 2.3,
      salary: -1,
      available_from: '2026-02-30',
      mobile: 'yes',
      remote: 'moon',
      skills: ['sql', 'sql'],
      languages: [{ language: 'xx', level: 'B2' }],
      hobby: 'chess',
      shoe_size: 44,
    };
    expect(errors(schema, bad)).toEqual({
      first_name: ['field.too_long'],
      city: ['field.location_invalid'],
      experience_years: ['field.step_mismatch'],
      salary: ['field.too_small'],
      available_from: ['field.date_invalid'],
      mobile: ['field.invalid_type'],
      remote: ['field.option_unknown'],
      skills: ['field.duplicate'],
      languages: ['field.option_unknown'],
      hobby: ['field.unknown'],
    });
    expect(errors(schema, { first_name: 'Ada', city, shoe_size: 44 })).toEqual({
      shoe_size: ['field.unknown'],
    });
    expect(errors(schema, { first_name: 'Ada', city, skills: ['sql', 'go', 'rust'] })).toEqual({
      skills: ['field.too_many'],
    });
    expect(errors(schema, { first_name: 'Ada', city, languages: [{ language: 'de', level: 'D1' }] })).toEqual(
      {
        languages: ['field.level_unknown'],
      },
    );
    expect(errors(schema, { first_name: 'Ada', city, experience_years: 61 })).toEqual({
      experience_years: ['field.too_large'],
    });
  });

  it('shows each user type its own fields', () => {
    const luna = buildValuesSchema('profile', profile, { userType: 'luna' });
    expect(v.safeParse(luna, { first_name: 'Ada', city, hobby: 'chess' }).success).toBe(true);
    const nova = buildValuesSchema('profile', profile, { userType: 'nova' });
    expect(errors(nova, { first_name: 'Ada' })).toEqual({ first_name: ['field.unknown'] });
    const agent = buildValuesSchema('profile', profile, { userType: 'senior_agent' });
    expect(v.safeParse(agent, { first_name: 'Ada', city }).success).toBe(true);
  });

  it('lets a partial update leave fields out, but not empty a required one', () => {
    const partial = buildValuesSchema('profile', profile, { userType: 'stella', partial: true });
    expect(v.safeParse(partial, { about: 'hi' }).success).toBe(true);
    expect(errors(partial, { first_name: '' })).toEqual({ first_name: ['field.required'] });
  });
});

describe('job values and criteria', () => {
  const job: FieldDefinition[] = [
    field({ key: 'title', type: 'text', required: true }),
    field({
      key: 'skills',
      type: 'multiselect',
      options: opts('sql', 'go'),
      criterion: { rule: 'overlap', profileKey: 'skills' },
    }),
    field({
      key: 'location',
      type: 'location',
      min: 1,
      max: 500,
      criterion: { rule: 'distance', profileKey: 'city' },
    }),
  ];
  const schema = buildValuesSchema('job', job);
  const area = { lat: 52.5, lng: 13.4, radius_km: 30 };

  it('keeps criteria in a list: value by the field, weight 0–5, must defaulting to false', () => {
    const output = v.parse(schema, {
      title: 'Backend',
      criteria: [
        { key: 'skills', value: ['sql'], weight: 3 },
        { key: 'location', value: area, weight: 0, must: true },
      ],
    });
    expect(output.criteria).toEqual([
      { key: 'skills', value: ['sql'], weight: 3, must: false },
      { key: 'location', value: area, weight: 0, must: true },
    ]);
    expect(v.parse(schema, { title: 'Backend' }).criteria).toEqual([]);
  });

  it('reports bad criteria by their key', () => {
    const criteria = [
      { key: 'skills', value: [], weight: 6 },
      { key: 'location', value: { ...area, radius_km: 0.5 }, weight: 1 },
    ];
    expect(errors(schema, { title: 'x', criteria })).toEqual({
      'criteria.skills': ['field.required', 'criterion.weight_invalid'],
      'criteria.location': ['field.too_small'],
    });
    expect(v.safeParse(buildCriteriaSchema(job), [{ key: 'title', value: 'x', weight: 1 }]).success).toBe(
      false,
    );
    expect(errors(schema, { title: 'x', criteria: [{ key: 'title', value: 'x', weight: 1 }] })).toEqual({
      'criteria.title': ['criterion.unknown'],
    });
    const twice = [
      { key: 'skills', value: ['go'], weight: 1 },
      { key: 'skills', value: ['sql'], weight: 1 },
    ];
    expect(errors(schema, { title: 'x', criteria: twice })).toEqual({ criteria: ['criterion.duplicate'] });
  });
});

describe('canonical values on the server', () => {
  const berlin: CityValue = { id: 2950159, name: 'Berlin', country: 'DE', lat: 52.52437, lng: 13.41053 };
  const cities = (id: number) => (id === berlin.id ? berlin : undefined);
  const fields = [
    field({ key: 'city', type: 'location', required: true }),
    field({ key: 'birth_date', type: 'date', min: -100, max: -14 }),
    field({ key: 'count', type: 'number' }),
  ];
  const schema = buildValuesSchema('profile', fields, { userType: 'stella', cities, today: '2026-02-28' });

  it('turns a city id into the list entry, whatever is sent along, and refuses anything else', () => {
    expect(v.parse(schema, { city: { id: berlin.id, name: '<b>', lat: 0, lng: 0, country: 'ZZ' } })).toEqual({
      city: berlin,
    });
    for (const city of [
      { lat: 0, lng: 0, name: '<script>', country: 'ZZ' },
      { id: 7 },
      { id: 1.5 },
      'Berlin',
    ]) {
      expect(errors(schema, { city })).toEqual({ city: ['field.location_invalid'] });
    }
  });

  it('bounds dates by whole years from today, as the catalogue says', () => {
    expect(errors(schema, { city: { id: berlin.id }, birth_date: '2012-02-28' })).toEqual({});
    expect(errors(schema, { city: { id: berlin.id }, birth_date: '2012-02-29' })).toEqual({
      birth_date: ['field.date_too_late'],
    });
    expect(errors(schema, { city: { id: berlin.id }, birth_date: '2012-03-01' })).toEqual({
      birth_date: ['field.date_too_late'],
    });
    expect(errors(schema, { city: { id: berlin.id }, birth_date: '1926-02-28' })).toEqual({});
    expect(errors(schema, { city: { id: berlin.id }, birth_date: '1926-02-27' })).toEqual({
      birth_date: ['field.date_too_early'],
    });
    expect(dateBounds(fields[1]!, '2026-02-28')).toEqual({ min: '1926-02-28', max: '2012-02-28' });
  });

  it('bounds a number whose catalogue entry names no bounds', () => {
    expect(errors(schema, { city: { id: berlin.id }, count: NUMBER_LIMIT + 1 })).toEqual({
      count: ['field.too_large'],
    });
    expect(errors(schema, { city: { id: berlin.id }, count: -NUMBER_LIMIT - 1 })).toEqual({
      count: ['field.too_small'],
    });
  });

  it("fills a job area's centre from a city id; bare coordinates stay, a posted name does not", () => {
    const job = [
      field({
        key: 'area',
        type: 'location',
        min: 1,
        max: 500,
        criterion: { rule: 'distance', profileKey: 'city' },
      }),
    ];
    const criteria = buildCriteriaSchema(job, { cities });
    expect(v.parse(criteria, [{ key: 'area', value: { id: berlin.id, radius_km: 20 }, weight: 1 }])).toEqual([
      { key: 'area', value: { ...berlin, radius_km: 20 }, weight: 1, must: false },
    ]);
    expect(
      v.safeParse(criteria, [{ key: 'area', value: { lat: 1, lng: 2, radius_km: 20 }, weight: 1 }]).success,
    ).toBe(true);
    const named = { lat: 0, lng: 0, radius_km: 20, name: '<script>', country: 'ZZ' };
    expect(v.safeParse(criteria, [{ key: 'area', value: named, weight: 1 }]).success).toBe(false);
  });
});

describe('a phone field (PRODUCT.md §11: a candidate has a phone number)', () => {
  const fields = [
    field({ key: 'first_name', type: 'text' }),
    field({ key: 'phone', type: 'phone' }),
    field({ key: 'phone_required', type: 'phone', required: true }),
  ];
  const schema = buildValuesSchema('profile', fields, { userType: 'stella' });

  it('stores what a person types in E.164: national numbers are the home country’s', () => {
    expect(v.parse(schema, { phone: '0151 23456789', phone_required: '+43 664 1234567' })).toEqual({
      phone: '+4915123456789',
      phone_required: '+436641234567',
    });
  });

  it('takes the stored form back unchanged (a form sends what it loaded)', () => {
    expect(v.parse(schema, { phone_required: '+4915123456789' })).toEqual({
      phone_required: '+4915123456789',
    });
  });

  it('refuses a number that fits no numbering plan, and anything not text', () => {
    expect(errors(schema, { phone: '0151 234', phone_required: '+4915123456789' })).toEqual({
      phone: ['field.phone_invalid'],
    });
    expect(errors(schema, { phone_required: 'Hausnummer 5' })).toEqual({
      phone_required: ['field.phone_invalid'],
    });
    expect(errors(schema, { phone_required: 4915123456789 })).toEqual({
      phone_required: ['field.invalid_type'],
    });
    expect(errors(schema, { phone_required: `+49 ${'1'.repeat(40)}` })).toEqual({
      phone_required: ['field.too_long'],
    });
  });

  it('an empty optional number is none; an empty required one is missing', () => {
    expect(v.parse(schema, { phone: '  ', phone_required: '+4915123456789' })).toEqual({
      phone: null,
      phone_required: '+4915123456789',
    });
    expect(errors(schema, { phone_required: ' ' })).toEqual({ phone_required: ['field.required'] });
  });
});
