import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import type { AccessLogEntry } from '../../contract/agent';
import type { Job, ResultsResponse } from '../../contract/job';
import { signAccessToken } from '../auth/tokens';
import { queryRows } from '../db/client';
import { text, uuid, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import { insertUserIfAbsent } from '../users/users';
import { agentJobBody, json, setUpJobFixture } from './job-test-kit';

// Every agent read of a candidate's data lands in the access log (PRODUCT.md §8): here the reads
// under a job, a result's detail and the results CSV, which the senior agent and the candidate see.

const f = setUpJobFixture({ profiles: 80 });
let job: Job;
let candidate: string;
let candidateToken: string;
let seniorToken: string;

async function tokenOf(email: string, userType: string) {
  await insertUserIfAbsent(f.db.db, {
    email,
    passwordHash: 'x',
    userType,
    language: 'en',
    registrationStep: 0,
  });
  const [user] = await f.db.db.select().from(users).where(eq(users.email, email));
  return { id: user!.id, token: await signAccessToken(f.auth.tokens, user!, 'ok') };
}

beforeAll(async () => {
  job = await f.createJob(agentJobBody('Logged job'));
  await f.runToDone(job.uuid);
  const page = await json<ResultsResponse>(
    await f.call('GET', `/api/job/showresults/${job.uuid}?limit=1`, f.tokens.agent),
  );
  candidate = page.items[0]!.uuid;
  // The first result becomes a candidate with an account, so that their own export can be asked.
  const account = await tokenOf('logged@jobs.test', 'stella');
  await f.db.db.execute(sql`update profiles set user_id = ${account.id} where id = ${candidate}`);
  candidateToken = account.token;
  seniorToken = (await tokenOf('senior@jobs.test', 'senior_agent')).token;
});
beforeEach(async () => {
  await f.db.db.execute(sql`delete from agent_access_log`);
});

const logRows = () =>
  queryRows(
    f.db.db,
    sql`select profile_id, what, job_id, agent_email from agent_access_log order by id`,
    v.object({ profile_id: uuid, what: text, job_id: uuidOrNull, agent_email: text }),
  );

describe('reads under a job are in the access log', () => {
  it('a result detail is logged with its job; the senior agent and the candidate’s export show it', async () => {
    const res = await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${candidate}`, f.tokens.agent);
    expect(res.status).toBe(200);
    expect(await logRows()).toEqual([
      { profile_id: candidate, what: 'result_detail', job_id: job.uuid, agent_email: 'agent@jobs.test' },
    ]);
    const log = await json<{ items: AccessLogEntry[] }>(
      await f.call('GET', `/api/agent/profile/${candidate}/access-log`, seniorToken),
    );
    expect(log.items).toEqual([
      { at: expect.any(String), agent: 'agent@jobs.test', what: 'result_detail', job: job.uuid },
    ]);
    const exported = await json<AccountExport>(await f.call('GET', '/api/user/export', candidateToken));
    expect(exported.agentAccesses).toEqual([
      { at: expect.any(String), agent: 'agent@jobs.test', action: 'result_detail', job: job.uuid },
    ]);
  });

  it('a results CSV logs one entry per candidate in the file, naming the job, per export', async () => {
    const path = `/api/job/showresults/${job.uuid}?format=csv&minScore=1`;
    const csv = await (await f.call('GET', path, f.tokens.agent)).text();
    const rows = csv.trimEnd().split('\r\n').length - 1;
    expect(rows).toBeGreaterThan(1);
    const first = await logRows();
    expect(first).toHaveLength(rows);
    expect(new Set(first.map((r) => r.profile_id)).size).toBe(rows);
    expect(first.every((r) => r.what === 'results_csv' && r.job_id === job.uuid)).toBe(true);
    await f.call('GET', path, f.tokens.agent);
    expect((await logRows()).filter((r) => r.profile_id === candidate)).toHaveLength(2);
    const exported = await json<AccountExport>(await f.call('GET', '/api/user/export', candidateToken));
    expect(exported.agentAccesses.map((a) => [a.action, a.job])).toEqual([
      ['results_csv', job.uuid],
      ['results_csv', job.uuid],
    ]);
  });

  it('a refused read logs nothing', async () => {
    expect(
      (await f.call('GET', `/api/job/showresultsdetail/${job.uuid}/${candidate}`, f.tokens.company)).status,
    ).toBe(403);
    expect(
      (await f.call('GET', `/api/job/showresults/${job.uuid}?format=csv`, f.tokens.company)).status,
    ).toBe(403);
    expect(await logRows()).toEqual([]);
  });
});
