import * as v from 'valibot';
import {
  type CatalogScope,
  type CityLookup,
  type CityValue,
  type FieldDefinition,
  fieldIsFor,
  LANGUAGE_LEVELS,
  type LanguageValue,
} from './catalog';
import { FieldError, oneLine, strictObjectMessage, webAddress } from './field-errors';
import { MAX_WEIGHT } from './matching';
import { phoneValueSchema } from './phone';

/**
 * The one builder that turns a catalogue into the valibot schema of a profile's, a company's or a
 * job's values (PRODUCT.md §4). Client forms and server handlers both use it, so a value the form
 * accepts is a value the server stores. Every issue's message is a stable error code; `fieldErrors`
 * (contract/field-errors.ts) turns a failed parse into the `fields` of the error body.
 */

export const DEFAULT_TEXT_MAX_LENGTH = 200;
export const DEFAULT_TEXTAREA_MAX_LENGTH = 5000;
const NAME_MAX_LENGTH = 200;

export interface BuildOptions {
  /** Profile scope: only the fields `for` this user type; others are `field.unknown`. */
  userType?: string | undefined;
  /** Every field may be left out (a partial update); a required field that is sent must not be empty. */
  partial?: boolean | undefined;
  /**
   * The server's city list. Given, a city is sent as `{ id }` of that list and the output holds the
   * list's name, country and coordinates (any sent along are ignored); a city without a known id is
   * `field.location_invalid`. Without it (client forms, stored values) the stored shape is checked.
   */
  cities?: CityLookup | undefined;
  /** `YYYY-MM-DD` that date fields' year bounds count from; today (UTC) when left out. */
  today?: string | undefined;
}

/** Bound of a number field whose catalogue entry names none: every number stays a plain, exact double. */
export const NUMBER_LIMIT = 1_000_000_000;

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Builds the schema of one scope's values; jobs carry their criteria in `criteria`. */
export function buildValuesSchema(
  scope: CatalogScope,
  fields: FieldDefinition[],
  options: BuildOptions = {},
) {
  const visible = options.userType ? fields.filter((f) => fieldIsFor(f, options.userType!)) : fields;
  const entries: Record<string, AnySchema> = {};
  for (const field of visible) {
    if (scope === 'job' && field.criterion) continue;
    entries[field.key] = entrySchema(field, fieldValueSchema(field, options), options.partial === true);
  }
  if (scope === 'job') {
    const criteria = buildCriteriaSchema(visible, options);
    entries.criteria = options.partial ? v.optional(criteria) : v.optional(criteria, () => []);
  }
  return v.strictObject(entries, objectMessage) as unknown as v.GenericSchema<
    Record<string, unknown>,
    Record<string, unknown>
  >;
}

/** The `criteria` list of a job: one entry per criterion field at most, each validated by its field. */
export function buildCriteriaSchema(jobFields: FieldDefinition[], options: BuildOptions = {}) {
  const criterionFields = jobFields.filter((f) => f.criterion);
  const item = (field: FieldDefinition) =>
    v.strictObject(
      {
        key: v.literal(field.key),
        value: required(criterionValueSchema(field, options)),
        weight: v.pipe(
          v.number(FieldError.weightInvalid),
          v.integer(FieldError.weightInvalid),
          v.minValue(0, FieldError.weightInvalid),
          v.maxValue(MAX_WEIGHT, FieldError.weightInvalid),
        ),
        must: v.optional(v.boolean(FieldError.mustInvalid), false),
      },
      objectMessage,
    );
  // Without criterion fields every item is unknown.
  const itemSchema =
    criterionFields.length > 0
      ? v.variant(
          'key',
          criterionFields.map((f) => item(f)) as unknown as [ReturnType<typeof item>],
          FieldError.criterionUnknown,
        )
      : v.custom<never>(() => false, FieldError.criterionUnknown);
  return v.pipe(
    v.array(itemSchema, FieldError.invalidType),
    v.check(
      (items) => new Set(items.map((c) => (c as { key: string }).key)).size === items.length,
      FieldError.criterionDuplicate,
    ),
  );
}

/** The schema of one field's value as a profile, a company or a job stores it. */
export function fieldValueSchema(field: FieldDefinition, options: BuildOptions = {}): AnySchema {
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const limit =
        field.maxLength ?? (field.type === 'text' ? DEFAULT_TEXT_MAX_LENGTH : DEFAULT_TEXTAREA_MAX_LENGTH);
      const base = v.pipe(v.string(FieldError.invalidType), v.trim(), v.maxLength(limit, FieldError.tooLong));
      // A one-line text (names, titles, the website) holds no control or bidi characters.
      const text =
        field.type === 'text'
          ? v.pipe(base, oneLine(), ...(field.format === 'url' ? [webAddress()] : []))
          : base;
      return field.required ? v.pipe(text, v.minLength(1, FieldError.required)) : text;
    }
    case 'number':
      return numberSchema(field.min, field.max, field.step);
    case 'date':
      return dateSchema(field, options.today ?? new Date().toISOString().slice(0, 10));
    case 'boolean':
      return v.boolean(FieldError.invalidType);
    case 'select':
      return v.pipe(
        v.string(FieldError.invalidType),
        v.picklist(optionValues(field), FieldError.optionUnknown),
      );
    case 'multiselect':
      return multiselectSchema(field);
    case 'languages':
      return languagesSchema(field);
    case 'location':
      return options.cities ? cityByIdSchema(options.cities) : citySchema();
    case 'phone':
      return phoneValueSchema(field.required);
  }
}

/** The schema of a criterion's value: what the job asks for, compared by the field's rule. */
export function criterionValueSchema(field: FieldDefinition, options: BuildOptions = {}): AnySchema {
  if (field.type === 'location') return areaSchema(field, options.cities);
  if (field.type === 'multiselect')
    return v.pipe(multiselectSchema(field), v.minLength(1, FieldError.required));
  if (field.type === 'languages') return v.pipe(languagesSchema(field), v.minLength(1, FieldError.required));
  return fieldValueSchema(field, options);
}

/** Missing keys of an object are `field.required`, keys the catalogue does not have `field.unknown`. */
const objectMessage = strictObjectMessage(FieldError.required);

/** Values that count as "not filled in": they fail a required field and are `unknown` to matching. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function required(inner: AnySchema): AnySchema {
  return v.pipe(
    v.unknown(),
    v.check((x) => !isEmptyValue(x), FieldError.required),
    inner,
  );
}

function entrySchema(field: FieldDefinition, inner: AnySchema, partial: boolean): AnySchema {
  if (field.required) return partial ? v.optional(required(inner)) : required(inner);
  return v.optional(v.nullable(inner));
}

function optionValues(field: FieldDefinition): string[] {
  return (field.options ?? []).map((o) => o.value);
}

function numberSchema(min: number | undefined, max: number | undefined, step: number | undefined): AnySchema {
  const items: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [
    v.finite(FieldError.invalidType),
    v.minValue(min ?? -NUMBER_LIMIT, FieldError.tooSmall),
    v.maxValue(max ?? NUMBER_LIMIT, FieldError.tooLarge),
  ];
  if (step !== undefined) {
    items.push(v.check((x) => isOnStep(x, step), FieldError.step));
    items.push(v.transform((x) => snapToStep(x, step)));
  }
  return v.pipe(v.number(FieldError.invalidType), ...items) as AnySchema;
}

/** Whether x is a multiple of step, allowing for the binary representation of decimal steps. */
export function isOnStep(x: number, step: number): boolean {
  const q = x / step;
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, Math.abs(q));
}

/** The multiple of step nearest x, computed so that decimal steps give the decimal's own double. */
export function snapToStep(x: number, step: number): number {
  if (step >= 1) return Math.round(x / step) * step;
  const inverse = Math.round(1 / step);
  return Math.round(x * inverse) / inverse;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date that exists in the calendar, else null. */
export function dateToDays(value: string): number | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return time / 86_400_000;
}

/** `today` moved by whole years (29 February becomes 1 March in a year without it), as days. */
export function yearsFrom(today: string, years: number): number {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Date.UTC(y + years, m - 1, d) / 86_400_000;
}

/** The earliest and latest `YYYY-MM-DD` a date field accepts (its catalogue's year bounds), for inputs. */
export function dateBounds(field: FieldDefinition, today: string): { min?: string; max?: string } {
  const iso = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
  return {
    ...(field.min === undefined ? {} : { min: iso(yearsFrom(today, field.min)) }),
    ...(field.max === undefined ? {} : { max: iso(yearsFrom(today, field.max)) }),
  };
}

function dateSchema(field: FieldDefinition, today: string): AnySchema {
  const items: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [
    v.check((s) => {
      const days = dateToDays(s);
      // 1900-01-01 … 2199-12-31: wider than any birth date or start date a staffing agency sees.
      return days !== null && days >= -25_567 && days <= 84_005;
    }, FieldError.dateInvalid),
  ];
  if (field.min !== undefined) {
    const earliest = yearsFrom(today, field.min);
    items.push(v.check((s) => (dateToDays(s) ?? earliest) >= earliest, FieldError.dateTooEarly));
  }
  if (field.max !== undefined) {
    const latest = yearsFrom(today, field.max);
    items.push(v.check((s) => (dateToDays(s) ?? latest) <= latest, FieldError.dateTooLate));
  }
  return v.pipe(v.string(FieldError.invalidType), ...items) as AnySchema;
}

function multiselectSchema(field: FieldDefinition) {
  const items: v.PipeItem<string[], string[], v.BaseIssue<unknown>>[] = [
    v.check((xs) => new Set(xs).size === xs.length, FieldError.duplicate),
  ];
  if (field.max !== undefined) items.push(v.maxLength(field.max, FieldError.tooMany));
  return v.pipe(
    v.array(
      v.pipe(v.string(FieldError.invalidType), v.picklist(optionValues(field), FieldError.optionUnknown)),
      FieldError.invalidType,
    ),
    ...items,
  );
}

function languagesSchema(field: FieldDefinition) {
  return v.pipe(
    v.array(
      v.strictObject(
        {
          language: v.pipe(
            v.string(FieldError.invalidType),
            v.picklist(optionValues(field), FieldError.optionUnknown),
          ),
          level: v.picklist(LANGUAGE_LEVELS, FieldError.levelUnknown),
        },
        FieldError.invalidType,
      ),
      FieldError.invalidType,
    ),
    v.check(
      (xs: LanguageValue[]) => new Set(xs.map((x) => x.language)).size === xs.length,
      FieldError.duplicate,
    ),
  );
}

/** Coordinates are kept to 5 decimals (about a metre), the precision of the bundled city list. */
export function roundCoordinate(x: number): number {
  return Math.round(x * 100_000) / 100_000;
}

const coordinate = (limit: number) =>
  v.pipe(
    v.number(FieldError.locationInvalid),
    v.finite(FieldError.locationInvalid),
    v.minValue(-limit, FieldError.locationInvalid),
    v.maxValue(limit, FieldError.locationInvalid),
    v.transform(roundCoordinate),
  );
const placeName = v.pipe(
  v.string(FieldError.locationInvalid),
  v.trim(),
  v.minLength(1, FieldError.locationInvalid),
  v.maxLength(NAME_MAX_LENGTH, FieldError.locationInvalid),
);
const countryCode = v.pipe(
  v.string(FieldError.locationInvalid),
  v.regex(/^[A-Z]{2}$/, FieldError.locationInvalid),
);
const cityId = v.pipe(v.number(FieldError.locationInvalid), v.integer(FieldError.locationInvalid));

function citySchema(): AnySchema {
  return v.strictObject(
    {
      lat: coordinate(90),
      lng: coordinate(180),
      name: placeName,
      country: countryCode,
      id: v.optional(cityId),
    },
    FieldError.locationInvalid,
  );
}

/**
 * A city sent by the list's id: coordinates, name and country sent along are ignored, the output is
 * the list's. Unknown ids are `field.location_invalid`.
 */
function cityByIdSchema(cities: CityLookup): AnySchema {
  return v.pipe(
    v.strictObject(
      {
        id: cityId,
        lat: v.optional(v.number(FieldError.locationInvalid)),
        lng: v.optional(v.number(FieldError.locationInvalid)),
        name: v.optional(v.string(FieldError.locationInvalid)),
        country: v.optional(v.string(FieldError.locationInvalid)),
      },
      FieldError.locationInvalid,
    ),
    v.check((x) => cities(x.id) !== undefined, FieldError.locationInvalid),
    v.transform((x): CityValue => cities(x.id)!),
  );
}

function areaSchema(field: FieldDefinition, cities: CityLookup | undefined): AnySchema {
  const radius = v.pipe(
    v.number(FieldError.invalidType),
    v.finite(FieldError.invalidType),
    v.minValue(Math.max(1, field.min ?? 1), FieldError.tooSmall),
    v.maxValue(field.max ?? 20_000, FieldError.tooLarge),
  );
  if (!cities) {
    return v.strictObject(
      {
        lat: coordinate(90),
        lng: coordinate(180),
        radius_km: radius,
        name: v.optional(placeName),
        country: v.optional(countryCode),
        id: v.optional(cityId),
      },
      FieldError.locationInvalid,
    );
  }
  // With the list at hand a named centre comes from it; bare coordinates stay possible, a posted
  // name or country without an id is not.
  return v.union(
    [
      v.pipe(
        v.strictObject(
          {
            id: cityId,
            radius_km: radius,
            lat: v.optional(v.number()),
            lng: v.optional(v.number()),
            name: v.optional(v.string()),
            country: v.optional(v.string()),
          },
          FieldError.locationInvalid,
        ),
        v.check((x) => cities(x.id) !== undefined, FieldError.locationInvalid),
        v.transform((x) => ({ ...cities(x.id)!, radius_km: x.radius_km })),
      ),
      v.strictObject(
        { lat: coordinate(90), lng: coordinate(180), radius_km: radius },
        FieldError.locationInvalid,
      ),
    ],
    FieldError.locationInvalid,
  );
}
