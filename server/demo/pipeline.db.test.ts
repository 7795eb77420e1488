import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { demoDbPerFile } from './demo-test-kit';
import { DEMO_PIPELINE_JOB, seedDemoPipeline } from './pipeline';
import { seedDemo } from './seed';

const t = demoDbPerFile();

const entries = () =>
  queryRows<{ stage: string; follow_up: string | null; reason: string | null }>(
    t.db,
    sql`select stage, to_char(follow_up, 'YYYY-MM-DD') as follow_up, reason from pipeline_entries
        where job_id = ${DEMO_PIPELINE_JOB} order by stage`,
  );

describe('the demo pipeline', () => {
  it('fills the developer job from its ranking over several stages, with follow-ups due, once', async () => {
    const rows = await entries();
    expect([...new Set(rows.map((r) => r.stage))].sort()).toEqual(
      ['contacted', 'interview', 'offer', 'proposed', 'rejected', 'submitted'].sort(),
    );
    expect(rows).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.filter((r) => r.follow_up !== null && r.follow_up <= today)).toHaveLength(2);
    expect(rows.find((r) => r.stage === 'rejected')?.reason).toBe('Sucht eine Stelle in Teilzeit');
    await seedDemo(t.db);
    expect(await seedDemoPipeline(t.db)).toBe(0);
    expect(await entries()).toHaveLength(7);
  });
});
