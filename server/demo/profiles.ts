import { eq, sql } from 'drizzle-orm';
import { recordEvent } from '../agents/audit';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { type Database, queryRows } from '../db/client';
import { IdRow } from '../db/rows';
import { profiles } from '../db/schema/profiles';
import { users } from '../db/schema/users';
import { syntheticProfiles } from '../matching/synthetic';
import type { TimelineTarget } from '../timeline/timeline';
import { DEMO_CANDIDATES } from './developers';
import { BERLIN, COLOGNE, FRANKFURT, HAMBURG, MUNICH } from './places';

/**
 * The Bundesnetzagentur's numbers for film and television (Berlin, Frankfurt, Hamburg, Munich): they
 * are valid and ring nobody, so the demo's candidates have numbers no one gets a call on.
 */
const FICTION_NUMBERS = ['+493023125', '+496990009', '+494066969', '+498999998'];
const CONTACT_TIMES = ['morning', 'midday', 'afternoon', 'evening', 'any'];

/** The n-th demo candidate's phone and time to call (PRODUCT.md §11); distinct for n < 4 000. */
export function demoContact(n: number): { phone: string; contact_time: string } {
  return {
    phone: `${FICTION_NUMBERS[n % 4]}${String(Math.floor(n / 4) % 1000).padStart(3, '0')}`,
    contact_time: CONTACT_TIMES[n % 5]!,
  };
}

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
    ...demoContact(501),
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
    ...demoContact(502),
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
    ...demoContact(503),
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
    ...demoContact(504),
  },
  'pending@matchwerk.example': { first_name: 'Paula', last_name: 'Pending' },
};

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
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  await recordEvent(db, target, 'registered', {}, user?.createdAt);
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

/** The i-th thin profile: the generated profile's name, city and a phone, every third with its occupation, every sixth its skills. */
function thinValues(profile: { values: Record<string, unknown> }, i: number): Record<string, unknown> {
  const { first_name, last_name, city, occupation, skills } = profile.values;
  return {
    first_name,
    last_name,
    city,
    // The number the agent called: the first thing taken down.
    phone: demoContact(300 + i).phone,
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
    const [made] = await queryRows(
      db,
      sql`insert into profiles (id, user_id, type, "values") values (${crypto.randomUUID()}, ${user.id},
            ${user.type}, ${JSON.stringify(values)}::jsonb)
          on conflict (user_id) do nothing returning id`,
      IdRow,
    );
    if (made) await recordRegistration(db, { kind: 'profile', id: made.id }, user.id);
  }
  for (const [email, values] of [
    [DEMO_COMPANY_EMAIL, DEMO_COMPANY],
    ...Object.entries(DEMO_CLIENTS),
  ] as const) {
    const company = userIds.get(email);
    if (!company) continue;
    const [made] = await queryRows(
      db,
      sql`insert into companies (id, user_id, "values") values (${crypto.randomUUID()}, ${company.id},
            ${JSON.stringify(values)}::jsonb)
          on conflict (user_id) do nothing returning id`,
      IdRow,
    );
    if (made) await recordRegistration(db, { kind: 'company', id: made.id }, company.id);
  }
  await seedThinProfiles(db);
  await db.execute(
    sql`insert into profiles (id, type, "values") values ${sql.join(
      DEMO_CANDIDATES.map(
        (c, k) =>
          sql`(${c.id}, ${c.type}, ${JSON.stringify({ ...c.values, ...demoContact(400 + k) })}::jsonb)`,
      ),
      sql`, `,
    )} on conflict (id) do nothing`,
  );
  const last = generatedProfileId(GENERATED_PROFILES - 1);
  const [done] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, last));
  if (done) return;

  const next = syntheticProfiles(loadCatalogFile(), {
    seed: GENERATED_SEED,
    today: '2026-01-01',
    cities: citiesOf('DE', 20_000),
  });
  const rows = Array.from({ length: GENERATED_PROFILES }, (_, i) => {
    const profile = next();
    const values = { ...profile.values, ...demoContact(i) };
    return sql`(${generatedProfileId(i)}, ${profile.type}, ${profile.status}, ${JSON.stringify(values)}::jsonb)`;
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
