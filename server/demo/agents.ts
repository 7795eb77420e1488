import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { IdRow } from '../db/rows';
import { DEMO_CANDIDATES } from './developers';
import { GENERATED_PROFILES, generatedProfileId } from './profiles';

/** The demo agents' own records (name and phone, as PUT /api/agent keeps them). */
export const DEMO_AGENTS: Record<string, { first_name: string; last_name: string; phone: string }> = {
  'agent@matchwerk.example': { first_name: 'Alex', last_name: 'Berger', phone: '+49 69 1234 5601' },
  'senior@matchwerk.example': { first_name: 'Sabine', last_name: 'Hoffmann', phone: '+49 69 1234 5602' },
};

/** Candidates the demo agent looks after: stella@ and luna@, the hand-written developers and every 4th generated one. */
export const DEMO_AGENT_EMAIL = 'agent@matchwerk.example';
export const DEMO_ASSIGNED_ACCOUNTS = ['stella@matchwerk.example', 'luna@matchwerk.example'];
export const demoAssignedProfiles = () => [
  ...DEMO_CANDIDATES.map((c) => c.id),
  ...Array.from({ length: GENERATED_PROFILES }, (_, i) => i)
    .filter((i) => i % 4 === 0)
    .map(generatedProfileId),
];

/**
 * Names the demo agents and, on the first seed only (when the agent's record is created), assigns
 * some candidates to agent@ and a few to senior@; the rest stay unassigned. A later seed leaves
 * assignments an agent changed as they are.
 */
export async function seedDemoAgents(db: Database, userIds: Map<string, { id: string; type: string }>) {
  let firstSeed = false;
  for (const [email, values] of Object.entries(DEMO_AGENTS)) {
    const user = userIds.get(email);
    if (!user) continue;
    const inserted = await queryRows(
      db,
      sql`insert into account_profiles (id, user_id, "values") values (${crypto.randomUUID()}, ${user.id},
            ${JSON.stringify(values)}::jsonb)
          on conflict (user_id) do nothing returning id`,
      IdRow,
    );
    if (email === DEMO_AGENT_EMAIL && inserted.length > 0) firstSeed = true;
  }
  const agent = userIds.get(DEMO_AGENT_EMAIL);
  const senior = userIds.get('senior@matchwerk.example');
  if (!firstSeed || !agent) return;
  const accounts = DEMO_ASSIGNED_ACCOUNTS.map((e) => userIds.get(e)?.id).filter((id): id is string => !!id);
  if (accounts.length > 0)
    await db.execute(
      sql`update profiles set assigned_agent_id = ${agent.id}
          where user_id in (${sql.join(
            accounts.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  await db.execute(
    sql`update profiles set assigned_agent_id = ${agent.id}
        where id in (${sql.join(
          demoAssignedProfiles().map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  if (senior) {
    const seniors = Array.from({ length: GENERATED_PROFILES }, (_, i) => i)
      .filter((i) => i % 10 === 1)
      .map(generatedProfileId);
    await db.execute(
      sql`update profiles set assigned_agent_id = ${senior.id}
          where id in (${sql.join(
            seniors.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
}
