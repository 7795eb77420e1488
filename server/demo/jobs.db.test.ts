import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseJobInput } from '../../contract/job';
import { readCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { queryRows } from '../db/client';
import { demoDbPerFile } from './demo-test-kit';
import { DEMO_JOBS } from './jobs';
import { seedDemo } from './seed';

const t = demoDbPerFile();

interface JobRow {
  id: string;
  email: string;
  origin: string;
  status: string;
  runs: number | string;
  done: number | string;
  results: number | string;
}

const jobRows = () =>
  queryRows<JobRow>(
    t.db,
    sql`select j.id, u.email, j.origin, j.status,
          (select count(*) from job_runs r where r.job_id = j.id) as runs,
          (select count(*) from job_runs r where r.job_id = j.id and r.state = 'done') as done,
          (select count(*) from job_results x where x.job_id = j.id) as results
        from jobs j join users u on u.id = j.created_by order by j.id`,
  );

describe('the demo jobs', () => {
  it('are three of the demo agent’s (one archived) with a done run each, and one request of the demo company', async () => {
    const rows = await jobRows();
    const agent = rows.filter((r) => r.email === 'agent@matchwerk.example');
    expect(agent).toHaveLength(3);
    expect(agent.map((r) => r.status).sort()).toEqual(['active', 'active', 'archived']);
    for (const row of agent) {
      expect(row.origin).toBe('agent');
      expect(Number(row.done)).toBe(1);
      expect(Number(row.results)).toBeGreaterThan(0);
    }
    const company = rows.filter((r) => r.email === 'company@matchwerk.example');
    expect(company).toHaveLength(1);
    expect(company[0]).toMatchObject({ origin: 'company', status: 'active' });
    expect(Number(company[0]!.runs)).toBe(0);
  });

  it('hold values and criteria the job form accepts', async () => {
    const catalog = await readCatalog(t.db);
    for (const job of DEMO_JOBS) {
      // Stored areas carry the list's city; the form sends its id.
      const criteria = job.criteria.map((c) =>
        c.key === 'location'
          ? {
              ...c,
              value: {
                id: (c.value as { id: number }).id,
                radius_km: (c.value as { radius_km: number }).radius_km,
              },
            }
          : c,
      );
      const parsed = parseJobInput(
        catalog.job,
        { values: job.values, criteria },
        { userType: 'agent', cities: cityById },
      );
      expect(parsed, job.values.title as string).toEqual({
        success: true,
        output: { values: job.values, criteria: job.criteria },
      });
    }
  });

  it('are seeded once: a second seed adds no jobs and no runs', async () => {
    const before = await jobRows();
    await seedDemo(t.db);
    expect(await jobRows()).toEqual(before);
  });
});
