import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { PipelineStage } from '../../../contract/pipeline';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
  observed,
} from '../../../tests/support/model';
import { correctionsTable, startCorrections } from '../../../tests/support/pipeline-board-corrections';
import { followUpsTable, startFollowUps } from '../../../tests/support/pipeline-board-follow-ups';
import { boardEntry as entry } from '../../../tests/support/pipeline-entries';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import { ApiError } from '../../api/client';
import type * as BoardModule from './pipeline-board.machine';

/*
 * A job's pipeline board (PRODUCT.md §10), written apart from the machine. The board holds Anna (a,
 * proposed, version 0) and Ben (b, submitted, version 3), in stage order. A move shows at once and
 * remembers the entries as they were; only moves the stages allow, of entries on the board, reach
 * the server (a rejection names who and why — the agency and no reason unless given —, a withdrawal
 * its reason if any, any other move neither). The server's answer replaces the moved entries and
 * clears the selection; a 409 puts them where it says they are now; a network failure puts them
 * back. A failed call's reason stays until the next add, move or follow-up starts.
 */

const a = entry('a', 'proposed', 0);
const b = entry('b', 'submitted', 3);
const fresh = entry('n', 'proposed', 0);
const board = [a, b];
const busy = ['busy'];
const load = [{ src: 'loadBoard', input: { jobUuid: 'job' } }];
const moveCall = (entries: { uuid: string; version: number }[], to: PipelineStage, more = {}) => [
  { src: 'moveEntries', input: { jobUuid: 'job', entries, to, ...more } },
];

const refusedMove: Expectation = {
  target: 'ready#refusedMove',
  context: { entries: board, before: null, error: 'pipeline.transition_refused', moved: null },
  tags: [],
};

/** A ready board of Anna and Ben: what each event does there (`error` the reason shown). */
const readyRows = (error: string | null): Record<string, Expectation> => ({
  // Reloading keeps the reason shown.
  reload: { target: 'loading#again', context: { entries: board, error }, invoked: load, tags: busy },
  selectA: { target: 'ready#selected', context: { selected: ['a'] }, tags: [] },
  add: {
    target: 'adding',
    context: { error: null, moved: null },
    invoked: [{ src: 'addEntry', input: { jobUuid: 'job', profile: 'p-new' } }],
    tags: busy,
  },
  // Anna to the offer: she goes after Ben at once; who and why are not sent for an open stage.
  move: {
    target: 'moving',
    context: { entries: [b, { ...a, stage: 'offer' }], before: board, error: null, moved: null },
    invoked: moveCall([{ uuid: 'a', version: 0 }], 'offer'),
    tags: busy,
  },
  reject: {
    target: 'moving#reject',
    context: { entries: [a, { ...b, stage: 'rejected' }], before: board, error: null },
    invoked: moveCall([{ uuid: 'b', version: 3 }], 'rejected', { by: 'client', reason: 'zu weit' }),
    tags: busy,
  },
  rejectBare: {
    target: 'moving#rejectBare',
    invoked: moveCall([{ uuid: 'b', version: 3 }], 'rejected', { by: 'agency', reason: '' }),
    tags: busy,
  },
  withdraw: {
    target: 'moving#withdraw',
    context: {
      entries: [
        { ...a, stage: 'withdrawn' },
        { ...b, stage: 'withdrawn' },
      ],
    },
    invoked: moveCall(
      [
        { uuid: 'a', version: 0 },
        { uuid: 'b', version: 3 },
      ],
      'withdrawn',
      { reason: 'kein Interesse' },
    ),
    tags: busy,
  },
  withdrawBare: {
    target: 'moving#withdrawBare',
    invoked: moveCall([{ uuid: 'a', version: 0 }], 'withdrawn'),
    tags: busy,
  },
  // A card dropped on its own column or moved back: nothing is asked, the card stays, and the board
  // says why in the server's words (a move of unknown or no entries changes nothing).
  moveSame: refusedMove,
  moveBack: refusedMove,
  followUp: {
    target: 'savingFollowUp',
    context: { error: null },
    invoked: [{ src: 'saveFollowUp', input: { entry: 'a', date: '2026-12-01', time: null, note: null } }],
    tags: busy,
  },
});

/**
 * A ready board with Anna ticked: the same as without, but the tick stays through an add, a follow-up
 * or a reload (the machine remembers it), a move takes it along, and unticking goes back.
 */
const selectedRows = (error: string | null): Record<string, Expectation> => {
  const rows = readyRows(error);
  return {
    ...rows,
    reload: { target: 'loading#selected', context: { selected: ['a'] }, invoked: load, tags: busy },
    // Ticking a ticked card again keeps one tick.
    selectA: { target: `ready${error ? '#error' : ''}#selected`, context: { selected: ['a'] }, tags: [] },
    unselectA: { target: error ? 'ready#error' : 'ready', context: { selected: [] }, tags: [] },
    clearSelection: { target: error ? 'ready#error' : 'ready', context: { selected: [] }, tags: [] },
    move: { ...(rows.move as Expectation), target: 'moving#selected' },
    add: { ...(rows.add as Expectation), target: 'adding#selected' },
    followUp: { ...(rows.followUp as Expectation), target: 'savingFollowUp#selected' },
  };
};

const movedOn: Expectation = {
  target: 'ready#moved',
  context: {
    entries: [b, entry('a', 'offer', 1)],
    before: null,
    selected: [],
    error: null,
    moved: { count: 1, to: 'offer' },
    // What Undo takes back (pipeline-board-corrections.table.ts goes on from here).
    undoable: [{ uuid: 'a', version: 1 }],
  },
  tags: [],
};
const reverted = (selected: string[]): Expectation => ({
  target: 'ready#reverted',
  context: { entries: board, before: null, selected, error: 'network.unreachable' },
  tags: [],
});

const movingRows: Record<string, Expectation> = {
  moved: movedOn,
  // An answer without entries moved none.
  movedNone: {
    target: 'ready#movedNone',
    context: { entries: board, before: null, moved: { count: 0, to: 'proposed' } },
    tags: [],
  },
  // Another agent moved Anna on meanwhile: the 409 carries her as she is.
  moveConflict: {
    target: 'ready#conflict',
    context: {
      entries: [b, entry('a', 'interview', 2)],
      before: null,
      error: 'pipeline.version_conflict',
    },
    tags: [],
  },
  moveConflictList: {
    target: 'ready#conflictList',
    context: { entries: [entry('a', 'contacted', 1), b], before: null, error: 'pipeline.transition_refused' },
    tags: [],
  },
  moveFailed: reverted([]),
};

const table: ModelTable = {
  rules: { '*': 'PRODUCT §10 pipeline per job' },
  initial: 'loading',
  initialContext: {
    jobUuid: 'job',
    entries: [],
    selected: [],
    before: null,
    error: null,
    moved: null,
    undoable: null,
  },
  initialTags: busy,
  events: [
    'loaded',
    'loadedWithoutA',
    'loadFailed',
    'reload',
    'selectA',
    'unselectA',
    'selectUnknown',
    'clearSelection',
    'add',
    'added',
    'addRefused',
    'move',
    'moveSame',
    'moveBack',
    'moveMixed',
    'moveNone',
    'reject',
    'rejectBare',
    'withdraw',
    'withdrawBare',
    'moved',
    'movedNone',
    'moveConflict',
    'moveConflictList',
    'moveFailed',
    'followUp',
    'followUpUnknown',
    'followUpSaved',
    'followUpFailed',
  ],
  states: {
    loading: {
      // A reload asked for while loading (a send just moved entries) starts the load again: the one
      // under way may have read the board before the change.
      reload: { target: 'loading', invoked: load, tags: busy },
      loaded: { target: 'ready', context: { entries: board, selected: [], error: null }, tags: [] },
      loadedWithoutA: { target: 'ready#onlyB', context: { entries: [b], selected: [] }, tags: [] },
      loadFailed: { target: 'failed', context: { entries: [], error: 'network.unreachable' }, tags: [] },
    },
    failed: { reload: { target: 'loading', context: { error: null }, invoked: load, tags: busy } },
    ready: readyRows(null),
    'ready#selected': selectedRows(null),
    // A failed add keeps the ticks: the board with its reason, Anna ticked.
    'ready#error#selected': selectedRows('pipeline.duplicate'),
    // A reloaded board keeps the ticks of the entries still on it.
    'loading#selected': {
      unselectA: { target: 'loading#again', context: { entries: board, selected: [] }, tags: busy },
      clearSelection: { target: 'loading#again', context: { entries: board, selected: [] }, tags: busy },
      reload: { target: 'loading#selected', context: { selected: ['a'] }, invoked: load, tags: busy },
      loaded: { target: 'ready#selected', context: { entries: board, selected: ['a'] }, tags: [] },
      loadedWithoutA: { target: 'ready#dropped', context: { entries: [b], selected: [] }, tags: [] },
      loadFailed: {
        target: 'failed#selected',
        context: { error: 'network.unreachable', selected: ['a'] },
        tags: [],
      },
    },
    // The board that failed to reload stays shown, with its ticks; a reload keeps them.
    'failed#selected': {
      reload: {
        target: 'loading#selected',
        context: { error: null, selected: ['a'] },
        invoked: load,
        tags: busy,
      },
      selectA: { target: 'failed#selected', context: { selected: ['a'] }, tags: [] },
      // The board without ticks, checked on arrival, not followed further.
      unselectA: { target: 'failed#unticked', context: { entries: board, selected: [] }, tags: [] },
      clearSelection: { target: 'failed#unticked', context: { entries: board, selected: [] }, tags: [] },
    },
    // Ticks are taken in every state for cards on the board (react-aria ticks a dropped card while it
    // moves; refusing it there made React retry at every render).
    moving: {
      ...movingRows,
      selectA: { target: 'moving#selected', context: { selected: ['a'] }, tags: busy },
    },
    'moving#selected': {
      ...movingRows,
      moveFailed: reverted(['a']),
      unselectA: { target: 'moving', context: { selected: [] }, tags: busy },
      clearSelection: { target: 'moving', context: { selected: [] }, tags: busy },
    },
    adding: {
      selectA: { target: 'adding#selected', context: { selected: ['a'] }, tags: busy },
      // The new entry joins its column before the others of that stage.
      added: { target: 'ready#added', context: { entries: [fresh, a, b], error: null }, tags: [] },
      addRefused: {
        target: 'ready#error',
        context: { entries: board, error: 'pipeline.duplicate' },
        tags: [],
      },
    },
    'adding#selected': {
      selectA: { target: 'adding#selected', context: { selected: ['a'] }, tags: busy },
      unselectA: { target: 'adding', context: { selected: [] }, tags: busy },
      clearSelection: { target: 'adding', context: { selected: [] }, tags: busy },
      // An add leaves the ticks as they were.
      added: { target: 'ready#added', context: { entries: [fresh, a, b], selected: ['a'] }, tags: [] },
      addRefused: {
        target: 'ready#error#selected',
        context: { entries: board, selected: ['a'], error: 'pipeline.duplicate' },
        tags: [],
      },
    },
    'ready#error': readyRows('pipeline.duplicate'),
    savingFollowUp: {
      selectA: { target: 'savingFollowUp#selected', context: { selected: ['a'] }, tags: busy },
      followUpSaved: {
        target: 'ready#followedUp',
        context: { entries: [{ ...a, followUp: '2026-12-01', version: 1 }, b] },
        tags: [],
      },
      followUpFailed: {
        target: 'ready#followUpFailed',
        context: { entries: board, error: 'pipeline.not_found' },
        tags: [],
      },
    },
    'savingFollowUp#selected': {
      selectA: { target: 'savingFollowUp#selected', context: { selected: ['a'] }, tags: busy },
      unselectA: { target: 'savingFollowUp', context: { selected: [] }, tags: busy },
      clearSelection: { target: 'savingFollowUp', context: { selected: [] }, tags: busy },
      // A follow-up leaves the ticks as they were.
      followUpSaved: {
        target: 'ready#followedUp',
        context: { entries: [{ ...a, followUp: '2026-12-01', version: 1 }, b], selected: ['a'] },
        tags: [],
      },
      followUpFailed: {
        target: 'ready#followUpFailed',
        context: { entries: board, selected: ['a'], error: 'pipeline.not_found' },
        tags: [],
      },
    },
  },
};

type Call = 'loadBoard' | 'addEntry' | 'moveEntries' | 'saveFollowUp';
/** The state each call runs in. */
const stateOf: Record<Call, 'loading' | 'adding' | 'moving' | 'savingFollowUp'> = {
  loadBoard: 'loading',
  addEntry: 'adding',
  moveEntries: 'moving',
  saveFollowUp: 'savingFollowUp',
};

function start({ pipelineBoardMachine }: typeof BoardModule, inspect?: Inspector) {
  const fx = deferredActors(['loadBoard', 'addEntry', 'moveEntries', 'saveFollowUp'] as const);
  const actor = createActor(pipelineBoardMachine.provide({ actors: fx.actors }), {
    input: { jobUuid: 'job' },
    inspect,
  }).start();
  const move =
    (entries: string[], to: PipelineStage, why: { by?: 'client'; reason?: string } = {}) =>
    () =>
      actor.send({ type: 'board.move', entries, to, ...why });
  const sends: Record<string, () => void> = {
    reload: () => actor.send({ type: 'board.reload' }),
    selectA: () => actor.send({ type: 'board.select', entry: 'a', selected: true }),
    unselectA: () => actor.send({ type: 'board.select', entry: 'a', selected: false }),
    selectUnknown: () => actor.send({ type: 'board.select', entry: 'x', selected: true }),
    clearSelection: () => actor.send({ type: 'board.clearSelection' }),
    add: () => actor.send({ type: 'board.add', profile: 'p-new' }),
    move: move(['a'], 'offer', { by: 'client', reason: 'egal' }),
    moveSame: move(['a'], 'proposed'),
    moveBack: move(['b'], 'contacted'),
    moveMixed: move(['a', 'x'], 'contacted'),
    moveNone: move([], 'contacted'),
    reject: move(['b'], 'rejected', { by: 'client', reason: 'zu weit' }),
    rejectBare: move(['b'], 'rejected'),
    withdraw: move(['a', 'b'], 'withdrawn', { reason: 'kein Interesse' }),
    withdrawBare: move(['a'], 'withdrawn', { reason: '' }),
    followUp: () => actor.send({ type: 'board.followUp', entry: 'a', date: '2026-12-01' }),
    followUpUnknown: () => actor.send({ type: 'board.followUp', entry: 'x', date: '2026-12-01' }),
  };
  const answers: Record<string, readonly [Call, 'done' | 'error', unknown]> = {
    loaded: ['loadBoard', 'done', { items: board }],
    loadedWithoutA: ['loadBoard', 'done', { items: [b] }],
    loadFailed: ['loadBoard', 'error', new TypeError('Failed to fetch')],
    added: ['addEntry', 'done', fresh],
    addRefused: ['addEntry', 'error', { code: 'pipeline.duplicate' }],
    moved: ['moveEntries', 'done', [entry('a', 'offer', 1)]],
    movedNone: ['moveEntries', 'done', []],
    moveConflict: [
      'moveEntries',
      'error',
      new ApiError(409, 'pipeline.version_conflict', 'stale', {}, null, {
        current: entry('a', 'interview', 2),
      }),
    ],
    moveConflictList: [
      'moveEntries',
      'error',
      new ApiError(409, 'pipeline.transition_refused', 'refused', {}, null, {
        current: [entry('a', 'contacted', 1)],
      }),
    ],
    moveFailed: ['moveEntries', 'error', new TypeError('Failed to fetch')],
    followUpSaved: ['saveFollowUp', 'done', { ...a, followUp: '2026-12-01', version: 1 }],
    followUpFailed: ['saveFollowUp', 'error', { code: 'pipeline.not_found' }],
  };
  return {
    actor,
    fx,
    async send(event: string) {
      sends[event]?.();
      const answer = answers[event];
      // An answer can only come while its call runs (the board's invokes have no id to look up).
      if (answer && actor.getSnapshot().matches(stateOf[answer[0]])) fx.settleLatest(...answer);
      await flush();
    },
    ...observed(actor, fx),
  };
}

describeModelTable<typeof BoardModule>({
  name: 'pipeline-board',
  load: () => import('./pipeline-board.machine'),
  machines: (m) => [m.pipelineBoardMachine],
  tables: [
    { table, start },
    { name: 'corrections', table: correctionsTable, start: startCorrections },
    { name: 'follow-ups', table: followUpsTable, start: startFollowUps },
  ],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    it('loads the job’s board as it starts', () => {
      const board = start(module());
      expect(board.calls()).toEqual(load);
    });

    itNeedsTheAppsCalls(() => module().pipelineBoardMachine, {
      loadBoard: 'Error: provide loadBoard',
      addEntry: 'Error: provide addEntry',
      moveEntries: 'Error: provide moveEntries',
      saveFollowUp: 'Error: provide saveFollowUp',
      undoMoves: 'Error: provide undoMoves',
      correctEntry: 'Error: provide correctEntry',
      removeEntry: 'Error: provide removeEntry',
    });

    it('unticks one card of several, and a card ticked again goes last', async () => {
      const board = start(module());
      await board.send('loaded');
      for (const [entry, selected] of [
        ['a', true],
        ['b', true],
        ['a', true],
      ] as const)
        board.actor.send({ type: 'board.select', entry, selected });
      expect(board.actor.getSnapshot().context.selected).toEqual(['b', 'a']);
      board.actor.send({ type: 'board.select', entry: 'a', selected: false });
      expect(board.actor.getSnapshot().context.selected).toEqual(['b']);
    });

    it('puts the cards back when a refusal names no entry as it is now', async () => {
      const board = start(module());
      await board.send('loaded');
      await board.send('move');
      board.fx.settleLatest(
        'moveEntries',
        'error',
        new ApiError(409, 'pipeline.version_conflict', 'stale', {}, null, { current: null }),
      );
      await flush();
      expect(board.actor.getSnapshot().context).toMatchObject({
        entries: [a, b],
        error: 'pipeline.version_conflict',
      });
    });

    it('shows a column’s entries, in the board’s order', async () => {
      const board = start(module());
      await board.send('loaded');
      const snapshot = board.actor.getSnapshot();
      expect(module().entriesIn(snapshot, 'submitted')).toEqual([b]);
      expect(module().entriesIn(snapshot, 'offer')).toEqual([]);
    });

    it('merges answers: replaced entries stay in place, new ones come first, all by stage', () => {
      const { replaceEntries } = module();
      const c = entry('c', 'proposed', 0);
      expect(replaceEntries([a, b], [])).toEqual([a, b]);
      expect(replaceEntries([a, b], [{ ...b, version: 4 }])).toEqual([a, { ...b, version: 4 }]);
      expect(replaceEntries([a, b], [c])).toEqual([c, a, b]);
      expect(replaceEntries([b, a], [entry('b', 'proposed', 4), c])).toEqual([
        c,
        entry('b', 'proposed', 4),
        a,
      ]);
    });
  },
});
