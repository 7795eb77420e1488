import {
  type AreaValue,
  type CityValue,
  type FieldDefinition,
  LANGUAGE_LEVELS,
  type LanguageValue,
  type MatchRule,
} from '../../contract/catalog';
import { dateToDays, isEmptyValue } from '../../contract/catalog-schema';
import {
  EARTH_RADIUS_KM,
  LATE_DAYS_TO_ZERO,
  type LanguageOutcome,
  LEVEL_PENALTY,
  type Reason,
  SALARY_TOLERANCE,
} from '../../contract/matching';

/**
 * The partial scores of PRODUCT.md §5. The indexed engine computes the same numbers with these very
 * functions (over decoded columns), so that a result's breakdown always adds up to its score.
 */

const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine, earth radius 6371.0088 km). */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sinLng = Math.sin(((lng2 - lng1) * RAD) / 2);
  const a = sinLat * sinLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** distance: 1 within the radius (boundary included), falling linearly to 0 at twice the radius. */
export function distanceScore(km: number, radiusKm: number): number {
  return km <= radiusKm ? 1 : Math.max(0, 2 - km / radiusKm);
}

/** notAfter: 1 when available by the start, losing 1/90 per day late. */
export function lateScore(availableDays: number, startDays: number): number {
  return availableDays <= startDays ? 1 : Math.max(0, 1 - (availableDays - startDays) / LATE_DAYS_TO_ZERO);
}

/** atMost: 1 up to the maximum, 0 at 1.3 × the maximum. */
export function salaryScore(desired: number, max: number): number {
  return desired <= max ? 1 : Math.max(0, 1 - (desired - max) / (SALARY_TOLERANCE * max));
}

/** atLeast: 1 from the minimum on, else value / min (a minimum of 0 is always met). */
export function atLeastScore(value: number, min: number): number {
  return value >= min ? 1 : value / min;
}

/** atLeastOrdinal: 1 at or above the required level, else 1 − 0.25 per missing level (not below 0). */
export function levelScore(actual: number, required: number): number {
  return actual >= required ? 1 : Math.max(0, 1 - LEVEL_PENALTY * (required - actual));
}

/** Mean over the job's languages of the level score; a language the profile lacks counts 0. */
export function languagesOutcome(
  required: readonly LanguageValue[],
  actual: readonly LanguageValue[],
): { s: number; languages: LanguageOutcome[] } {
  const levels = new Map(actual.map((l) => [l.language, l.level]));
  let sum = 0;
  const languages = required.map((want) => {
    const have = levels.get(want.language) ?? null;
    const s = have === null ? 0 : levelScore(levelIndex(have), levelIndex(want.level));
    sum += s;
    return { language: want.language, required: want.level, actual: have, s };
  });
  return { s: required.length === 0 ? 1 : sum / required.length, languages };
}

export function levelIndex(level: string): number {
  return (LANGUAGE_LEVELS as readonly string[]).indexOf(level);
}

/** A criterion resolved against the catalogue: the job field, the profile field and the rule. */
export interface CriterionSpec {
  key: string;
  rule: MatchRule;
  jobField: FieldDefinition;
  profileField: FieldDefinition;
}

export interface Outcome {
  s: number;
  reason: Reason;
}

const orders = new WeakMap<FieldDefinition, string[]>();

function optionOrder(field: FieldDefinition): string[] {
  let order = orders.get(field);
  if (!order) {
    order = (field.options ?? []).map((o) => o.value);
    orders.set(field, order);
  }
  return order;
}

const dayCache = new Map<string, number>();

/** dateToDays of a validated date, memoised: a run explains thousands of results over few dates. */
function daysOf(date: string): number {
  let days = dayCache.get(date);
  if (days === undefined) {
    days = dateToDays(date)!;
    if (dayCache.size > 100_000) dayCache.clear();
    dayCache.set(date, days);
  }
  return days;
}

const UNKNOWN: Reason = { reason: 'unknown', params: {} };

/**
 * The partial score of one criterion for one profile value, with its reason. `profileValue` is the
 * profile's value as the catalogue schema outputs it, or absent. Lists of the profile's own values
 * are given in the catalogue's option order.
 */
export function evaluate(spec: CriterionSpec, jobValue: unknown, profileValue: unknown): Outcome {
  if (isEmptyValue(profileValue)) return { s: 0, reason: UNKNOWN };
  switch (spec.rule) {
    case 'overlap': {
      const want = jobValue as string[];
      const have = new Set(profileValue as string[]);
      const matched = want.filter((x) => have.has(x));
      const missing = want.filter((x) => !have.has(x));
      const s = want.length === 0 ? 1 : matched.length / want.length;
      const reason =
        missing.length === 0 ? 'overlap.all' : matched.length === 0 ? 'overlap.none' : 'overlap.some';
      return { s, reason: { reason, params: { matched, missing } } };
    }
    case 'anyOf': {
      const have = Array.isArray(profileValue) ? (profileValue as string[]) : [profileValue as string];
      const matched = (jobValue as string[]).filter((x) => have.includes(x));
      if (matched.length > 0) return { s: 1, reason: { reason: 'any_of.match', params: { matched } } };
      const actual = optionOrder(spec.profileField).filter((x) => have.includes(x));
      return { s: 0, reason: { reason: 'any_of.none', params: { actual } } };
    }
    case 'atLeastOrdinal': {
      if (spec.profileField.type === 'languages') {
        const { s, languages } = languagesOutcome(
          jobValue as LanguageValue[],
          profileValue as LanguageValue[],
        );
        return {
          s,
          reason: { reason: s === 1 ? 'languages.met' : 'languages.below', params: { languages } },
        };
      }
      const order = optionOrder(spec.profileField);
      const required = order.indexOf(jobValue as string);
      const actual = order.indexOf(profileValue as string);
      const s = levelScore(actual, required);
      const params = {
        required: jobValue as string,
        actual: profileValue as string,
        levelsMissing: Math.max(0, required - actual),
      };
      return { s, reason: { reason: s === 1 ? 'level.met' : 'level.below', params } };
    }
    case 'atLeast': {
      const min = jobValue as number;
      const actual = profileValue as number;
      const s = atLeastScore(actual, min);
      return { s, reason: { reason: s === 1 ? 'at_least.met' : 'at_least.below', params: { min, actual } } };
    }
    case 'distance': {
      const area = jobValue as AreaValue;
      const city = profileValue as CityValue;
      const km = haversineKm(area.lat, area.lng, city.lat, city.lng);
      const s = distanceScore(km, area.radius_km);
      const params = { km: Math.round(km * 10) / 10, radiusKm: area.radius_km, city: city.name };
      return { s, reason: { reason: km <= area.radius_km ? 'distance.within' : 'distance.beyond', params } };
    }
    case 'notAfter': {
      const start = jobValue as string;
      const available = profileValue as string;
      const startDays = daysOf(start);
      const availableDays = daysOf(available);
      const s = lateScore(availableDays, startDays);
      const daysLate = Math.max(0, availableDays - startDays);
      return {
        s,
        reason: {
          reason: daysLate === 0 ? 'date.on_time' : 'date.late',
          params: { start, available, daysLate },
        },
      };
    }
    case 'atMost': {
      const max = jobValue as number;
      const actual = profileValue as number;
      const s = salaryScore(actual, max);
      return {
        s,
        reason: { reason: actual <= max ? 'at_most.met' : 'at_most.above', params: { max, actual } },
      };
    }
  }
}
