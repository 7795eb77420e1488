import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PipelineEntry } from '../../contract/pipeline';
import type { TimelinePage } from '../../contract/timeline';
import { REJECTION } from '../../tests/support/pipeline-table';
import { codeOf, json } from './job-test-kit';
import { setUpPipelineFixture } from './pipeline-test-kit';

/**
 * Issue 42 "Pipeline slips cannot be corrected" (PRODUCT.md §11): an agent corrects an entry to an
 * earlier stage with a reason, undoes their own move within 10 minutes, removes an entry; the server
 * refuses what contract/pipeline.ts refuses and changes nothing then; the timelines keep it all.
 * (Which stage may be corrected to which is replayed from the table in pipeline-moves.routes.db.test.ts.)
 */

const { f, p, profile, add, board, move, placeAt } = setUpPipelineFixture();

const correct = (entry: { uuid: string; version: number }, body: object, token = f.tokens.agent) =>
  f.call('POST', `/api/pipeline/${entry.uuid}/correct`, token, { version: entry.version, ...body });
const undo = (entries: { uuid: string; version: number }[], token = f.tokens.agent) =>
  f.call('POST', `/api/job/${p.job}/pipeline/undo`, token, {
    entries: entries.map((e) => ({ uuid: e.uuid, version: e.version })),
  });
const remove = (entry: { uuid: string; version: number }, body: object = {}, token = f.tokens.agent) =>
  f.call('POST', `/api/pipeline/${entry.uuid}/remove`, token, { version: entry.version, ...body });
const find = async (uuid: string) => (await board()).items.find((e) => e.uuid === uuid);
const events = async (kind: 'job' | 'profile', id: string) =>
  (
    await json<TimelinePage>(
      await f.call('GET', `/api/agent/timeline/${kind}/${id}?kind=event`, f.tokens.agent),
    )
  ).items;

describe('correct the stage', () => {
  it('takes an entry back to an earlier stage, with the reason on both timelines', async () => {
    const { entry } = await add(p.job, profile(2));
    const at = await placeAt(entry!, 'interview');
    const res = await correct(at, { to: 'contacted', reason: 'Falsch gezogen' });
    expect(res.status).toBe(200);
    expect(await json<PipelineEntry>(res)).toMatchObject({
      stage: 'contacted',
      lastOpenStage: 'contacted',
      version: at.version + 1,
      reason: null,
    });
    const onCandidate = (await events('profile', profile(2))).find((e) => e.action === 'stage.changed');
    expect(onCandidate!.details).toEqual({
      from: 'interview',
      to: 'contacted',
      reason: 'Falsch gezogen',
      change: 'correction',
      job: p.job,
    });
    const onJob = (await events('job', p.job)).find((e) => e.details.profile === profile(2));
    expect(onJob!.details).toMatchObject({ change: 'correction', reason: 'Falsch gezogen' });
  });

  it('refuses without a reason, to a later stage, or from a stale version, and changes nothing', async () => {
    const { entry } = await add(p.job, profile(3));
    const at = await placeAt(entry!, 'offer');
    for (const reason of ['', '   ']) {
      const res = await correct(at, { to: 'contacted', reason });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('pipeline.correction_reason_required');
    }
    expect((await correct(at, { to: 'contacted' })).status).toBe(400);
    expect(await codeOf(await correct(at, { to: 'placed', reason: 'x' }))).toBe('request.invalid');
    const later = await correct(at, { to: 'offer', reason: 'x' });
    expect(later.status).toBe(409);
    expect(await json(later)).toMatchObject({
      code: 'pipeline.transition_refused',
      current: { stage: 'offer', version: at.version },
    });
    const stale = await correct({ ...at, version: at.version - 1 }, { to: 'contacted', reason: 'x' });
    expect(await codeOf(stale)).toBe('pipeline.version_conflict');
    expect(await find(at.uuid)).toMatchObject({ stage: 'offer', version: at.version });
    expect((await correct(at, { to: 'contacted', reason: 'x' }, f.tokens.company)).status).toBe(403);
  });
});

describe('undo right after a move', () => {
  it('puts the entry back as it was: stage, last open stage, reason, and who it was presented to', async () => {
    const { entry } = await add(p.job, profile(4));
    const moved = await json<PipelineEntry>(await move(entry!, 'submitted'));
    expect(moved.client).not.toBeNull();
    const rejected = await json<PipelineEntry>(await move(moved, 'rejected', REJECTION));
    const res = await undo([rejected]);
    expect(res.status).toBe(200);
    const [back] = (await json<{ items: PipelineEntry[] }>(res)).items;
    expect(back).toMatchObject({
      stage: 'submitted',
      lastOpenStage: 'submitted',
      reason: null,
      reasonBy: null,
      version: rejected.version + 1,
    });
    const onCandidate = (await events('profile', profile(4))).find((e) => e.action === 'stage.changed');
    expect(onCandidate!.details).toEqual({ from: 'rejected', to: 'submitted', change: 'undo', job: p.job });
    // One step back only: the move before is no longer undoable.
    expect(await codeOf(await undo([back!]))).toBe('pipeline.nothing_to_undo');

    const { entry: other } = await add(p.job, profile(5));
    const presented = await json<PipelineEntry>(await move(other!, 'interview'));
    const [unpresented] = (await json<{ items: PipelineEntry[] }>(await undo([presented]))).items;
    expect(unpresented).toMatchObject({ stage: 'proposed', client: null });
  });

  it('is refused for another agent, after 10 minutes, after an addition, or from a stale version', async () => {
    const { entry } = await add(p.job, profile(6));
    expect(await codeOf(await undo([entry!]))).toBe('pipeline.nothing_to_undo');
    const moved = await json<PipelineEntry>(await move(entry!, 'contacted'));
    const theirs = await undo([moved], p.secondAgent);
    expect(theirs.status).toBe(409);
    expect(await json(theirs)).toMatchObject({
      code: 'pipeline.undo_not_yours',
      current: [{ uuid: moved.uuid, stage: 'contacted', version: moved.version }],
    });
    expect(await codeOf(await undo([{ ...moved, version: 0 }]))).toBe('pipeline.version_conflict');
    await f.db.db.execute(
      sql`update pipeline_entries set moved_at = now() - interval '11 minutes' where id = ${moved.uuid}`,
    );
    expect(await codeOf(await undo([moved]))).toBe('pipeline.undo_expired');
    expect(await find(moved.uuid)).toMatchObject({ stage: 'contacted', version: moved.version });
    expect((await undo([moved], f.tokens.company)).status).toBe(403);
  });

  it('undoes a bulk move all or none', async () => {
    const a = (await add(p.job, profile(7))).entry!;
    const b = (await add(p.job, profile(8))).entry!;
    const moved = await f.call('POST', `/api/job/${p.job}/pipeline/move`, f.tokens.agent, {
      to: 'contacted',
      entries: [a, b].map((e) => ({ uuid: e.uuid, version: e.version })),
    });
    const [ma, mb] = (await json<{ items: PipelineEntry[] }>(moved)).items;
    const mine = await json<PipelineEntry>(await move(mb!, 'submitted', {}, p.secondAgent));
    expect(await codeOf(await undo([ma!, mine]))).toBe('pipeline.undo_not_yours');
    expect(await find(ma!.uuid)).toMatchObject({ stage: 'contacted' });
    const res = await undo([ma!]);
    expect((await json<{ items: PipelineEntry[] }>(res)).items.map((e) => e.stage)).toEqual(['proposed']);
  });
});

describe('at once', () => {
  it('an undo and another agent’s move: one wins, the other is told the entry as it is', async () => {
    const { entry } = await add(p.job, profile(11));
    const moved = await json<PipelineEntry>(await move(entry!, 'contacted'));
    const [undone, movedOn] = await Promise.all([undo([moved]), move(moved, 'submitted', {}, p.secondAgent)]);
    expect([undone.status, movedOn.status].sort()).toEqual([200, 409]);
    const now = (await find(moved.uuid))!;
    expect(now.version).toBe(moved.version + 1);
    expect(now.stage).toBe(undone.status === 200 ? 'proposed' : 'submitted');
    const loser = await json<{ code: string; current: PipelineEntry | PipelineEntry[] }>(
      undone.status === 409 ? undone : movedOn,
    );
    expect(loser.code).toBe('pipeline.version_conflict');
    expect([loser.current].flat()[0]).toMatchObject({ stage: now.stage, version: now.version });
  });

  it('a removal and a move: one wins; a removed entry is not found by the other', async () => {
    const { entry } = await add(p.job, profile(12));
    const [removed, moved] = await Promise.all([
      remove(entry!),
      move(entry!, 'contacted', {}, p.secondAgent),
    ]);
    const statuses = [removed.status, moved.status].sort();
    expect(statuses[0] === 200 || statuses[0] === 204).toBe(true);
    expect([404, 409]).toContain(statuses[1]);
    const now = await find(entry!.uuid);
    if (removed.status === 204) expect(now).toBeUndefined();
    else expect(now).toMatchObject({ stage: 'contacted' });
  });
});

describe('remove from the pipeline', () => {
  it('takes the entry off the board; the timelines keep its moves and the removal', async () => {
    const { entry } = await add(p.job, profile(9));
    const moved = await json<PipelineEntry>(await move(entry!, 'contacted'));
    const res = await remove(moved, { reason: 'Doppelt angelegt' });
    expect(res.status).toBe(204);
    expect(await find(moved.uuid)).toBeUndefined();
    const onJob = (await events('job', p.job)).filter((e) => e.details.profile === profile(9));
    expect(onJob.map((e) => [e.action, e.details.to ?? e.details.stage])).toEqual([
      ['pipeline.removed', 'contacted'],
      ['stage.changed', 'contacted'],
      ['stage.changed', 'proposed'],
    ]);
    expect(onJob[0]!.details.reason).toBe('Doppelt angelegt');
    const onCandidate = await events('profile', profile(9));
    expect(onCandidate[0]).toMatchObject({ action: 'pipeline.removed', details: { job: p.job } });
    // Added again, the candidate starts afresh.
    const again = await add(p.job, profile(9));
    expect(again.status).toBe(201);
    expect(again.entry).toMatchObject({ stage: 'proposed', version: 0 });
    expect(again.entry!.uuid).not.toBe(moved.uuid);
  });

  it('is refused from a stale version, for unknown entries and for non-agents, changing nothing', async () => {
    const { entry } = await add(p.job, profile(10));
    const moved = await json<PipelineEntry>(await move(entry!, 'contacted'));
    const stale = await remove(entry!);
    expect(stale.status).toBe(409);
    expect(await json(stale)).toMatchObject({
      code: 'pipeline.version_conflict',
      current: { uuid: moved.uuid, version: moved.version },
    });
    expect((await remove(moved, {}, f.tokens.company)).status).toBe(403);
    expect(await codeOf(await remove({ uuid: crypto.randomUUID(), version: 0 }))).toBe(
      'pipeline.entry_not_found',
    );
    expect(await find(moved.uuid)).toMatchObject({ stage: 'contacted' });
  });
});
