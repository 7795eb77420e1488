import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobListResponse, ResultsResponse } from '../../contract/job';
import type { PipelineBoard, PipelineEntry, PipelineFollowUps, PipelineJobs } from '../../contract/pipeline';
import type { TimelinePage } from '../../contract/timeline';
import {
  keyStage,
  PIPELINE_EVENTS,
  pipelineTable,
  REJECTION,
  WITHDRAWAL,
} from '../../tests/support/pipeline-table';
import { signAccessToken } from '../auth/tokens';
import { migrationsFolder } from '../db/migrate';
import { users } from '../db/schema/users';
import { insertUserIfAbsent } from '../users/users';
import { agentJobBody, codeOf, json, setUpJobFixture } from './job-test-kit';

/**
 * A job's pipeline (PRODUCT.md §10, contract/pipeline.ts): every call × every role, every move of the
 * hand-written table (tests/support/pipeline-table.ts) and every one it refuses, two agents moving one
 * entry at once, bulk moves all or nothing, follow-ups, the board's score, the candidate's jobs, the
 * job list's counts, the timelines and the backfill of the shortlist.
 */

const f = setUpJobFixture({ profiles: 40 });
let job = '';
let secondAgent = '';
const profile = (i: number) => f.profiles[i]!.uuid;

beforeAll(async () => {
  job = (await f.createJob(agentJobBody('Lagerlogistik Pipeline'))).uuid;
  await insertUserIfAbsent(f.db.db, {
    email: 'agent2@jobs.test',
    passwordHash: 'x',
    userType: 'agent',
    language: 'de',
    registrationStep: 0,
  });
  const [user] = await f.db.db.select().from(users).where(eq(users.email, 'agent2@jobs.test'));
  secondAgent = await signAccessToken(f.auth.tokens, user!, 'ok');
});

const add = async (jobId: string, profileId: string, token = f.tokens.agent) => {
  const res = await f.call('PUT', `/api/job/${jobId}/pipeline/${profileId}`, token);
  return { status: res.status, entry: res.status < 300 ? await json<PipelineEntry>(res) : null };
};
const board = async (jobId = job) =>
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

describe('who may call what', () => {
  const roles = ['anonymous', 'candidate', 'company', 'otherCompany'] as const;
  const token = (role: (typeof roles)[number]) => (role === 'anonymous' ? undefined : f.tokens[role]);
  const calls = (entry: string): [string, string, unknown?][] => [
    ['GET', `/api/job/${job}/pipeline`],
    ['PUT', `/api/job/${job}/pipeline/${profile(0)}`],
    ['POST', `/api/pipeline/${entry}/move`, { to: 'contacted', version: 0 }],
    ['POST', `/api/job/${job}/pipeline/move`, { to: 'contacted', entries: [{ uuid: entry, version: 0 }] }],
    ['PUT', `/api/pipeline/${entry}/follow-up`, { followUp: '2026-12-01' }],
    ['GET', `/api/pipeline/follow-ups`],
    ['GET', `/api/agent/profile/${profile(0)}/pipeline`],
  ];

  it.each(roles)('%s: 401 signed out, 403 for candidates and companies, nothing written', async (role) => {
    const { entry } = await add(job, profile(39));
    for (const [method, path, body] of calls(entry!.uuid)) {
      const res = await f.call(method, path, token(role), body);
      expect(res.status, `${method} ${path}`).toBe(role === 'anonymous' ? 401 : 403);
    }
    const after = (await board()).items.find((e) => e.uuid === entry!.uuid)!;
    expect(after).toMatchObject({ stage: 'proposed', version: 0, followUp: null });
  });

  it('agents: each call answers', async () => {
    const { entry } = await add(job, profile(38));
    const statuses = [];
    for (const [method, path, body] of calls(entry!.uuid)) {
      statuses.push((await f.call(method, path, f.tokens.agent, body)).status);
    }
    // The bulk move came after the single one: version 0 is stale by then.
    expect(statuses).toEqual([200, 201, 200, 409, 200, 200, 200]);
  });
});

describe('adding', () => {
  it('enters a candidate as proposed, a second time answers the entry as it is', async () => {
    const first = await add(job, profile(1));
    expect(first.status).toBe(201);
    expect(first.entry).toMatchObject({
      jobUuid: job,
      stage: 'proposed',
      lastOpenStage: 'proposed',
      version: 0,
      profile: { uuid: profile(1) },
    });
    expect(first.entry!.profile.name).not.toBe('');
    await move(first.entry!, 'contacted');
    const again = await add(job, profile(1), secondAgent);
    expect(again.status).toBe(200);
    expect(again.entry).toMatchObject({ uuid: first.entry!.uuid, stage: 'contacted', version: 1 });
  });

  it('404 for an unknown job or candidate, malformed ids included', async () => {
    const unknown = crypto.randomUUID();
    expect(
      await codeOf(await f.call('PUT', `/api/job/${unknown}/pipeline/${profile(1)}`, f.tokens.agent)),
    ).toBe('job.not_found');
    expect(await codeOf(await f.call('PUT', `/api/job/${job}/pipeline/${unknown}`, f.tokens.agent))).toBe(
      'profile.not_found',
    );
    expect((await f.call('PUT', `/api/job/${job}/pipeline/nope`, f.tokens.agent)).status).toBe(404);
    expect((await f.call('GET', `/api/job/nope/pipeline`, f.tokens.agent)).status).toBe(404);
    expect(await codeOf(await move({ uuid: unknown, version: 0 }, 'contacted'))).toBe(
      'pipeline.entry_not_found',
    );
  });
});

describe('the moves of the table, and every one it refuses', () => {
  const keys = Object.keys(pipelineTable.states);
  it.each(keys)('from %s', async (key) => {
    const { entry } = await add(job, profile(2 + keys.indexOf(key)));
    for (const event of PIPELINE_EVENTS) {
      const at = await placeAt(entry!, key);
      const to = event.slice('pipeline.'.length);
      const row = pipelineTable.states[key]![event];
      const res = await move(at, to, why(to));
      if (row) {
        expect(res.status, `${key} → ${to}`).toBe(200);
        const moved = await json<PipelineEntry>(res);
        const target = keyStage(row.target);
        expect(moved, `${key} → ${to}`).toMatchObject({
          stage: target.stage,
          lastOpenStage: target.lastOpen,
          version: at.version + 1,
          reason: row.context?.reason ?? null,
          reasonBy: row.context?.by ?? null,
        });
      } else {
        expect(res.status, `${key} refuses ${to}`).toBe(409);
        const body = await json<{ code: string; current: PipelineEntry }>(res);
        expect(body.code).toBe('pipeline.transition_refused');
        expect(body.current).toMatchObject({ stage: at.stage, version: at.version });
      }
    }
  });

  it('a rejection names who and why; only rejections and withdrawals carry a reason', async () => {
    const { entry } = await add(job, profile(30));
    const refused = [
      { to: 'rejected' },
      { to: 'rejected', by: 'client' },
      { to: 'rejected', reason: 'zu teuer' },
      { to: 'rejected', by: 'client', reason: '   ' },
    ];
    for (const body of refused) {
      const res = await f.call('POST', `/api/pipeline/${entry!.uuid}/move`, f.tokens.agent, {
        ...body,
        version: 0,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('pipeline.reason_required');
    }
    const extra = await f.call('POST', `/api/pipeline/${entry!.uuid}/move`, f.tokens.agent, {
      to: 'contacted',
      reason: 'x',
      version: 0,
    });
    expect(extra.status).toBe(400);
    const odd = await f.call('POST', `/api/pipeline/${entry!.uuid}/move`, f.tokens.agent, {
      to: 'hired',
      version: 0,
    });
    expect(await codeOf(odd)).toBe('request.invalid');
    expect((await board()).items.find((e) => e.uuid === entry!.uuid)).toMatchObject({
      stage: 'proposed',
      version: 0,
    });
  });
});

describe('two agents, one entry', () => {
  it('a stale version is 409 with the entry as it is', async () => {
    const { entry } = await add(job, profile(24));
    expect((await move(entry!, 'contacted')).status).toBe(200);
    const res = await move(entry!, 'submitted', {}, secondAgent);
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      code: 'pipeline.version_conflict',
      current: { uuid: entry!.uuid, stage: 'contacted', version: 1 },
    });
  });

  it('moving at once: one wins, the other is told the current stage', async () => {
    const { entry } = await add(job, profile(25));
    const [a, b] = await Promise.all([
      move(entry!, 'contacted'),
      move(entry!, 'rejected', REJECTION, secondAgent),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = await json<{ code: string; current: PipelineEntry }>(a.status === 409 ? a : b);
    const now = (await board()).items.find((e) => e.uuid === entry!.uuid)!;
    expect(now.version).toBe(1);
    expect(loser.code).toBe('pipeline.version_conflict');
    expect(loser.current).toMatchObject({ stage: now.stage, version: 1 });
  });
});

describe('bulk moves', () => {
  it('moves every entry named, or none', async () => {
    const entries = [];
    for (const i of [26, 27, 28]) entries.push((await add(job, profile(i))).entry!);
    const refused = await placeAt(entries[2]!, 'offer');
    const body = (list: PipelineEntry[], to: string) => ({
      to,
      entries: list.map((e) => ({ uuid: e.uuid, version: e.version })),
    });
    const tried = await f.call(
      'POST',
      `/api/job/${job}/pipeline/move`,
      f.tokens.agent,
      body([entries[0]!, entries[1]!, refused], 'submitted'),
    );
    expect(tried.status).toBe(409);
    const conflict = await json<{ code: string; current: PipelineEntry[] }>(tried);
    expect(conflict.code).toBe('pipeline.transition_refused');
    expect(conflict.current.map((e) => e.stage)).toEqual(['proposed', 'proposed', 'offer']);
    const res = await f.call(
      'POST',
      `/api/job/${job}/pipeline/move`,
      f.tokens.agent,
      body([entries[0]!, entries[1]!], 'submitted'),
    );
    expect(res.status).toBe(200);
    const moved = await json<{ items: PipelineEntry[] }>(res);
    expect(moved.items.map((e) => [e.uuid, e.stage, e.version])).toEqual([
      [entries[0]!.uuid, 'submitted', 1],
      [entries[1]!.uuid, 'submitted', 1],
    ]);
    // Stale versions move none either.
    const stale = await f.call(
      'POST',
      `/api/job/${job}/pipeline/move`,
      f.tokens.agent,
      body([entries[0]!, refused], 'withdrawn'),
    );
    expect(await codeOf(stale)).toBe('pipeline.version_conflict');
    // An entry of another job is none of this job's.
    const other = (await f.createJob(agentJobBody('Anderer Job'))).uuid;
    const elsewhere = (await add(other, profile(28))).entry!;
    const foreign = await f.call(
      'POST',
      `/api/job/${job}/pipeline/move`,
      f.tokens.agent,
      body([elsewhere], 'contacted'),
    );
    expect(await codeOf(foreign)).toBe('pipeline.entry_not_found');
    const twice = await f.call(
      'POST',
      `/api/job/${job}/pipeline/move`,
      f.tokens.agent,
      body([refused, refused], 'placed'),
    );
    expect(twice.status).toBe(400);
    expect((await board()).items.find((e) => e.uuid === refused.uuid)!.stage).toBe('offer');
  });
});

describe('follow-ups', () => {
  it('sets and clears a day; the due list has today and overdue ones of the caller, oldest first', async () => {
    const followJob = (await f.createJob(agentJobBody('Follow-ups'))).uuid;
    await f.call('POST', `/api/job/${followJob}/take`, f.tokens.agent);
    const [a, b, c] = [
      (await add(followJob, profile(31))).entry!,
      (await add(followJob, profile(32))).entry!,
      (await add(followJob, profile(33))).entry!,
    ];
    const set = (e: PipelineEntry, followUp: string | null, token = f.tokens.agent) =>
      f.call('PUT', `/api/pipeline/${e.uuid}/follow-up`, token, { followUp });
    expect(await json(await set(a, '2026-11-24'))).toMatchObject({ followUp: '2026-11-24' });
    await set(b, '2026-11-20');
    await set(c, '2026-11-25');
    const due = await json<PipelineFollowUps>(
      await f.call('GET', '/api/pipeline/follow-ups?today=2026-11-24', f.tokens.agent),
    );
    expect(due.items.map((i) => i.entry.uuid)).toEqual([b.uuid, a.uuid]);
    expect(due.items[0]!.job).toEqual({ uuid: followJob, title: 'Follow-ups' });
    // Another agent's list holds none of them: not their job, not their follow-up.
    const theirs = await json<PipelineFollowUps>(
      await f.call('GET', '/api/pipeline/follow-ups?today=2026-11-24', secondAgent),
    );
    expect(theirs.items.filter((i) => i.job.uuid === followJob)).toEqual([]);
    expect(await json(await set(a, null))).toMatchObject({ followUp: null });
    const after = await json<PipelineFollowUps>(
      await f.call('GET', '/api/pipeline/follow-ups?today=2026-11-24', f.tokens.agent),
    );
    expect(after.items.map((i) => i.entry.uuid)).toEqual([b.uuid]);
    for (const bad of ['2026-13-01', 'morgen', 5]) {
      expect(
        (await f.call('PUT', `/api/pipeline/${a.uuid}/follow-up`, f.tokens.agent, { followUp: bad })).status,
      ).toBe(400);
    }
    expect((await f.call('GET', '/api/pipeline/follow-ups?today=gestern', f.tokens.agent)).status).toBe(400);
    expect((await set({ ...a, uuid: crypto.randomUUID() }, '2026-11-24')).status).toBe(404);
  });
});

describe('what the board, the candidate and the job list show', () => {
  it('the board: entries by stage with counts and the score of the latest run', async () => {
    const scored = (await f.createJob(agentJobBody('Mit Ergebnissen'))).uuid;
    await f.runToDone(scored);
    const results = await json<ResultsResponse>(
      await f.call('GET', `/api/job/showresults/${scored}`, f.tokens.agent),
    );
    const top = results.items[0]!;
    const { entry } = await add(scored, top.uuid);
    await move(entry!, 'interview');
    await add(scored, profile(0));
    const b = await board(scored);
    expect(b.items.map((e) => e.stage)).toEqual(['proposed', 'interview']);
    expect(b.items[1]!.score).toBeCloseTo(top.score, 6);
    expect(b.counts).toMatchObject({ proposed: 1, interview: 1, placed: 0 });
  });

  it("the candidate's jobs with their stage", async () => {
    const res = await json<PipelineJobs>(
      await f.call('GET', `/api/agent/profile/${profile(1)}/pipeline`, f.tokens.agent),
    );
    expect(res.items).toEqual([
      expect.objectContaining({
        job: { uuid: job, title: 'Lagerlogistik Pipeline', status: 'active' },
        entry: expect.objectContaining({ stage: 'contacted' }),
      }),
    ]);
    expect(
      (await f.call('GET', `/api/agent/profile/${crypto.randomUUID()}/pipeline`, f.tokens.agent)).status,
    ).toBe(404);
  });

  it('the job list counts per stage for agents, never for companies', async () => {
    const list = await json<JobListResponse>(await f.call('GET', '/api/jobs/list?limit=100', f.tokens.agent));
    const row = list.items.find((j) => j.uuid === job)!;
    const b = await board();
    expect(row.pipeline).toEqual(b.counts);
    const theirs = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.company));
    for (const item of theirs.items) expect(item.pipeline).toBeUndefined();
  });

  it('every move is stage.changed on the candidate and the job timeline', async () => {
    const { entry } = await add(job, profile(34));
    await move(entry!, 'rejected', REJECTION);
    const events = async (kind: string, id: string) =>
      (
        await json<TimelinePage>(
          await f.call('GET', `/api/agent/timeline/${kind}/${id}?kind=event`, f.tokens.agent),
        )
      ).items.filter((e) => e.action === 'stage.changed');
    const mine = await events('profile', profile(34));
    expect(mine[0]!.details).toEqual({
      from: 'proposed',
      to: 'rejected',
      reason: REJECTION.reason,
      by: 'client',
      job,
    });
    expect(mine[1]!.details).toEqual({ from: null, to: 'proposed', job });
    const onJob = (await events('job', job)).filter((e) => e.details.profile === profile(34));
    expect(onJob.map((e) => e.details.to)).toEqual(['rejected', 'proposed']);
    expect(onJob[0]!.author?.email).toBe('agent@jobs.test');
  });
});

describe('migration 0024', () => {
  it('makes every shortlisted candidate a proposed entry, leaving entries there are', async () => {
    const backfill = readFileSync(`${migrationsFolder}/0024_pipeline_entries.sql`, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO "pipeline_entries"/.test(s));
    expect(backfill.length).toBe(1);
    const starred = (await f.createJob(agentJobBody('Mit Sternen'))).uuid;
    await f.call('PUT', `/api/job/${starred}/shortlist/${profile(35)}`, f.tokens.agent);
    await f.call('PUT', `/api/job/${starred}/shortlist/${profile(36)}`, f.tokens.agent);
    const { entry } = await add(starred, profile(36));
    await move(entry!, 'contacted');
    await f.db.db.execute(sql.raw(backfill[0]!));
    const b = await board(starred);
    expect(b.items.map((e) => [e.profile.uuid, e.stage]).sort()).toEqual(
      [
        [profile(35), 'proposed'],
        [profile(36), 'contacted'],
      ].sort(),
    );
  });
});
