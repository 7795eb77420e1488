import type { Catalog, CityValue, LanguageValue } from '../../contract/catalog';
import type { MatchJob } from '../../contract/matching';
import type { IndexedProfile } from './profile-index';

/**
 * Realistic synthetic candidate profiles for benchmarks and tests: seeded and reproducible. Occupations
 * and skills come in the catalogue's domains (IT, trades, care, logistics, office, hospitality,
 * manufacturing): a nurse has care skills, a truck driver a CE licence; cities are German cities
 * weighted by population; some data is missing, as in real profiles.
 */

/** mulberry32: a small, fast, seeded PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first option of each domain, in catalogue order (occupations, skills). */
const DOMAIN_STARTS = {
  occupation: [
    'software_developer',
    'electrician',
    'nurse',
    'warehouse_worker',
    'office_clerk',
    'cook',
    'production_worker',
  ],
  skills: [
    'typescript',
    'electrical_installation',
    'basic_care',
    'forklift_licence',
    'ms_office',
    'cooking',
    'cnc_milling',
  ],
};
const DOMAIN_SALARY = [62_000, 44_000, 40_000, 34_000, 42_000, 31_000, 38_000];
const SECOND_LANGUAGES = ['tr', 'ar', 'pl', 'ru', 'ro', 'uk', 'it', 'fr', 'es', 'el', 'hr', 'fa'];
const LEVELS: LanguageValue['level'][] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Mia',
  'Leon',
  'Emma',
  'Finn',
  'Sofia',
  'Elias',
  'Hanna',
  'Noah',
  'Emilia',
  'Ben',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Yılmaz',
  'Nowak',
];

function domains(values: string[], starts: string[]): number[][] {
  const positions = starts.map((s) => values.indexOf(s));
  if (positions.some((p) => p < 0)) return [values.map((_, i) => i)];
  return positions.map((start, d) => {
    const end = positions[d + 1] ?? values.length;
    return Array.from({ length: end - start }, (_, i) => start + i);
  });
}

export interface SyntheticOptions {
  seed?: number;
  /** Dates are drawn around this day (YYYY-MM-DD), so a seed gives the same profiles on any day. */
  today?: string;
  /** German cities to live in, with population (weights); from server/catalog/cities. */
  cities: (CityValue & { population: number })[];
}

/** A generator of profiles: call it n times. */
export function syntheticProfiles(catalog: Catalog, options: SyntheticOptions): () => IndexedProfile {
  const random = prng(options.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number) => random() < p;
  const options_ = (key: string) =>
    catalog.profile.find((f) => f.key === key)?.options?.map((o) => o.value) ?? [];
  const occupations = options_('occupation');
  const skills = options_('skills');
  const occupationDomains = domains(occupations, DOMAIN_STARTS.occupation);
  const skillDomains = domains(skills, DOMAIN_STARTS.skills);
  const education = options_('education_level');
  const employment = options_('employment_types');
  const today = Date.parse(`${options.today ?? '2026-01-01'}T00:00:00Z`);
  const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);

  const cumulative: number[] = [];
  let total = 0;
  for (const city of options.cities) {
    total += city.population;
    cumulative.push(total);
  }
  const city = (): CityValue => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    const { lat, lng, name, country } = options.cities[lo]!;
    return { lat, lng, name, country };
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

  return () => {
    const domain = Math.floor(random() * occupationDomains.length);
    const occupation = occupations[pick(occupationDomains[domain]!)]!;
    const skillDomain = skillDomains[Math.min(domain, skillDomains.length - 1)]!;
    const own = new Set<number>();
    const count = 2 + Math.floor(random() * 8);
    for (let i = 0; i < count; i++) own.add(pick(skillDomain));
    if (chance(0.3)) own.add(Math.floor(random() * skills.length));
    const age = 18 + Math.floor(random() * 45);
    const values: Record<string, unknown> = {
      first_name: pick(FIRST_NAMES),
      last_name: pick(LAST_NAMES),
      birth_date: day(-age * 365 - Math.floor(random() * 365)),
      city: city(),
      travel_radius_km: 10 * (1 + Math.floor(random() * 8)),
    };
    if (chance(0.95)) values.occupation = occupation;
    if (chance(0.9)) values.skills = [...own].sort((a, b) => a - b).map((i) => skills[i]!);
    const languages: LanguageValue[] = [];
    if (chance(0.75)) languages.push({ language: 'de', level: 'native' });
    else languages.push({ language: 'de', level: pick(LEVELS.slice(1)) });
    if (chance(0.6)) languages.push({ language: 'en', level: pick(LEVELS.slice(1, 5)) });
    if (chance(0.25))
      languages.push({ language: pick(SECOND_LANGUAGES), level: chance(0.6) ? 'native' : pick(LEVELS) });
    if (chance(0.93)) values.languages = languages;
    if (chance(0.9) && education.length > 0) {
      const base = domain === 0 ? 3 : 2;
      values.education_level =
        education[Math.max(0, Math.min(education.length - 1, base + Math.floor(random() * 3) - 1))];
    }
    if (chance(0.9))
      values.experience_years = Math.min(60, Math.floor(random() * 2 * Math.max(1, age - 18)) / 2);
    const licences: string[] = [];
    if (chance(0.7)) licences.push('b');
    if (domain === 3 && chance(0.5)) licences.push('c', 'ce');
    if (chance(0.05)) licences.push('a');
    if (licences.length > 0) values.driving_licences = licences;
    if (employment.length > 0) {
      const types = new Set<string>([chance(0.8) ? 'full_time' : pick(employment)]);
      if (chance(0.25)) types.add(pick(employment));
      values.employment_types = employment.filter((e) => types.has(e));
    }
    values.remote = domain === 0 ? pick(['hybrid', 'remote', 'onsite']) : chance(0.9) ? 'onsite' : 'hybrid';
    if (chance(0.85)) values.available_from = day(Math.floor(random() * 150) - 30);
    if (chance(0.8)) {
      const salary = DOMAIN_SALARY[domain] ?? 40_000;
      values.desired_salary = Math.round((salary * (0.7 + random() * 0.7)) / 500) * 500;
    }
    const uuid = `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
    const type = random() < 0.7 ? 'stella' : chance(0.67) ? 'luna' : 'nova';
    return { uuid, type, status: chance(0.95) ? 'active' : 'inactive', values };
  };
}

/** The benchmark's job: ten criteria, two of them must-haves, a developer around Frankfurt. */
export function benchmarkJob(): MatchJob {
  return {
    targetTypes: ['stella', 'nova'],
    criteria: [
      {
        key: 'occupation',
        value: ['software_developer', 'backend_developer', 'frontend_developer'],
        weight: 3,
        must: false,
      },
      { key: 'skills', value: ['typescript', 'react', 'nodejs', 'sql', 'docker'], weight: 5, must: false },
      {
        key: 'languages',
        value: [
          { language: 'de', level: 'B2' },
          { language: 'en', level: 'B1' },
        ],
        weight: 3,
        must: true,
      },
      { key: 'education_level', value: 'bachelor', weight: 2, must: false },
      { key: 'experience_years', value: 3, weight: 2, must: false },
      {
        key: 'location',
        value: { lat: 50.11552, lng: 8.68417, radius_km: 60, name: 'Frankfurt am Main', country: 'DE' },
        weight: 4,
        must: false,
      },
      { key: 'employment_types', value: ['full_time'], weight: 1, must: false },
      { key: 'driving_licences', value: ['b'], weight: 1, must: true },
      { key: 'start_date', value: '2026-03-01', weight: 2, must: false },
      { key: 'salary_max', value: 65_000, weight: 2, must: false },
    ],
  };
}
