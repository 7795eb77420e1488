import { describe, expect, it } from 'vitest';
import type { PipelineEntry } from '../../contract/pipeline';
import { CORRECTION, keyStage, pipelineTable, REJECTION } from '../../tests/support/pipeline-table';
import { agentJobBody, codeOf, json } from './job-test-kit';
import { setUpPipelineFixture } from './pipeline-test-kit';

/**
 * A pipeline entry's moves (PRODUCT.md §10, contract/pipeline.ts): every move of the hand-written
 * table (tests/support/pipeline-table.ts) and every one it refuses, two agents moving one entry at
 * once, and bulk moves all or nothing.
 */

const { f, p, profile, add, board, move, why, placeAt } = setUpPipelineFixture();

/** A move of the table (`pipeline.<stage>`) or a correction (`correct.<stage>`, with its reason). */
const send = (at: PipelineEntry, event: string) => {
  const [kind, to] = event.split('.') as [string, string];
  return kind === 'correct'
    ? f.call('POST', `/api/pipeline/${at.uuid}/correct`, f.tokens.agent, {
        to,
        version: at.version,
        ...CORRECTION,
      })
    : move(at, to, why(to));
};

describe('the moves of the table, and every one it refuses', () => {
  const keys = Object.keys(pipelineTable.states);
  it.each(keys)('from %s', async (key) => {
    const { entry } = await add(p.job, profile(2 + keys.indexOf(key)));
    for (const event of pipelineTable.events) {
      const at = await placeAt(entry!, key);
      const to = event.slice(event.indexOf('.') + 1);
      const row = pipelineTable.states[key]![event];
      const res = await send(at, event);
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
    const { entry } = await add(p.job, profile(30));
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
    const { entry } = await add(p.job, profile(24));
    expect((await move(entry!, 'contacted')).status).toBe(200);
    const res = await move(entry!, 'submitted', {}, p.secondAgent);
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      code: 'pipeline.version_conflict',
      current: { uuid: entry!.uuid, stage: 'contacted', version: 1 },
    });
  });

  it('moving at once: one wins, the other is told the current stage', async () => {
    const { entry } = await add(p.job, profile(25));
    const [a, b] = await Promise.all([
      move(entry!, 'contacted'),
      move(entry!, 'rejected', REJECTION, p.secondAgent),
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
    for (const i of [26, 27, 28]) entries.push((await add(p.job, profile(i))).entry!);
    const refused = await placeAt(entries[2]!, 'offer');
    const body = (list: PipelineEntry[], to: string) => ({
      to,
      entries: list.map((e) => ({ uuid: e.uuid, version: e.version })),
    });
    const tried = await f.call(
      'POST',
      `/api/job/${p.job}/pipeline/move`,
      f.tokens.agent,
      body([entries[0]!, entries[1]!, refused], 'submitted'),
    );
    expect(tried.status).toBe(409);
    const conflict = await json<{ code: string; current: PipelineEntry[] }>(tried);
    expect(conflict.code).toBe('pipeline.transition_refused');
    expect(conflict.current.map((e) => e.stage)).toEqual(['proposed', 'proposed', 'offer']);
    const res = await f.call(
      'POST',
      `/api/job/${p.job}/pipeline/move`,
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
      `/api/job/${p.job}/pipeline/move`,
      f.tokens.agent,
      body([entries[0]!, refused], 'withdrawn'),
    );
    expect(await codeOf(stale)).toBe('pipeline.version_conflict');
    // An entry of another job is none of this job's.
    const other = (await f.createJob(agentJobBody('Anderer Job'))).uuid;
    const elsewhere = (await add(other, profile(28))).entry!;
    const foreign = await f.call(
      'POST',
      `/api/job/${p.job}/pipeline/move`,
      f.tokens.agent,
      body([elsewhere], 'contacted'),
    );
    expect(await codeOf(foreign)).toBe('pipeline.entry_not_found');
    const twice = await f.call(
      'POST',
      `/api/job/${p.job}/pipeline/move`,
      f.tokens.agent,
      body([refused, refused], 'placed'),
    );
    expect(twice.status).toBe(400);
    expect((await board()).items.find((e) => e.uuid === refused.uuid)!.stage).toBe('offer');
  });
});
