import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JobListResponse, ResultsResponse } from '../../contract/job';
import type { PipelineEntry, PipelineFollowUps, PipelineJobs } from '../../contract/pipeline';
import type { TimelinePage } from '../../contract/timeline';
import { REJECTION } from '../../tests/support/pipeline-table';
import { migrationsFolder } from '../db/migrate';
import { agentJobBody, codeOf, json } from './job-test-kit';
import { setUpPipelineFixture } from './pipeline-test-kit';

/**
 * A job's pipeline (PRODUCT.md §10, contract/pipeline.ts): every call × every role, adding,
 * follow-ups, the board's score, the candidate's jobs, the job list's counts, the timelines and the
 * backfill of the shortlist. The moves (the table's, two agents', bulk) are
 * pipeline-moves.routes.db.test.ts.
 */

const { f, p, profile, add, board, move } = setUpPipelineFixture();

describe('who may call what', () => {
  const roles = ['anonymous', 'candidate', 'company', 'otherCompany'] as const;
  const token = (role: (typeof roles)[number]) => (role === 'anonymous' ? undefined : f.tokens[role]);
  const calls = (entry: string): [string, string, unknown?][] => [
    ['GET', `/api/job/${p.job}/pipeline`],
    ['PUT', `/api/job/${p.job}/pipeline/${profile(0)}`],
    ['POST', `/api/pipeline/${entry}/move`, { to: 'contacted', version: 0 }],
    ['POST', `/api/job/${p.job}/pipeline/move`, { to: 'contacted', entries: [{ uuid: entry, version: 0 }] }],
    ['PUT', `/api/pipeline/${entry}/follow-up`, { followUp: '2026-12-01' }],
    ['POST', `/api/pipeline/${entry}/follow-up/done`],
    ['GET', `/api/pipeline/follow-ups`],
    ['GET', `/api/agent/profile/${profile(0)}/pipeline`],
  ];

  it.each(roles)('%s: 401 signed out, 403 for candidates and companies, nothing written', async (role) => {
    const { entry } = await add(p.job, profile(39));
    for (const [method, path, body] of calls(entry!.uuid)) {
      const res = await f.call(method, path, token(role), body);
      expect(res.status, `${method} ${path}`).toBe(role === 'anonymous' ? 401 : 403);
    }
    const after = (await board()).items.find((e) => e.uuid === entry!.uuid)!;
    expect(after).toMatchObject({ stage: 'proposed', version: 0, followUp: null });
  });

  it('agents: each call answers', async () => {
    const { entry } = await add(p.job, profile(38));
    const statuses = [];
    for (const [method, path, body] of calls(entry!.uuid)) {
      statuses.push((await f.call(method, path, f.tokens.agent, body)).status);
    }
    // The bulk move came after the single one: version 0 is stale by then.
    expect(statuses).toEqual([200, 201, 200, 409, 200, 200, 200, 200]);
  });
});

describe('adding', () => {
  it('enters a candidate as proposed, a second time answers the entry as it is', async () => {
    const first = await add(p.job, profile(1));
    expect(first.status).toBe(201);
    expect(first.entry).toMatchObject({
      jobUuid: p.job,
      stage: 'proposed',
      lastOpenStage: 'proposed',
      version: 0,
      profile: { uuid: profile(1) },
    });
    expect(first.entry!.profile.name).not.toBe('');
    await move(first.entry!, 'contacted');
    const again = await add(p.job, profile(1), p.secondAgent);
    expect(again.status).toBe(200);
    expect(again.entry).toMatchObject({ uuid: first.entry!.uuid, stage: 'contacted', version: 1 });
  });

  it('404 for an unknown job or candidate, malformed ids included', async () => {
    const unknown = crypto.randomUUID();
    expect(
      await codeOf(await f.call('PUT', `/api/job/${unknown}/pipeline/${profile(1)}`, f.tokens.agent)),
    ).toBe('job.not_found');
    expect(await codeOf(await f.call('PUT', `/api/job/${p.job}/pipeline/${unknown}`, f.tokens.agent))).toBe(
      'profile.not_found',
    );
    expect((await f.call('PUT', `/api/job/${p.job}/pipeline/nope`, f.tokens.agent)).status).toBe(404);
    expect((await f.call('GET', `/api/job/nope/pipeline`, f.tokens.agent)).status).toBe(404);
    expect(await codeOf(await move({ uuid: unknown, version: 0 }, 'contacted'))).toBe(
      'pipeline.entry_not_found',
    );
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
      await f.call('GET', '/api/pipeline/follow-ups?today=2026-11-24', p.secondAgent),
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
        job: { uuid: p.job, title: 'Lagerlogistik Pipeline', status: 'active' },
        entry: expect.objectContaining({ stage: 'contacted' }),
      }),
    ]);
    expect(
      (await f.call('GET', `/api/agent/profile/${crypto.randomUUID()}/pipeline`, f.tokens.agent)).status,
    ).toBe(404);
  });

  it('the job list counts per stage for agents, never for companies', async () => {
    const list = await json<JobListResponse>(await f.call('GET', '/api/jobs/list?limit=100', f.tokens.agent));
    const row = list.items.find((j) => j.uuid === p.job)!;
    const b = await board();
    expect(row.pipeline).toEqual(b.counts);
    const theirs = await json<JobListResponse>(await f.call('GET', '/api/jobs/list', f.tokens.company));
    for (const item of theirs.items) expect(item.pipeline).toBeUndefined();
  });

  it('every move is stage.changed on the candidate and the job timeline', async () => {
    const { entry } = await add(p.job, profile(34));
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
      job: p.job,
    });
    expect(mine[1]!.details).toEqual({ from: null, to: 'proposed', job: p.job });
    const onJob = (await events('job', p.job)).filter((e) => e.details.profile === profile(34));
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
