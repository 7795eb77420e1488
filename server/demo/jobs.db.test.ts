import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseJobInput } from '../../contract/job';
import { readCatalog } from '../catalog/catalog';
import { cityById } from '../catalog/cities';
import { queryRows } from '../db/client';
import { bool, int, text, textOrNull, uuid } from '../db/rows';
import { demoDbPerFile } from './demo-test-kit';
import { DEMO_JOBS } from './jobs';
import { DEMO_COMPANY_EMAIL } from './profiles';
import { seedDemo } from './seed';

const t = demoDbPerFile();

const JobRow = v.object({
  id: uuid,
  email: text,
  origin: text,
  status: text,
  runs: int,
  done: int,
  results: int,
});

const jobRows = () =>
  queryRows(
    t.db,
    sql`select j.id, u.email, j.origin, j.status,
          (select count(*) from job_runs r where r.job_id = j.id) as runs,
          (select count(*) from job_runs r where r.job_id = j.id and r.state = 'done') as done,
          (select count(*) from job_results x where x.job_id = j.id) as results
        from jobs j join users u on u.id = j.created_by order by j.id`,
    JobRow,
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
      // The company's request is checked as the company's form sends it: no weights, no must flags.
      const asCompany = job.by === DEMO_COMPANY_EMAIL;
      const parsed = parseJobInput(
        catalog.job,
        {
          values: job.values,
          criteria: asCompany ? criteria.map(({ key, value }) => ({ key, value })) : criteria,
        },
        { userType: asCompany ? 'company' : 'agent', cities: cityById, asCompany },
      );
      expect(parsed, job.values.title as string).toEqual({
        success: true,
        output: { values: job.values, criteria: job.criteria },
      });
    }
  });

  it('name their clients: two client companies, the free text nobody matched, the requesting company', async () => {
    const rows = await queryRows(
      t.db,
      sql`select j.id, c."values" ->> 'name' as client, j.client_text, a.email as agent
          from jobs j left join companies c on c.id = j.client_company_id
          left join users a on a.id = j.assigned_agent_id order by j.id`,
      v.object({ id: uuid, client: textOrNull, client_text: textOrNull, agent: textOrNull }),
    );
    expect(rows.map((r) => [r.client, r.client_text, r.agent])).toEqual([
      ['Mainsoft AG', null, 'agent@matchwerk.example'],
      ['Klinikum Isartal', null, 'agent@matchwerk.example'],
      [null, 'Hafenlager Nord', 'agent@matchwerk.example'],
      // The company's request waits for an agent.
      ['Rheinwerk Logistik GmbH', null, null],
    ]);
    const contacts = await queryRows(
      t.db,
      sql`select k.name, k.is_default from company_contacts k join companies c on c.id = k.company_id
          where c."values" ->> 'name' = 'Rheinwerk Logistik GmbH' order by k.created_at`,
      v.object({ name: text, is_default: bool }),
    );
    expect(contacts).toEqual([
      { name: 'Jana Schmidt', is_default: true },
      { name: 'Tom Becker', is_default: false },
    ]);
  });

  it('give a data directory seeded before clients existed its clients on the next seed', async () => {
    await t.db.execute(
      sql`update jobs set client_company_id = null, client_text = 'Mainsoft AG' where id = ${DEMO_JOBS[0]!.id}`,
    );
    await seedDemo(t.db);
    const [row] = await queryRows(
      t.db,
      sql`select c."values" ->> 'name' as client, j.client_text from jobs j
          left join companies c on c.id = j.client_company_id where j.id = ${DEMO_JOBS[0]!.id}`,
      v.object({ client: textOrNull, client_text: textOrNull }),
    );
    expect(row).toEqual({ client: 'Mainsoft AG', client_text: null });
  });

  it('are seeded once: a second seed adds no jobs and no runs', async () => {
    const before = await jobRows();
    await seedDemo(t.db);
    expect(await jobRows()).toEqual(before);
  });
});
