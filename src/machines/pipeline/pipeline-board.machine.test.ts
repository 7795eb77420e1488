import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PipelineEntry, PipelineStage } from '../../../contract/pipeline';
import { startCorrections } from '../../../tests/support/pipeline-board-corrections';
import { boardEntry as entry } from '../../../tests/support/pipeline-entries';
import { ApiError } from '../../api/client';
import * as boardModule from './pipeline-board.machine';
import { pipelineBoardMachine } from './pipeline-board.machine';

/** A board over answers given by hand: each move waits for `answer` to settle it. */
function board(entries: PipelineEntry[]) {
  const calls: { src: string; input: unknown }[] = [];
  let answer: { resolve: (v: PipelineEntry[]) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    pipelineBoardMachine.provide({
      actors: {
        loadBoard: fromPromise(async () => ({ items: entries })),
        moveEntries: fromPromise(({ input }) => {
          calls.push({ src: 'moveEntries', input });
          return new Promise<PipelineEntry[]>((resolve, reject) => {
            answer = { resolve, reject };
          });
        }),
        addEntry: fromPromise(async ({ input }) => {
          calls.push({ src: 'addEntry', input });
          return entry('new', 'proposed');
        }),
        saveFollowUp: fromPromise(async ({ input }) => {
          calls.push({ src: 'saveFollowUp', input });
          return {
            ...entries.find((e) => e.uuid === input.entry)!,
            followUp: 'done' in input ? null : input.date,
          };
        }),
      },
    }),
    { input: { jobUuid: 'job' } },
  ).start();
  return { actor, calls, answer: () => answer! };
}

const stages = (actor: ReturnType<typeof board>['actor']) =>
  Object.fromEntries(actor.getSnapshot().context.entries.map((e) => [e.uuid, e.stage]));

describe('the pipeline board', () => {
  it('shows a move at once, then takes the server’s entries and clears the selection', async () => {
    const b = board([entry('a', 'proposed'), entry('b', 'proposed', 3)]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.select', entry: 'a', selected: true });
    b.actor.send({ type: 'board.select', entry: 'b', selected: true });
    expect(b.actor.getSnapshot().context.selected).toEqual(['a', 'b']);
    b.actor.send({ type: 'board.move', entries: ['a', 'b'], to: 'contacted' });
    expect(b.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(stages(b.actor)).toEqual({ a: 'contacted', b: 'contacted' });
    expect(b.calls).toEqual([
      {
        src: 'moveEntries',
        input: {
          jobUuid: 'job',
          to: 'contacted',
          entries: [
            { uuid: 'a', version: 0 },
            { uuid: 'b', version: 3 },
          ],
        },
      },
    ]);
    b.answer().resolve([entry('a', 'contacted', 1), entry('b', 'contacted', 4)]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    const ctx = b.actor.getSnapshot().context;
    expect(ctx.entries.map((e) => [e.uuid, e.version])).toEqual([
      ['a', 1],
      ['b', 4],
    ]);
    expect(ctx.selected).toEqual([]);
    expect(ctx.moved).toEqual({ count: 2, to: 'contacted' });
  });

  it('puts a refused move back where the server says the entry is, with its reason', async () => {
    const b = board([entry('a', 'proposed'), entry('b', 'submitted')]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'rejected', by: 'client', reason: 'zu weit' });
    expect(b.calls[0]?.input).toEqual({
      jobUuid: 'job',
      entries: [{ uuid: 'a', version: 0 }],
      to: 'rejected',
      by: 'client',
      reason: 'zu weit',
    });
    expect(stages(b.actor).a).toBe('rejected');
    // Another agent moved it on meanwhile: the 409 carries it as it is.
    b.answer().reject(
      new ApiError(409, 'pipeline.version_conflict', 'stale', {}, null, {
        current: entry('a', 'interview', 2),
      }),
    );
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(stages(b.actor)).toEqual({ a: 'interview', b: 'submitted' });
    expect(b.actor.getSnapshot().context.error).toBe('pipeline.version_conflict');
    // Without a current entry (the network failed) the cards go back where they were.
    b.actor.send({ type: 'board.move', entries: ['b'], to: 'offer' });
    b.answer().reject(new TypeError('Failed to fetch'));
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(stages(b.actor).b).toBe('submitted');
    expect(b.actor.getSnapshot().context.error).toBe('network.unreachable');
  });

  it('never asks the server for a move the stages refuse, nor for unknown entries', async () => {
    const b = board([entry('a', 'contacted'), entry('f', 'placed')]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    for (const [ids, to] of [
      [['a'], 'proposed'],
      [['a'], 'contacted'],
      [['f'], 'contacted'],
      [['a', 'f'], 'rejected'],
      [['x'], 'offer'],
      [[], 'offer'],
    ] as [string[], PipelineStage][]) {
      b.actor.send({ type: 'board.move', entries: ids, to });
      expect(b.actor.getSnapshot().matches('ready'), `${ids} → ${to}`).toBe(true);
    }
    b.actor.send({ type: 'board.select', entry: 'x', selected: true });
    b.actor.send({ type: 'board.followUp', entry: 'x', date: '2026-12-01' });
    expect(b.calls).toEqual([]);
    expect(b.actor.getSnapshot().context.selected).toEqual([]);
    // The stages refused a move of cards on the board (a drop on such a column): it says so, the
    // cards stay where they are.
    expect(b.actor.getSnapshot().context.error).toBe('pipeline.transition_refused');
    expect(stages(b.actor)).toEqual({ a: 'contacted', f: 'placed' });
    // A final entry reopens to its last open stage.
    b.actor.send({ type: 'board.move', entries: ['f'], to: 'offer' });
    expect(b.calls.map((c) => c.src)).toEqual(['moveEntries']);
  });

  it('says nothing of a refused move of cards it does not have, and forgets a refusal at the next move', async () => {
    const b = board([entry('a', 'contacted')]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.move', entries: ['x'], to: 'offer' });
    b.actor.send({ type: 'board.move', entries: [], to: 'offer' });
    expect(b.actor.getSnapshot().context.error).toBeNull();
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'proposed' });
    expect(b.actor.getSnapshot().context.error).toBe('pipeline.transition_refused');
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'submitted' });
    expect(b.actor.getSnapshot().context.error).toBeNull();
    expect(stages(b.actor)).toEqual({ a: 'submitted' });
  });

  it('takes a selection while a move is on its way (react-aria selects the cards dropped on a column)', async () => {
    const b = board([entry('a', 'proposed'), entry('b', 'proposed')]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'contacted' });
    expect(b.actor.getSnapshot().matches('moving')).toBe(true);
    b.actor.send({ type: 'board.select', entry: 'a', selected: true });
    expect(b.actor.getSnapshot().context.selected).toEqual(['a']);
    b.actor.send({ type: 'board.select', entry: 'x', selected: true });
    expect(b.actor.getSnapshot().context.selected).toEqual(['a']);
    b.answer().resolve([entry('a', 'contacted', 1)]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(b.actor.getSnapshot().context.selected).toEqual([]);
  });

  it('adds an entry and saves a follow-up', async () => {
    const b = board([entry('a', 'proposed')]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.add', profile: 'p-new' });
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(
      b.actor
        .getSnapshot()
        .context.entries.map((e) => e.uuid)
        .sort(),
    ).toEqual(['a', 'new']);
    b.actor.send({ type: 'board.followUp', entry: 'a', date: '2026-12-01' });
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(b.calls).toEqual([
      { src: 'addEntry', input: { jobUuid: 'job', profile: 'p-new' } },
      { src: 'saveFollowUp', input: { entry: 'a', date: '2026-12-01', time: null, note: null } },
    ]);
    expect(b.actor.getSnapshot().context.entries.find((e) => e.uuid === 'a')?.followUp).toBe('2026-12-01');
  });

  it('loads again when asked while a load runs: that load may have read the board before a send moved it', async () => {
    const answers: ((items: PipelineEntry[]) => void)[] = [];
    const actor = createActor(
      pipelineBoardMachine.provide({
        actors: {
          loadBoard: fromPromise(
            () =>
              new Promise<{ items: PipelineEntry[] }>((resolve) =>
                answers.push((items) => resolve({ items })),
              ),
          ),
        },
      }),
      { input: { jobUuid: 'job' } },
    ).start();
    expect(answers).toHaveLength(1);
    actor.send({ type: 'board.reload' });
    expect(answers).toHaveLength(2);
    // The first, stale answer is dropped with its actor; the second one counts.
    answers[0]!([entry('a', 'proposed')]);
    answers[1]!([entry('a', 'submitted')]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(stages(actor)).toEqual({ a: 'submitted' });
  });
});

describe('undo on the board (issue 42)', () => {
  it('tells the page of a move that went through (its toast offers Undo), and of none refused', async () => {
    const b = board([entry('a', 'proposed', 0)]);
    const told: unknown[] = [];
    b.actor.on('board.moved', (e) => told.push(e));
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'contacted' });
    b.answer().reject(new ApiError(409, 'pipeline.version_conflict', 'stale', {}, null, {}));
    await waitFor(b.actor, (s) => s.matches('ready'));
    b.actor.send({ type: 'board.move', entries: ['a'], to: 'offer' });
    b.answer().resolve([entry('a', 'offer', 1)]);
    await waitFor(b.actor, (s) => s.matches('ready'));
    expect(told).toEqual([{ type: 'board.moved', count: 1, to: 'offer' }]);
  });

  it('undoes a move once: after the undo, Undo asks nothing', async () => {
    const b = startCorrections(boardModule);
    await b.send('undo');
    await b.send('undone');
    const calls = b.calls().length;
    b.actor.send({ type: 'board.undo' });
    expect(b.actor.getSnapshot().matches('ready')).toBe(true);
    expect(b.calls().length).toBe(calls);
  });
});
