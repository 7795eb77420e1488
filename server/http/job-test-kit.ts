import { eq, sql } from 'drizzle-orm';
import type { ErrorBody } from '../../contract/errors';
import type { Job, Run } from '../../contract/job';
import { createApp } from '../app';
import { hashPassword } from '../auth/password';
import { createAuthServices } from '../auth/setup';
import { signAccessToken } from '../auth/tokens';
import { loadCatalogFile, seedDefaultCatalog } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { loadConfig } from '../config';
import { users } from '../db/schema/users';
import { createTestDb, type TestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { RunWorker, type WorkerOptions } from '../jobs/run-worker';
import { JobServices } from '../jobs/services';
import { createLogger } from '../log';
import type { IndexedProfile } from '../matching/profile-index';
import { syntheticProfiles } from '../matching/synthetic';
import { insertUserIfAbsent } from '../users/users';
import { bearerRequests } from './test-app';

/** The accounts of the job tests: one per role of PRODUCT.md §5. */
export const ROLES = {
  agent: 'agent@jobs.test',
  company: 'company@jobs.test',
  otherCompany: 'other-company@jobs.test',
  candidate: 'stella@jobs.test',
} as const;

/** A response's JSON body, as the test expects it. */
export const json = async <T>(res: Response) => (await res.json()) as T;
/** An error response's code. */
export const codeOf = async (res: Response) => (await json<ErrorBody>(res)).code;

/**
 * A company's request: description, headcount, place, employment type — no target groups, weights
 * or must flags (those are the agent's, PRODUCT.md §10).
 */
export const companyRequestBody = (title = 'Lagerhelfer (m/w/d)') => ({
  values: { title, description: 'Kommissionieren im Zweischichtbetrieb.', headcount: 2 },
  criteria: [
    { key: 'location', value: { id: 2950159, radius_km: 30 } },
    { key: 'employment_types', value: ['full_time'] },
  ],
});

/** The company record of a fixture's company account (`ROLES.company`, `ROLES.otherCompany`), by `name`. */
export async function companyRecord(f: JobFixture, email: string, name: string): Promise<string> {
  const [user] = await f.db.db.select().from(users).where(eq(users.email, email));
  const id = crypto.randomUUID();
  await f.db.db.execute(
    sql`insert into companies (id, user_id, "values") values (${id}, ${user!.id}, ${JSON.stringify({ name })}::jsonb)`,
  );
  return id;
}

/** A valid agent job: three weighted criteria and a must-have. */
export function agentJobBody(title = 'Backend developer') {
  return {
    values: { title, target_types: ['stella', 'nova'] },
    criteria: [
      { key: 'skills', value: ['typescript', 'sql', 'docker'], weight: 5, must: false },
      { key: 'location', value: { id: 2925533, radius_km: 80 }, weight: 3, must: false },
      { key: 'experience_years', value: 2, weight: 2, must: false },
      { key: 'languages', value: [{ language: 'de', level: 'B2' }], weight: 2, must: true },
    ],
  };
}

/** The synthetic candidates of the job tests, seeded: the same on every run. */
export function testProfiles(count: number, seed = 11): IndexedProfile[] {
  const next = syntheticProfiles(loadCatalogFile(), {
    seed,
    today: '2026-01-01',
    cities: citiesOf('DE', 20_000),
  });
  return Array.from({ length: count }, () => next());
}

/**
 * A migrated database with the catalogue, the role accounts, `profiles` synthetic candidates (no
 * accounts), the real app on it and job services a test drives workers over.
 */
export async function createJobFixture(
  options: { profiles?: number; resultLimit?: number; clock?: () => number } = {},
) {
  const db: TestDb = await createTestDb();
  await seedDefaultCatalog(db.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://matchwerk.test',
  });
  const auth = await createAuthServices(db.db, config);
  const services = new JobServices(db.db, options.resultLimit ?? 2000, options.clock);
  const app = createApp({ config, db, logger: createLogger(config), auth, staticDir: null, jobs: services });
  const passwordHash = await hashPassword('Job-Test-Password-2026');

  const profiles = testProfiles(options.profiles ?? 200);
  const insertProfiles = async (list: IndexedProfile[]) => {
    for (let i = 0; i < list.length; i += 500) {
      const rows = list
        .slice(i, i + 500)
        .map((p) => sql`(${p.uuid}, ${p.type}, ${p.status}, ${JSON.stringify(p.values)}::jsonb)`);
      await db.db.execute(
        sql`insert into profiles (id, type, status, "values") values ${sql.join(rows, sql`, `)}`,
      );
    }
  };

  const tokens: Record<keyof typeof ROLES, string> = {
    agent: '',
    company: '',
    otherCompany: '',
    candidate: '',
  };
  const seedAccounts = async () => {
    const types = { agent: 'agent', company: 'company', otherCompany: 'company', candidate: 'stella' };
    for (const [role, email] of Object.entries(ROLES) as [keyof typeof ROLES, string][]) {
      await insertUserIfAbsent(db.db, {
        email,
        passwordHash,
        userType: types[role],
        language: role === 'agent' ? 'de' : 'en',
        registrationStep: 0,
      });
      const [user] = await db.db.select().from(users).where(eq(users.email, email));
      tokens[role] = await signAccessToken(auth.tokens, user!, 'ok');
    }
  };
  await seedAccounts();
  await insertProfiles(profiles);

  const call = bearerRequests(app);

  const fixture = {
    db,
    app,
    auth,
    services,
    profiles,
    tokens,
    call,
    insertProfiles,
    /** A worker of this "process" (tests make several to play several processes). */
    worker: (workerOptions: WorkerOptions = {}) => new RunWorker(services, { pollMs: 20, ...workerOptions }),
    async createJob(body: unknown = agentJobBody(), token = tokens.agent): Promise<Job> {
      const res = await call('PUT', '/api/job', token, body);
      if (res.status !== 201) throw new Error(`job not created: ${res.status} ${await res.text()}`);
      return (await res.json()) as Job;
    },
    async requestRun(jobId: string): Promise<Run> {
      const res = await call('POST', `/api/job/${jobId}/run`, tokens.agent);
      if (res.status !== 202) throw new Error(`run not queued: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { run: Run }).run;
    },
    /** Queues a run and lets one worker carry it out. */
    async runToDone(jobId: string): Promise<Run> {
      const run = await fixture.requestRun(jobId);
      // Runs queued before (by other tests) are claimed first: work until the queue is empty.
      const worker = fixture.worker();
      while (await worker.runOnce()) {}
      const res = await call('GET', `/api/job/${jobId}/run`, tokens.agent);
      const latest = ((await res.json()) as { run: Run }).run;
      if (latest.uuid !== run.uuid || latest.state !== 'done') throw new Error(`run ended ${latest.state}`);
      return latest;
    },
    close: () => db.close(),
  };
  return fixture;
}

export type JobFixture = Awaited<ReturnType<typeof createJobFixture>>;

/** The job fixture of a test file: made before its first test and closed after its last. */
export function setUpJobFixture(options: Parameters<typeof createJobFixture>[0] = {}): JobFixture {
  return setUpFixture(() => createJobFixture(options));
}

/** The cells of one CSV line as a spreadsheet splitting on `separator` reads them (RFC 4180 quotes). */
export function csvCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
