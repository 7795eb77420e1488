import type { Criterion, MatchJob, MatchResult } from '../../contract/matching';
import { loadCatalogFile } from '../catalog/catalog';
import type { IndexedProfile } from './profile-index';

/**
 * A plain implementation of PRODUCT.md §5 written from the text, for tests to hold the scoring core
 * against: a loop over profiles and criteria, no index, no heap, no kernels.
 */

export const catalog = loadCatalogFile();
const options = (key: string) => catalog.profile.find((f) => f.key === key)!.options!.map((o) => o.value);
export const EDUCATION = options('education_level');
export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'];

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

/** Every profile of the target types: the included ones in rank order, then the excluded ones. */
export function plainMatch(job: MatchJob, profiles: IndexedProfile[]): MatchResult[] {
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
