import * as v from 'valibot';
import { LocalizedSchema } from './localized';
import { isAgentType } from './user-types';

/**
 * Field catalogues (PRODUCT.md §4): the configuration that drives forms, validation, the PDF card and
 * the matching engine. The server answers them at `GET /api/{profile,company,job}/data`.
 */

/**
 * What a JSON Schema cannot say of the bodies with `values` (profiles, companies, jobs): they are
 * checked against the field catalogue, which the reference points to rather than copies.
 */
export const CATALOGUE_RULE =
  "`values` (and a job's `criteria`) are checked against the field catalogue of the record's kind (GET /api/profile/data, /api/company/data, /api/job/data): a key the catalogue lacks, a required field missing, a value of another type or beyond its field's limits, options or pattern answer 400 `request.invalid` with the field's code in `fields` (contract/field-errors.ts).";

export const CATALOG_SCOPES = ['profile', 'company', 'job'] as const;
export type CatalogScope = (typeof CATALOG_SCOPES)[number];

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'boolean',
  'select',
  'multiselect',
  'languages',
  'location',
  /** A phone number, typed as people do and stored in E.164 (contract/phone.ts); no rule compares it. */
  'phone',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Language levels in ascending order (CEFR, then native); a `languages` value holds one per language. */
export const LANGUAGE_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

/** The comparison rules of PRODUCT.md §5; a job field that is a criterion names one. */
export const MATCH_RULES = [
  'overlap',
  'anyOf',
  'atLeastOrdinal',
  'atLeast',
  'distance',
  'notAfter',
  'atMost',
] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** Which field types a rule accepts on the job side and on the profile side. */
export const RULE_FIELD_TYPES: Record<MatchRule, { job: FieldType[]; profile: FieldType[] }> = {
  overlap: { job: ['multiselect'], profile: ['multiselect'] },
  anyOf: { job: ['multiselect'], profile: ['select', 'multiselect'] },
  atLeastOrdinal: { job: ['select', 'languages'], profile: ['select', 'languages'] },
  atLeast: { job: ['number'], profile: ['number'] },
  distance: { job: ['location'], profile: ['location'] },
  notAfter: { job: ['date'], profile: ['date'] },
  atMost: { job: ['number'], profile: ['number'] },
};

export { type Localized, LocalizedSchema } from './localized';

/** Option values are lowercase ASCII slugs (PRODUCT.md §4); language options are ISO 639-1 codes. */
export const OPTION_VALUE = /^[a-z0-9][a-z0-9_]*$/;
/** Field keys are snake_case and fixed: tests, integrations and stored values rely on them. */
export const FIELD_KEY = /^[a-z][a-z0-9_]*$/;

export const FieldOptionSchema = v.object({
  value: v.pipe(v.string(), v.regex(OPTION_VALUE)),
  label: LocalizedSchema,
});
export type FieldOption = v.InferOutput<typeof FieldOptionSchema>;

/** A job field that is a matching criterion: the rule and the profile field it compares with. */
export const CriterionSpecSchema = v.object({
  rule: v.picklist(MATCH_RULES),
  profileKey: v.pipe(v.string(), v.regex(FIELD_KEY)),
});
export type CriterionSpec = v.InferOutput<typeof CriterionSpecSchema>;

/**
 * One field. `for` lists the user types that have it (`agent` stands for every agent type). For
 * `number`: min/max bound the value and `step` its grid (values are multiples of step). For `date`:
 * min/max are whole years relative to today (a birth date 14–100 years back: min -100, max -14). For text:
 * maxLength, and `format: "url"` asks for an http or https address. For multiselect: max bounds the number of choices. For a job's `location` criterion:
 * min/max bound radius_km. `ordinal` marks a select whose options are listed in ascending order.
 * `contact` marks a way to reach the person (phone, the time to call, PRODUCT.md §11): never a
 * matching criterion, never on the anonymised card.
 */
export const FieldDefinitionSchema = v.object({
  key: v.pipe(v.string(), v.regex(FIELD_KEY)),
  type: v.picklist(FIELD_TYPES),
  label: LocalizedSchema,
  help: v.optional(LocalizedSchema),
  tab: v.pipe(v.string(), v.regex(FIELD_KEY)),
  required: v.boolean(),
  for: v.pipe(v.array(v.pipe(v.string(), v.regex(FIELD_KEY))), v.minLength(1)),
  options: v.optional(v.array(FieldOptionSchema)),
  min: v.optional(v.number()),
  max: v.optional(v.number()),
  step: v.optional(v.pipe(v.number(), v.gtValue(0))),
  maxLength: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  format: v.optional(v.picklist(['url'])),
  ordinal: v.optional(v.boolean()),
  criterion: v.optional(CriterionSpecSchema),
  contact: v.optional(v.boolean()),
});
export type FieldDefinition = v.InferOutput<typeof FieldDefinitionSchema>;

export const CatalogFieldsSchema = v.array(FieldDefinitionSchema);

/** The three catalogues, as the server holds them. */
export type Catalog = Record<CatalogScope, FieldDefinition[]>;

/**
 * A city as the profile stores it and the city search answers it. `id` is the bundled city list's
 * (GeoNames) id: requests send it, and the server fills name, country and coordinates from the list.
 */
export interface CityValue {
  lat: number;
  lng: number;
  name: string;
  country: string;
  id?: number | undefined;
}

/** The area a job searches: a centre (a city of the list by `id`, or coordinates) and a radius. */
export interface AreaValue {
  lat: number;
  lng: number;
  radius_km: number;
  name?: string | undefined;
  country?: string | undefined;
  id?: number | undefined;
}

export interface LanguageValue {
  language: string;
  level: LanguageLevel;
}

/** Finds a city of the bundled list by id (the server's list); undefined for an unknown id. */
export type CityLookup = (id: number) => CityValue | undefined;

/** A city search hit of `GET /api/catalog/cities`. */
export const CityHitSchema = v.object({
  id: v.number(),
  name: v.string(),
  country: v.string(),
  lat: v.number(),
  lng: v.number(),
  population: v.number(),
});
export type CityHit = v.InferOutput<typeof CityHitSchema>;

/** Whether a user type sees a field: `for` names user types, and `agent` stands for every agent type. */
export function fieldIsFor(field: Pick<FieldDefinition, 'for'>, userType: string): boolean {
  return field.for.some((t) => t === userType || (t === 'agent' && isAgentType(userType)));
}

/** The query of `GET /api/catalog/cities`: the start of a name, and a country to search in. */
export const CitiesQuerySchema = v.object({
  q: v.pipe(
    v.string('field.required'),
    v.trim(),
    v.minLength(1, 'field.required'),
    v.maxLength(100, 'field.too_long'),
    v.description('Start of the city name'),
  ),
  country: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z]{2}$/, 'field.country_invalid'),
      v.description('ISO 3166-1 alpha-2 code'),
    ),
  ),
});
