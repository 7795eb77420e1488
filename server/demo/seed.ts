import { inArray } from 'drizzle-orm';
import { REQUIRED_ACCEPTANCES } from '../../contract/account';
import { isAgentType } from '../../contract/user-types';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { legalAcceptances } from '../db/schema/registration';
import { users } from '../db/schema/users';
import { currentLegalVersions } from '../legal/texts';
import { insertUserIfAbsent } from '../users/users';
import { seedDemoAgents } from './agents';
import { seedDemoAttention } from './attention';
import { runDemoJobs, seedDemoContacts, seedDemoJobs } from './jobs';
import { seedDemoPipeline } from './pipeline';
import { seedDemoProfiles } from './profiles';

export const DEMO_PASSWORD = 'Matchwerk-Demo-2026';

export interface DemoAccount {
  email: string;
  userType: string;
  registrationStep: number;
  note: string;
  phoneNumber?: string;
}

/** The demo logins README lists; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'agent@matchwerk.example', userType: 'agent', registrationStep: 0, note: 'agent' },
  { email: 'senior@matchwerk.example', userType: 'senior_agent', registrationStep: 0, note: 'senior agent' },
  { email: 'company@matchwerk.example', userType: 'company', registrationStep: 0, note: 'company' },
  {
    email: 'mainsoft@matchwerk.example',
    userType: 'company',
    registrationStep: 0,
    note: 'company, client of a demo job',
  },
  {
    email: 'klinikum@matchwerk.example',
    userType: 'company',
    registrationStep: 0,
    note: 'company, client of a demo job',
  },
  { email: 'stella@matchwerk.example', userType: 'stella', registrationStep: 0, note: 'vetted candidate' },
  { email: 'luna@matchwerk.example', userType: 'luna', registrationStep: 0, note: 'prospect' },
  { email: 'nova@matchwerk.example', userType: 'nova', registrationStep: 0, note: 'newcomer' },
  {
    email: 'mfa@matchwerk.example',
    userType: 'stella',
    registrationStep: 0,
    note: 'stella with SMS two-factor login',
    phoneNumber: '+4915123456789',
  },
  {
    email: 'pending@matchwerk.example',
    userType: 'stella',
    registrationStep: 2,
    note: 'registration at step 3',
  },
];

/**
 * Creates the demo accounts that do not exist yet, their profiles, the demo company's profile, 300
 * generated candidates (some assigned to the demo agents, server/demo/agents.ts) and the demo jobs (server/demo/jobs.ts, run once); answers how many accounts it
 * created. Idempotent.
 */
export async function seedDemo(db: Database): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const inserted = await insertUserIfAbsent(tx, {
        email: account.email,
        passwordHash,
        userType: account.userType,
        language: 'de',
        registrationStep: account.registrationStep,
        mfaStatus: account.phoneNumber ? 'enabled' : 'disabled',
        phoneNumber: account.phoneNumber ?? null,
      });
      if (inserted) created++;
    }
    const rows = await tx
      .select({ id: users.id, email: users.email, type: users.userType })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    // They registered as anyone does: the texts that need it accepted, in the versions in force.
    const versions = currentLegalVersions();
    await tx
      .insert(legalAcceptances)
      .values(
        rows
          .filter((r) => !isAgentType(r.type))
          .flatMap((r) =>
            REQUIRED_ACCEPTANCES.map((text) => ({
              userId: r.id,
              text,
              version: versions[text],
              acceptedAt: new Date(),
            })),
          ),
      )
      .onConflictDoNothing();
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    await seedDemoProfiles(tx, byEmail);
    await seedDemoAgents(tx, byEmail);
    await seedDemoContacts(tx, byEmail);
    await seedDemoJobs(tx, byEmail);
  });
  await runDemoJobs(db);
  // The pipeline comes from the run's ranking, so after it.
  await seedDemoPipeline(db);
  await seedDemoAttention(db);
  return created;
}
