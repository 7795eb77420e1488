import { eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { PipelineBoard, PipelineEntry } from '../../contract/pipeline';
import { keyStage, REJECTION, WITHDRAWAL } from '../../tests/support/pipeline-table';
import { signAccessToken } from '../auth/tokens';
import { users } from '../db/schema/users';
import { insertUserIfAbsent } from '../users/users';
import { agentJobBody, json, setUpJobFixture } from './job-test-kit';

/**
 * The world of the pipeline tests (pipeline*.routes.db.test.ts): a job (`p.job`) and a second
 * agent's token (`p.secondAgent`), filled in before the file's first test, and the calls on entries.
 */
export function setUpPipelineFixture() {
  const f = setUpJobFixture({ profiles: 40 });
  const p = { job: '', secondAgent: '' };
  const profile = (i: number) => f.profiles[i]!.uuid;

  beforeAll(async () => {
    p.job = (await f.createJob(agentJobBody('Lagerlogistik Pipeline'))).uuid;
    await insertUserIfAbsent(f.db.db, {
      email: 'agent2@jobs.test',
      passwordHash: 'x',
      userType: 'agent',
      language: 'de',
      registrationStep: 0,
    });
    const [user] = await f.db.db.select().from(users).where(eq(users.email, 'agent2@jobs.test'));
    p.secondAgent = await signAccessToken(f.auth.tokens, user!, 'ok');
  });

  const add = async (jobId: string, profileId: string, token = f.tokens.agent) => {
    const res = await f.call('PUT', `/api/job/${jobId}/pipeline/${profileId}`, token);
    return { status: res.status, entry: res.status < 300 ? await json<PipelineEntry>(res) : null };
  };
  const board = async (jobId = p.job) =>
    json<PipelineBoard>(await f.call('GET', `/api/job/${jobId}/pipeline`, f.tokens.agent));
  const move = (
    entry: { uuid: string; version: number },
    to: string,
    extra: object = {},
    token = f.tokens.agent,
  ) => f.call('POST', `/api/pipeline/${entry.uuid}/move`, token, { to, version: entry.version, ...extra });
  const why = (to: string) => (to === 'rejected' ? REJECTION : to === 'withdrawn' ? WITHDRAWAL : {});

  /** Puts an entry where a table key says, straight in the database. */
  async function placeAt(entry: PipelineEntry, key: string): Promise<PipelineEntry> {
    const { stage, lastOpen } = keyStage(key);
    await f.db.db.execute(
      sql`update pipeline_entries set stage = ${stage}, last_open_stage = ${lastOpen}, version = version + 1
          where id = ${entry.uuid}`,
    );
    return (await board()).items.find((e) => e.uuid === entry.uuid)!;
  }

  return { f, p, profile, add, board, move, why, placeAt };
}
