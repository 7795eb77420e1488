import { sql } from 'drizzle-orm';
import type { CityValue } from '../../contract/catalog';
import { recordEvent } from '../agents/audit';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf, cityById } from '../catalog/cities';
import { type Database, queryRows } from '../db/client';
import { syntheticProfiles } from '../matching/synthetic';
import type { TimelineTarget } from '../timeline/timeline';

/** A city of the bundled list, stored as a profile saved through the API stores it (with its id). */
function city(id: number): CityValue {
  const found = cityById(id);
  if (!found) throw new Error(`city ${id} is not in the bundled list`);
  return found;
}
const BERLIN = city(2950159);
const FRANKFURT = city(2925533);
const HAMBURG = city(2911298);
const MUNICH = city(2867714);
const COLOGNE = city(2886242);

/** Full profiles of the demo candidates (pending@ stopped before the profile step: names only). */
export const DEMO_PROFILES: Record<string, Record<string, unknown>> = {
  'stella@matchwerk.example': {
    first_name: 'Stella',
    last_name: 'Neumann',
    birth_date: '1991-04-17',
    city: FRANKFURT,
    travel_radius_km: 50,
    occupation: 'software_developer',
    skills: ['typescript', 'react', 'nodejs', 'sql', 'docker'],
    languages: [
      { language: 'de', level: 'native' },
      { language: 'en', level: 'C1' },
    ],
    education_level: 'master',
    experience_years: 8,
    driving_licences: ['b'],
    employment_types: ['full_time'],
    remote: 'hybrid',
    available_from: '2026-02-01',
    desired_salary: 68_000,
    about: 'Full-Stack-Entwicklerin mit Schwerpunkt TypeScript und Datenbanken.',
  },
  'luna@matchwerk.example': {
    first_name: 'Luna',
    last_name: 'Kaya',
    birth_date: '1998-09-02',
    city: HAMBURG,
    travel_radius_km: 30,
    occupation: 'warehouse_worker',
    skills: ['forklift_licence', 'order_picking'],
    languages: [
      { language: 'de', level: 'B2' },
      { language: 'tr', level: 'native' },
    ],
    education_level: 'school',
    experience_years: 3,
    driving_licences: ['b'],
    employment_types: ['full_time', 'part_time'],
    remote: 'onsite',
    available_from: '2026-01-15',
  },
  'nova@matchwerk.example': {
    first_name: 'Nova',
    last_name: 'Petrović',
    birth_date: '2001-12-24',
    city: MUNICH,
    travel_radius_km: 20,
    occupation: 'nurse',
    skills: ['basic_care', 'treatment_care', 'care_documentation'],
    languages: [
      { language: 'hr', level: 'native' },
      { language: 'de', level: 'B1' },
    ],
    education_level: 'apprenticeship',
    experience_years: 1.5,
    employment_types: ['full_time'],
    remote: 'onsite',
    available_from: '2026-03-01',
  },
  'mfa@matchwerk.example': {
    first_name: 'Max',
    last_name: 'Fabian',
    birth_date: '1985-06-30',
    city: COLOGNE,
    travel_radius_km: 80,
    occupation: 'electrician',
    skills: ['electrical_installation', 'electrical_assembly'],
    languages: [{ language: 'de', level: 'native' }],
    education_level: 'apprenticeship',
    experience_years: 15,
    driving_licences: ['b', 'be'],
    employment_types: ['full_time', 'freelance'],
    remote: 'onsite',
    desired_salary: 52_000,
  },
  'pending@matchwerk.example': { first_name: 'Paula', last_name: 'Pending' },
};

/** Cities of the Rhein-Main area, where the demo developer job (server/demo/jobs.ts) looks. */
const DARMSTADT = city(2938913);
const OFFENBACH = city(2857807);
const MAINZ = city(2874225);
const WIESBADEN = city(2809346);
const BAD_HOMBURG = city(2953436);

/** A developer as an agent enters one: full values, no account, no photo. */
function developer(values: Record<string, unknown>): Record<string, unknown> {
  return {
    occupation: 'software_developer',
    education_level: 'bachelor',
    driving_licences: ['b'],
    remote: 'hybrid',
    available_from: '2026-04-01',
    ...values,
  };
}

/**
 * Candidates without accounts the agency entered for its IT clients: developers around Frankfurt
 * with different fits for the demo developer job, so that the pipeline the seed fills from its
 * ranking (server/demo/pipeline.ts) and the candidates Mainsoft is sent are people a client would
 * be shown (among the 300 generated candidates only two are developers). The one whose only gap is
 * the job's full time comes last of the seven: the one Mainsoft turned down for it.
 */
export const DEMO_CANDIDATES: readonly {
  id: string;
  type: 'stella' | 'nova';
  values: Record<string, unknown>;
}[] = [
  {
    id: demoCandidateId(0),
    type: 'stella',
    values: developer({
      first_name: 'Mira',
      last_name: 'Schulte',
      birth_date: '1993-08-11',
      city: DARMSTADT,
      travel_radius_km: 40,
      skills: ['typescript', 'react', 'nodejs', 'docker', 'git'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'C1' },
      ],
      education_level: 'master',
      experience_years: 6,
      employment_types: ['full_time'],
      desired_salary: 66_000,
      about: 'Frontend-lastige Full-Stack-Entwicklerin, React und Node.js seit sechs Jahren.',
    }),
  },
  {
    id: demoCandidateId(1),
    type: 'nova',
    values: developer({
      first_name: 'Jonas',
      last_name: 'Albrecht',
      birth_date: '1996-02-03',
      city: OFFENBACH,
      travel_radius_km: 30,
      skills: ['typescript', 'nodejs', 'sql', 'postgresql', 'aws'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'B2' },
      ],
      experience_years: 4,
      employment_types: ['full_time'],
      remote: 'remote',
      desired_salary: 58_000,
      about: 'Backend mit Node.js und PostgreSQL; sucht ein Team mit Produktverantwortung.',
    }),
  },
  {
    id: demoCandidateId(2),
    type: 'stella',
    values: developer({
      first_name: 'Deniz',
      last_name: 'Arslan',
      birth_date: '1988-11-29',
      city: MAINZ,
      travel_radius_km: 50,
      skills: ['javascript', 'react', 'sql', 'java', 'spring'],
      languages: [
        { language: 'de', level: 'C1' },
        { language: 'tr', level: 'native' },
        { language: 'en', level: 'C1' },
      ],
      experience_years: 10,
      employment_types: ['full_time', 'freelance'],
      desired_salary: 72_000,
      about: 'Zehn Jahre Java und React im Bankenumfeld, lernt gerade TypeScript.',
    }),
  },
  {
    id: demoCandidateId(3),
    type: 'stella',
    values: developer({
      first_name: 'Lea',
      last_name: 'Vogt',
      birth_date: '1999-05-20',
      city: BAD_HOMBURG,
      travel_radius_km: 35,
      skills: ['typescript', 'react', 'sql'],
      languages: [
        { language: 'de', level: 'native' },
        { language: 'en', level: 'B2' },
      ],
      experience_years: 3,
      employment_types: ['full_time'],
      available_from: '2026-02-15',
      desired_salary: 52_000,
    }),
  },
  {
    id: demoCandidateId(4),
    type: 'nova',
    values: developer({
      first_name: 'Tomasz',
      last_name: 'Kowalski',
      birth_date: '1990-09-14',
      city: FRANKFURT,
      travel_radius_km: 25,
      skills: ['nodejs', 'react', 'mongodb', 'docker'],
      languages: [
        { language: 'pl', level: 'native' },
        { language: 'de', level: 'B2' },
        { language: 'en', level: 'C1' },
      ],
      experience_years: 7,
      employment_types: ['full_time'],
      desired_salary: 64_000,
    }),
  },
  {
    id: demoCandidateId(5),
    type: 'stella',
    values: developer({
      first_name: 'Clara',
      last_name: 'Wendt',
      birth_date: '1994-01-08',
      city: WIESBADEN,
      travel_radius_km: 40,
      skills: ['typescript', 'react', 'vue'],
      languages: [{ language: 'de', level: 'native' }],
      experience_years: 5,
      employment_types: ['part_time'],
      remote: 'remote',
      about: 'Sucht eine Stelle in Teilzeit, 25–30 Stunden.',
    }),
  },
];

/** Ids of the hand-written candidates: fixed, like the generated ones. */
export function demoCandidateId(i: number): string {
  return `5eed0000-0000-4000-a000-${String(i).padStart(12, '0')}`;
}

export const DEMO_COMPANY_EMAIL = 'company@matchwerk.example';
export const DEMO_COMPANY = {
  name: 'Rheinwerk Logistik GmbH',
  legal_form: 'gmbh',
  industry: 'logistics',
  size: 'medium',
  city: BERLIN,
  website: 'https://rheinwerk-logistik.example',
  description: 'Kontraktlogistik und Lagerdienstleistungen an fünf Standorten in Deutschland.',
};

/** Companies that are clients of the demo agent's jobs (company accounts too, with the demo password). */
export const DEMO_CLIENTS: Record<string, Record<string, unknown>> = {
  'mainsoft@matchwerk.example': {
    name: 'Mainsoft AG',
    legal_form: 'ag',
    industry: 'it_software',
    size: 'large',
    city: FRANKFURT,
    website: 'https://mainsoft.example',
    description: 'Software für Banken und Versicherungen.',
  },
  'klinikum@matchwerk.example': {
    name: 'Klinikum Isartal',
    legal_form: 'gmbh',
    industry: 'healthcare',
    size: 'large',
    city: MUNICH,
    website: 'https://klinikum-isartal.example',
    description: 'Krankenhaus der Grund- und Regelversorgung im Süden Münchens.',
  },
};

export const GENERATED_PROFILES = 300;
const GENERATED_SEED = 2026;
const THIN_SEED = 20;

/** Ids of the generated profiles: fixed, so a second seed finds them and a reader recognises them. */
export function generatedProfileId(i: number): string {
  return `5eed0000-0000-4000-8000-${String(i).padStart(12, '0')}`;
}

/** A demo account's timeline starts with its registration, like any other account's. */
async function recordRegistration(db: Database, target: TimelineTarget, userId: string) {
  const [user] = await queryRows<{ created_at: string | Date }>(
    db,
    sql`select created_at from users where id = ${userId}`,
  );
  await recordEvent(db, target, 'registered', {}, user ? new Date(user.created_at) : undefined);
}

/**
 * Thin profiles, as an agent enters someone after a first call: a name and a city, some an
 * occupation, a few skills too (completeness 15–55 %), so that the agents' completeness column
 * separates them from the generated, fuller ones.
 */
export const THIN_PROFILES = 24;

export function thinProfileId(i: number): string {
  return `5eed0000-0000-4000-9000-${String(i).padStart(12, '0')}`;
}

/** The i-th thin profile: the generated profile's name and city, every third with its occupation, every sixth its skills. */
function thinValues(profile: { values: Record<string, unknown> }, i: number): Record<string, unknown> {
  const { first_name, last_name, city, occupation, skills } = profile.values;
  return {
    first_name,
    last_name,
    city,
    ...(i % 3 === 0 && occupation ? { occupation } : {}),
    ...(i % 6 === 0 && skills ? { skills } : {}),
  };
}

/**
 * Profiles of the demo accounts, the demo company, 300 generated candidates without accounts
 * (seeded, so every start yields the same ones) spread over German cities, 24 thin ones and six
 * hand-written developers.
 * Idempotent: rows that exist are left as they are.
 */
export async function seedDemoProfiles(db: Database, userIds: Map<string, { id: string; type: string }>) {
  for (const [email, values] of Object.entries(DEMO_PROFILES)) {
    const user = userIds.get(email);
    if (!user) continue;
    const [made] = await queryRows<{ id: string }>(
      db,
      sql`insert into profiles (id, user_id, type, "values") values (${crypto.randomUUID()}, ${user.id},
            ${user.type}, ${JSON.stringify(values)}::jsonb)
          on conflict (user_id) do nothing returning id`,
    );
    if (made) await recordRegistration(db, { kind: 'profile', id: made.id }, user.id);
  }
  for (const [email, values] of [
    [DEMO_COMPANY_EMAIL, DEMO_COMPANY],
    ...Object.entries(DEMO_CLIENTS),
  ] as const) {
    const company = userIds.get(email);
    if (!company) continue;
    const [made] = await queryRows<{ id: string }>(
      db,
      sql`insert into companies (id, user_id, "values") values (${crypto.randomUUID()}, ${company.id},
            ${JSON.stringify(values)}::jsonb)
          on conflict (user_id) do nothing returning id`,
    );
    if (made) await recordRegistration(db, { kind: 'company', id: made.id }, company.id);
  }
  await seedThinProfiles(db);
  await db.execute(
    sql`insert into profiles (id, type, "values") values ${sql.join(
      DEMO_CANDIDATES.map((c) => sql`(${c.id}, ${c.type}, ${JSON.stringify(c.values)}::jsonb)`),
      sql`, `,
    )} on conflict (id) do nothing`,
  );
  const last = generatedProfileId(GENERATED_PROFILES - 1);
  const done = await db.execute(sql`select 1 from profiles where id = ${last}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return;

  const next = syntheticProfiles(loadCatalogFile(), {
    seed: GENERATED_SEED,
    today: '2026-01-01',
    cities: citiesOf('DE', 20_000),
  });
  const rows = Array.from({ length: GENERATED_PROFILES }, (_, i) => {
    const profile = next();
    return sql`(${generatedProfileId(i)}, ${profile.type}, ${profile.status}, ${JSON.stringify(profile.values)}::jsonb)`;
  });
  await db.execute(
    sql`insert into profiles (id, type, status, "values") values ${sql.join(rows, sql`, `)}
        on conflict (id) do nothing`,
  );
}

async function seedThinProfiles(db: Database): Promise<void> {
  const next = syntheticProfiles(loadCatalogFile(), {
    seed: THIN_SEED,
    today: '2026-01-01',
    cities: citiesOf('DE', 20_000),
  });
  const rows = Array.from({ length: THIN_PROFILES }, (_, i) => {
    const profile = next();
    return sql`(${thinProfileId(i)}, ${i % 4 === 0 ? 'stella' : 'luna'}, ${JSON.stringify(thinValues(profile, i))}::jsonb)`;
  });
  await db.execute(
    sql`insert into profiles (id, type, "values") values ${sql.join(rows, sql`, `)} on conflict (id) do nothing`,
  );
}
