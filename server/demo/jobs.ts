import { sql } from 'drizzle-orm';
import { ACTIVE_RUN_STATES, type JobCriterion, type JobStatus } from '../../contract/job';
import { seedDefaultCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { type Database, queryRows } from '../db/client';
import { sqlWordList } from '../db/sql-words';
import { ACTIVE_STATES_SQL } from '../jobs/run-states';
import { RunWorker } from '../jobs/run-worker';
import { JobServices } from '../jobs/services';
import { DEMO_COMPANY_EMAIL } from './profiles';

/**
 * The demo's matching jobs: three of the demo agent's (one archived), each with a done run, and one
 * request the demo company filed, so the job screens show something on the first start.
 */

export const DEMO_AGENT_EMAIL = 'agent@matchwerk.example';

/** A job's area as the server stores it: the list's city and a radius. */
function area(cityId: number, radiusKm: number) {
  const city = cityById(cityId);
  if (!city) throw new Error(`city ${cityId} is not in the bundled list`);
  return { ...city, radius_km: radiusKm };
}
const FRANKFURT = 2925533;
const MUNICH = 2867714;
const HAMBURG = 2911298;
const BERLIN = 2950159;

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
  values: Record<string, unknown>;
  criteria: JobCriterion[];
}

export const DEMO_JOBS: readonly DemoJob[] = [
  {
    id: '5eed10b0-0000-4000-8000-000000000001',
    by: DEMO_AGENT_EMAIL,
    status: 'active',
    run: true,
    values: {
      title: 'Full-Stack-Entwickler/in TypeScript',
      company: 'Mainsoft AG',
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
    values: { title: 'Pflegefachkraft (m/w/d)', company: 'Klinikum Isartal', target_types: ['stella'] },
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
    values: { title: 'Lagerlogistik Hamburg', company: 'Hafenlager Nord', target_types: ['stella', 'luna'] },
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
    values: {
      title: 'Staplerfahrer/in Berlin',
      company: 'Rheinwerk Logistik GmbH',
      target_types: ['stella'],
    },
    // A company's request: neutral weights and no must-haves until an agent sets them.
    criteria: [
      c('skills', ['forklift_licence'], 1),
      c('location', area(BERLIN, 50), 1),
      c('employment_types', ['full_time'], 1),
    ],
  },
];

/** Inserts the demo jobs that do not exist yet (inside the seed's transaction). */
export async function seedDemoJobs(db: Database, userIds: Map<string, { id: string }>): Promise<void> {
  for (const job of DEMO_JOBS) {
    const user = userIds.get(job.by);
    if (!user) continue;
    const company = job.by === DEMO_COMPANY_EMAIL;
    await db.execute(
      sql`insert into jobs (id, origin, company_user_id, created_by, status, "values", criteria)
          values (${job.id}, ${company ? 'company' : 'agent'}, ${company ? user.id : null}, ${user.id},
                  ${job.status}, ${JSON.stringify(job.values)}::jsonb, ${JSON.stringify(job.criteria)}::jsonb)
          on conflict (id) do nothing`,
    );
  }
}

/**
 * Gives every demo job meant to have one a done run, scored by the engine like any run (after the
 * seed's transaction: the worker reads the committed profiles). Jobs that have one are left alone.
 */
export async function runDemoJobs(db: Database): Promise<number> {
  const wanted = DEMO_JOBS.filter((j) => j.run).map((j) => j.id);
  const missing = await queryRows<{ id: string; version: number }>(
    db,
    sql`select j.id, j.version from jobs j
        where j.id in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )})
          and not exists (select 1 from job_runs r where r.job_id = j.id and r.state in ${sqlWordList(['done', ...ACTIVE_RUN_STATES])})`,
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
