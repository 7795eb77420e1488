import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PIPELINE_OPEN_STAGES } from '../../contract/pipeline';
import { queryRows } from '../db/client';
import { IdRow, text, textOrNull, uuid } from '../db/rows';
import { deletionsDue, runRetention } from '../maintenance/retention';
import { demoDbPerFile } from './demo-test-kit';

// Retention (PRODUCT.md §8) over the demo data: its clock is the later of registration, login,
// "keep" and the agents' last action on the candidate. The seed puts candidates into job pipelines
// as an agent does, so that work counts: a candidate an agent is working on is not mailed a deletion
// notice just because her registration is old.

const MONTHS = 24;
const t = demoDbPerFile();

describe('retention over the demo data', () => {
  it('counts the seeded pipeline work as agent activity: a candidate in an open pipeline is not due when her registration is 24 months old', async () => {
    const now = new Date();
    // Premise: Stella Neumann is in the developer job's pipeline, in an open stage.
    const [stella] = await queryRows(
      t.db,
      sql`select p.id as profile_id, pe.stage from users u join profiles p on p.user_id = u.id
          join pipeline_entries pe on pe.profile_id = p.id where u.email = 'stella@matchwerk.example'`,
      v.object({ profile_id: uuid, stage: text }),
    );
    expect(PIPELINE_OPEN_STAGES).toContain(stella?.stage);
    // Every demo account registered (and last logged in) the retention period before the seed's
    // pipeline work: only that work, done at the seed's date, can keep anyone.
    await t.db.execute(
      sql`update users set created_at = created_at - make_interval(months => ${MONTHS + 1}), last_login_at = null
          where user_type in ('luna', 'stella', 'nova', 'company')`,
    );
    await t.db.execute(
      sql`update profiles set created_at = created_at - make_interval(months => ${MONTHS + 1})`,
    );
    const report = await runRetention(t.db, {
      months: MONTHS,
      now,
      dryRun: true,
      publicOrigin: 'http://matchwerk.test',
    });
    const due = await deletionsDue(t.db, MONTHS, now, 10_000);
    const ids = (items: { id: string }[]) => new Set(items.map((i) => i.id));
    const [noticed, deleted, listed] = [ids(report.notices), ids(report.deletions), ids(due.items)];

    // The clock runs: a candidate without agent work gets the notice and is listed as due.
    const [nova] = await queryRows(
      t.db,
      sql`select id from users where email = 'nova@matchwerk.example'`,
      IdRow,
    );
    expect(noticed.has(nova!.id)).toBe(true);
    expect(listed.has(nova!.id)).toBe(true);

    // Nobody with an open pipeline entry is noticed, deleted or listed — accounts by their user id,
    // profiles agents keep without an account by their profile id.
    const inPipeline = await queryRows(
      t.db,
      sql`select coalesce(u.id, p.id) as id, u.email from pipeline_entries pe
          join profiles p on p.id = pe.profile_id left join users u on u.id = p.user_id
          where pe.stage in ${sql.raw(`(${PIPELINE_OPEN_STAGES.map((s) => `'${s}'`).join(', ')})`)}`,
      v.object({ id: uuid, email: textOrNull }),
    );
    expect(inPipeline.map((r) => r.email)).toContain('stella@matchwerk.example');
    expect(inPipeline.length).toBeGreaterThan(5);
    const kept = inPipeline.filter((r) => noticed.has(r.id) || deleted.has(r.id) || listed.has(r.id));
    expect(kept).toEqual([]);
    // Agent-kept profiles outside any pipeline are due: the rule was applied, not skipped.
    expect(deleted.size).toBeGreaterThan(100);
  });
});
