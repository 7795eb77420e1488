import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildValuesSchema } from '../../contract/catalog-schema';
import { candidateCompleteness } from '../../contract/completeness';
import { readCatalog } from '../catalog/catalog';
import { queryRows } from '../db/client';
import { CountRow, int, record, text, textOrNull, texts, uuid } from '../db/rows';
import { createTestDb } from '../db/test-db';
import { fieldsFor } from '../profiles/profiles';
import { demoDbPerFile } from './demo-test-kit';
import { DEMO_CANDIDATES } from './developers';
import { GENERATED_PROFILES, generatedProfileId, THIN_PROFILES, thinProfileId } from './profiles';
import { seedDemo } from './seed';

const t = demoDbPerFile();

const Row = v.object({ id: uuid, email: textOrNull, type: text, status: text, values: record });
type Row = v.InferOutput<typeof Row>;
const profileRows = () =>
  queryRows(
    t.db,
    sql`select p.id, u.email, p.type, p.status, p."values" from profiles p left join users u on u.id = p.user_id
        order by p.id`,
    Row,
  );

describe('seedDemo', () => {
  it('gives the demo candidates full, valid profiles; pending@ only its names', async () => {
    const catalog = await readCatalog(t.db);
    const rows = await profileRows();
    const byEmail = new Map(rows.filter((r) => r.email).map((r) => [r.email, r]));
    expect([...byEmail.keys()].sort()).toEqual(
      ['luna', 'mfa', 'nova', 'pending', 'stella'].map((n) => `${n}@matchwerk.example`),
    );
    for (const [email, row] of byEmail) {
      const fields = fieldsFor(catalog, 'candidate', row.type);
      const parsed = v.safeParse(buildValuesSchema('profile', fields, { userType: row.type }), row.values);
      const complete = candidateCompleteness(row.values).completeness;
      if (email === 'pending@matchwerk.example') {
        expect(complete).toBe(0);
      } else {
        expect(parsed.success, email ?? '').toBe(true);
        expect(complete, email ?? '').toBeGreaterThanOrEqual(90);
      }
    }
  });

  it('gives every demo candidate who got past the profile step a phone of their own (PRODUCT.md §11)', async () => {
    const rows = (await profileRows()).filter(
      (r) => r.type !== 'company' && r.email !== 'pending@matchwerk.example',
    );
    const phones = rows.map((r) => r.values.phone);
    expect(phones.every((p) => typeof p === 'string' && /^\+49\d{9,12}$/.test(p))).toBe(true);
    expect(new Set(phones).size).toBe(rows.length);
  });

  it('gives the demo company a complete company profile', async () => {
    const catalog = await readCatalog(t.db);
    const [company] = await queryRows(
      t.db,
      sql`select c."values" from companies c join users u on u.id = c.user_id
          where u.email = 'company@matchwerk.example'`,
      v.object({ values: record }),
    );
    expect(v.safeParse(buildValuesSchema('company', catalog.company), company?.values).success).toBe(true);
  });

  it('adds 300 valid generated candidates without accounts, spread over German cities', async () => {
    const catalog = await readCatalog(t.db);
    const generated = (await profileRows()).filter((r) =>
      r.id.startsWith(generatedProfileId(0).slice(0, 24)),
    );
    expect(generated).toHaveLength(GENERATED_PROFILES);
    const cities = new Set<string>();
    for (const row of generated) {
      const fields = fieldsFor(catalog, 'candidate', row.type);
      expect(
        v.safeParse(buildValuesSchema('profile', fields, { userType: row.type }), row.values).success,
      ).toBe(true);
      const city = row.values.city as { name: string; country: string };
      expect(city.country).toBe('DE');
      cities.add(city.name);
    }
    expect(cities.size).toBeGreaterThan(20);
    expect(new Set(generated.map((r) => r.type))).toEqual(new Set(['luna', 'stella', 'nova']));
  });

  it('has thin and full profiles, which the stored completeness column separates', async () => {
    const rows = await queryRows(
      t.db,
      sql`select id, completeness, matchwerk_profile_missing("values") as missing from profiles
          where user_id is null order by id`,
      v.object({ id: uuid, completeness: int, missing: texts }),
    );
    const thin = rows.filter((r) => r.id.startsWith(thinProfileId(0).slice(0, 24)));
    const generated = rows.filter((r) => r.id.startsWith(generatedProfileId(0).slice(0, 24)));
    expect(thin).toHaveLength(THIN_PROFILES);
    expect(Math.max(...thin.map((r) => r.completeness))).toBeLessThanOrEqual(55);
    expect(Math.min(...thin.map((r) => r.completeness))).toBe(15);
    for (const row of thin)
      expect(row.missing).toEqual(expect.arrayContaining(['languages', 'available_from']));
    // The generated profiles leave a part out now and then; most are (nearly) full.
    const full = generated.filter((r) => r.completeness >= 80);
    expect(full.length).toBeGreaterThan(GENERATED_PROFILES / 2);
  });

  it('is idempotent and reproducible', async () => {
    const before = await profileRows();
    expect(await seedDemo(t.db)).toBe(0);
    expect(await profileRows()).toEqual(before);
    const other = await createTestDb();
    try {
      await seedDemo(other.db);
      const generated = (rows: Row[]) => rows.filter((r) => !r.email).map((r) => [r.id, r.type, r.values]);
      const again = await queryRows(
        other.db,
        sql`select id, null as email, type, status, "values" from profiles where user_id is null order by id`,
        Row,
      );
      expect(generated(again)).toEqual(generated(before));
    } finally {
      await other.close();
    }
  });
});

describe('seedDemo and the agents', () => {
  it('names the demo agent and assigns some candidates to them, leaving others unassigned', async () => {
    const [agent] = await queryRows(
      t.db,
      sql`select ap."values" ->> 'first_name' as first_name,
            (select count(*) from profiles p where p.assigned_agent_id = u.id) as assigned
          from users u join account_profiles ap on ap.user_id = u.id where u.email = 'agent@matchwerk.example'`,
      v.object({ first_name: text, assigned: int }),
    );
    expect(agent?.first_name).toBe('Alex');
    expect(Number(agent?.assigned)).toBe(2 + DEMO_CANDIDATES.length + GENERATED_PROFILES / 4);
    const [stella] = await queryRows(
      t.db,
      sql`select a.email from profiles p join users u on u.id = p.user_id
          left join users a on a.id = p.assigned_agent_id where u.email = 'stella@matchwerk.example'`,
      v.object({ email: textOrNull }),
    );
    expect(stella?.email).toBe('agent@matchwerk.example');
    const [unassigned] = await queryRows(
      t.db,
      sql`select count(*) as n from profiles where assigned_agent_id is null`,
      CountRow,
    );
    expect(Number(unassigned?.n)).toBeGreaterThan(100);
  });
});
