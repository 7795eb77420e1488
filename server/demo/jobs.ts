import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CityValue } from '../../contract/catalog';
import { type ContactSalutation, contactFullName } from '../../contract/client';
import { ACTIVE_RUN_STATES, type JobCriterion, type JobStatus } from '../../contract/job';
import { seedDefaultCatalog } from '../catalog/catalog';
import { type Database, queryRows } from '../db/client';
import { int, uuid } from '../db/rows';
import { companies } from '../db/schema/accounts';
import { sqlWordList } from '../db/sql-words';
import { ACTIVE_STATES_SQL } from '../jobs/run-states';
import { RunWorker } from '../jobs/run-worker';
import { JobServices } from '../jobs/services';
import { BERLIN, FRANKFURT, HAMBURG, MUNICH } from './places';
import { DEMO_CLIENTS, DEMO_COMPANY, DEMO_COMPANY_EMAIL } from './profiles';

/**
 * The demo's matching jobs: three of the demo agent's (one archived), each with a done run, and one
 * request the demo company filed, so the job screens show something on the first start. Two of the
 * agent's jobs are for client companies; the archived one still carries the free text a job named
 * its company by before clients were chosen (no company of that name exists: "no client").
 */

export const DEMO_AGENT_EMAIL = 'agent@matchwerk.example';

/** A job's area as the server stores it: the list's city (server/demo/places.ts) and a radius. */
function area(city: CityValue, radiusKm: number) {
  return { ...city, radius_km: radiusKm };
}

const c = (key: string, value: unknown, weight: number, must = false): JobCriterion => ({
  key,
  value,
  weight,
  must,
});

export interface DemoJob {
  /** Fixed, so a second seed finds them. */
  id: string;
  by: typeof DEMO_AGENT_EMAIL | typeof DEMO_COMPANY_EMAIL;
  status: JobStatus;
  /** Seeded with a done run. */
  run: boolean;
  /** The client company's account (its company record is the client), or the former free text. */
  client: { email: string } | { text: string } | null;
  values: Record<string, unknown>;
  criteria: JobCriterion[];
}

export const DEMO_JOBS: readonly DemoJob[] = [
  {
    id: '5eed10b0-0000-4000-8000-000000000001',
    by: DEMO_AGENT_EMAIL,
    status: 'active',
    run: true,
    client: { email: 'mainsoft@matchwerk.example' },
    values: {
      title: 'Full-Stack-Entwickler/in TypeScript',
      description: 'Weiterentwicklung einer Plattform für Versicherungsanträge, React und Node.js.',
      headcount: 2,
      target_types: ['stella', 'nova'],
    },
    criteria: [
      c('occupation', ['software_developer'], 3),
      c('skills', ['typescript', 'react', 'nodejs', 'sql'], 5),
      c('location', area(FRANKFURT, 100), 4),
      c('languages', [{ language: 'de', level: 'B2' }], 3, true),
      c('experience_years', 3, 2),
      c('employment_types', ['full_time'], 1),
    ],
  },
  {
    id: '5eed10b0-0000-4000-8000-000000000002',
    by: DEMO_AGENT_EMAIL,
    status: 'active',
    run: true,
    client: { email: 'klinikum@matchwerk.example' },
    values: { title: 'Pflegefachkraft (m/w/d)', headcount: 4, target_types: ['stella'] },
    criteria: [
      c('occupation', ['nurse'], 3, true),
      c('skills', ['basic_care', 'treatment_care'], 4),
      c('location', area(MUNICH, 80), 3),
      c('start_date', '2026-03-01', 2),
    ],
  },
  {
    id: '5eed10b0-0000-4000-8000-000000000003',
    by: DEMO_AGENT_EMAIL,
    status: 'archived',
    run: true,
    client: { text: 'Hafenlager Nord' },
    values: { title: 'Lagerlogistik Hamburg', target_types: ['stella', 'luna'] },
    criteria: [
      c('occupation', ['warehouse_worker'], 3),
      c('skills', ['forklift_licence', 'order_picking'], 4),
      c('driving_licences', ['b'], 1),
      c('location', area(HAMBURG, 60), 3),
    ],
  },
  {
    id: '5eed10b0-0000-4000-8000-000000000004',
    by: DEMO_COMPANY_EMAIL,
    status: 'active',
    run: false,
    client: { email: DEMO_COMPANY_EMAIL },
    // A company's request: what its form asks, neutral weights, no target groups, waiting for an agent.
    values: {
      title: 'Staplerfahrer/in Berlin',
      description: 'Be- und Entladen von Lkw, Einlagern mit dem Stapler, Zweischichtbetrieb.',
      headcount: 3,
    },
    criteria: [
      c('location', area(BERLIN, 50), 1),
      c('employment_types', ['full_time'], 1),
      c('start_date', '2026-04-01', 1),
    ],
  },
];

/**
 * The demo clients' contacts: a default one each, and a second one at the demo company; each saluted
 * formally in the mail (issue 42: "Dear Ms Nair", "Sehr geehrter Herr Dr. Huber").
 */
export const DEMO_CONTACTS: Record<
  string,
  {
    salutation: ContactSalutation;
    title: string;
    firstName: string;
    lastName: string;
    role: string;
    email: string;
    phone: string;
    language: 'de' | 'en';
  }[]
> = {
  [DEMO_COMPANY_EMAIL]: [
    {
      salutation: 'ms',
      title: '',
      firstName: 'Jana',
      lastName: 'Schmidt',
      role: 'Personalleitung',
      email: 'jana.schmidt@rheinwerk-logistik.example',
      phone: '+49 30 5550 1201',
      language: 'de',
    },
    {
      salutation: 'mr',
      title: '',
      firstName: 'Tom',
      lastName: 'Becker',
      role: 'Standortleitung Berlin',
      email: 'tom.becker@rheinwerk-logistik.example',
      phone: '+49 30 5550 1240',
      language: 'de',
    },
  ],
  'mainsoft@matchwerk.example': [
    {
      salutation: 'ms',
      title: '',
      firstName: 'Priya',
      lastName: 'Nair',
      role: 'Head of Engineering',
      email: 'priya.nair@mainsoft.example',
      phone: '+49 69 5550 3300',
      language: 'en',
    },
  ],
  'klinikum@matchwerk.example': [
    {
      salutation: 'mr',
      title: 'Dr.',
      firstName: 'Martin',
      lastName: 'Huber',
      role: 'Pflegedirektion',
      email: 'm.huber@klinikum-isartal.example',
      phone: '+49 89 5550 7700',
      language: 'de',
    },
  ],
};

const CompanyContactsRow = v.object({ id: uuid, n: int });
const JobVersionRow = v.object({ id: uuid, version: int });

/** Gives each demo client its contacts, once: a company that has contacts keeps them as they are. */
export async function seedDemoContacts(db: Database, userIds: Map<string, { id: string }>): Promise<void> {
  for (const [email, contacts] of Object.entries(DEMO_CONTACTS)) {
    const user = userIds.get(email);
    if (!user) continue;
    const [company] = await queryRows(
      db,
      sql`select c.id, (select count(*) from company_contacts k where k.company_id = c.id) as n
          from companies c where c.user_id = ${user.id}`,
      CompanyContactsRow,
    );
    if (!company || company.n > 0) continue;
    for (const [i, contact] of contacts.entries()) {
      await db.execute(
        sql`insert into company_contacts (id, company_id, name, salutation, title, first_name, last_name, role, email,
              phone, language, is_default, created_at)
            values (${crypto.randomUUID()}, ${company.id}, ${contactFullName(contact)}, ${contact.salutation},
                    ${contact.title}, ${contact.firstName}, ${contact.lastName}, ${contact.role}, ${contact.email},
                    ${contact.phone}, ${contact.language}, ${i === 0}, now() + ${`${i} milliseconds`}::interval)`,
      );
    }
  }
}

/** The name each demo client company goes by (the free text the jobs named before migration 0022). */
const CLIENT_NAMES: Record<string, string> = {
  [DEMO_COMPANY_EMAIL]: DEMO_COMPANY.name,
  ...Object.fromEntries(Object.entries(DEMO_CLIENTS).map(([email, v]) => [email, v.name as string])),
};

/**
 * Inserts the demo jobs that do not exist yet (inside the seed's transaction), with their clients;
 * the agent's own jobs are the agent's to work on, the company's request waits for an agent. Demo
 * jobs of a data directory seeded before clients existed (migration 0022 kept their free text, as
 * no client company existed then) get their client now.
 */
export async function seedDemoJobs(db: Database, userIds: Map<string, { id: string }>): Promise<void> {
  for (const job of DEMO_JOBS) {
    const user = userIds.get(job.by);
    if (!user) continue;
    const company = job.by === DEMO_COMPANY_EMAIL;
    const clientUser = job.client && 'email' in job.client ? userIds.get(job.client.email) : undefined;
    const [client] = clientUser
      ? await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, clientUser.id))
      : [];
    const clientText = job.client && 'text' in job.client ? job.client.text : null;
    await db.execute(
      sql`insert into jobs (id, origin, company_user_id, created_by, status, client_company_id, client_text,
                            assigned_agent_id, assigned_at, "values", criteria)
          values (${job.id}, ${company ? 'company' : 'agent'}, ${company ? user.id : null}, ${user.id},
                  ${job.status}, ${client?.id ?? null}, ${clientText}, ${company ? null : user.id},
                  ${company ? null : sql`now()`},
                  ${JSON.stringify(job.values)}::jsonb, ${JSON.stringify(job.criteria)}::jsonb)
          on conflict (id) do nothing`,
    );
    if (client && job.client && 'email' in job.client) {
      await db.execute(
        sql`update jobs set client_company_id = ${client.id}, client_text = null
            where id = ${job.id} and client_company_id is null
              and client_text = ${CLIENT_NAMES[job.client.email] ?? ''}`,
      );
    }
  }
}

/**
 * Gives every demo job meant to have one a done run, scored by the engine like any run (after the
 * seed's transaction: the worker reads the committed profiles). Jobs that have one are left alone.
 */
export async function runDemoJobs(db: Database): Promise<number> {
  const wanted = DEMO_JOBS.filter((j) => j.run).map((j) => j.id);
  const missing = await queryRows(
    db,
    sql`select j.id, j.version from jobs j
        where j.id in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )})
          and not exists (select 1 from job_runs r where r.job_id = j.id and r.state in ${sqlWordList(['done', ...ACTIVE_RUN_STATES])})`,
    JobVersionRow,
  );
  if (missing.length === 0) return 0;
  await seedDefaultCatalog(db);
  for (const job of missing) {
    await db.execute(
      sql`insert into job_runs (id, job_id, job_version, state) values (${crypto.randomUUID()}, ${job.id}, ${job.version}, 'queued')
          on conflict (job_id) where state in ${ACTIVE_STATES_SQL} do nothing`,
    );
  }
  const worker = new RunWorker(new JobServices(db), { owner: 'demo-seed' });
  while (await worker.runOnce()) {}
  return missing.length;
}
