import { createActor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type * as BoardModule from '../../src/machines/pipeline/pipeline-board.machine';
import { deferredActors, flush } from './deferred-actors';
import { type Inspector, type ModelTable, observed } from './model';
import { boardEntry as entry } from './pipeline-entries';

/*
 * Issue 42 on the board (PRODUCT.md §11), written apart from the machine: the board of Anna (a) and
 * Ben (b, submitted, version 3) right after Anna was moved to the offer (version 1). "Undo" takes that
 * move back (the entries and versions it moved, once); a correction names an earlier stage of a card on
 * the board and a reason (a later stage, a blank reason or an unknown card asks nothing); a removal
 * names a card on the board. The server's answer replaces the card (a removal takes it off the board,
 * and its tick); a 409 shows the card as it says it is now, with its reason. Any other write ends what
 * Undo could take back.
 */

const b = entry('b', 'submitted', 3);
const aMoved = entry('a', 'offer', 1);
const busy = ['busy'];
const why = 'Falsch gezogen';

export const correctionsTable: ModelTable = {
  rules: { '*': 'PRODUCT §11 undo, correct, remove' },
  initial: 'ready#moved',
  initialContext: {
    entries: [b, aMoved],
    undoable: [{ uuid: 'a', version: 1 }],
    moved: { count: 1, to: 'offer' },
  },
  initialTags: [],
  events: [
    'undo',
    'undone',
    'undoRefused',
    'correct',
    'correctLater',
    'correctBare',
    'correctUnknown',
    'corrected',
    'correctRefused',
    'remove',
    'removeUnknown',
    'removed',
    'removeRefused',
  ],
  states: {
    'ready#moved': {
      undo: {
        target: 'undoing',
        context: { error: null, moved: null },
        invoked: [{ src: 'undoMoves', input: { jobUuid: 'job', entries: [{ uuid: 'a', version: 1 }] } }],
        tags: busy,
      },
      correct: {
        target: 'correcting',
        context: { undoable: null, moved: null, error: null },
        invoked: [{ src: 'correctEntry', input: { entry: 'b', to: 'contacted', reason: why, version: 3 } }],
        tags: busy,
      },
      remove: {
        target: 'removing',
        context: { undoable: null, moved: null },
        invoked: [{ src: 'removeEntry', input: { entry: 'b', version: 3, reason: 'Doppelt' } }],
        tags: busy,
      },
    },
    undoing: {
      undone: {
        target: 'ready#undone',
        context: { entries: [entry('a', 'proposed', 2), b], undoable: null },
        tags: [],
      },
      // Too late: the card stays where the server says, with why; Undo is gone.
      undoRefused: {
        target: 'ready#undoRefused',
        context: { entries: [b, aMoved], error: 'pipeline.undo_expired', undoable: null },
        tags: [],
      },
    },
    correcting: {
      corrected: {
        target: 'ready#corrected',
        context: { entries: [entry('b', 'contacted', 4), aMoved], error: null },
        tags: [],
      },
      correctRefused: {
        target: 'ready#correctRefused',
        context: { entries: [entry('b', 'interview', 4), aMoved], error: 'pipeline.version_conflict' },
        tags: [],
      },
    },
    removing: {
      removed: { target: 'ready#removed', context: { entries: [aMoved], selected: [] }, tags: [] },
      removeRefused: {
        target: 'ready#removeRefused',
        context: { entries: [entry('b', 'contacted', 4), aMoved], error: 'pipeline.version_conflict' },
        tags: [],
      },
    },
  },
};

type Call = 'undoMoves' | 'correctEntry' | 'removeEntry';
const stateOf: Record<Call, 'undoing' | 'correcting' | 'removing'> = {
  undoMoves: 'undoing',
  correctEntry: 'correcting',
  removeEntry: 'removing',
};

/** The board right after Anna's move to the offer (no call made), and the events of the table. */
export function startCorrections({ pipelineBoardMachine }: typeof BoardModule, inspect?: Inspector) {
  const fx = deferredActors([
    'loadBoard',
    'addEntry',
    'moveEntries',
    'saveFollowUp',
    'undoMoves',
    'correctEntry',
    'removeEntry',
  ] as const);
  const machine = pipelineBoardMachine.provide({ actors: fx.actors });
  // Where the main table's move leaves the board (its row `moved`): started there.
  const snapshot = machine.resolveState({
    value: 'ready',
    context: {
      jobUuid: 'job',
      entries: [b, aMoved],
      selected: [],
      before: null,
      error: null,
      moved: { count: 1, to: 'offer' },
      undoable: [{ uuid: 'a', version: 1 }],
    },
  });
  const actor = createActor(machine, { input: { jobUuid: 'job' }, snapshot, inspect }).start();
  const settle = async (call: Call, outcome: 'done' | 'error', value: unknown) => {
    if (actor.getSnapshot().matches(stateOf[call])) fx.settleLatest(call, outcome, value);
    await flush();
  };
  const conflict = (code: string, current: unknown) => new ApiError(409, code, code, {}, null, { current });
  const sends: Record<string, () => void> = {
    undo: () => actor.send({ type: 'board.undo' }),
    correct: () => actor.send({ type: 'board.correct', entry: 'b', to: 'contacted', reason: ` ${why} ` }),
    correctLater: () => actor.send({ type: 'board.correct', entry: 'b', to: 'interview', reason: why }),
    correctBare: () => actor.send({ type: 'board.correct', entry: 'b', to: 'contacted', reason: '  ' }),
    correctUnknown: () => actor.send({ type: 'board.correct', entry: 'x', to: 'proposed', reason: why }),
    remove: () => actor.send({ type: 'board.remove', entry: 'b', reason: 'Doppelt' }),
    removeUnknown: () => actor.send({ type: 'board.remove', entry: 'x' }),
  };
  const answers: Record<string, readonly [Call, 'done' | 'error', unknown]> = {
    undone: ['undoMoves', 'done', [entry('a', 'proposed', 2)]],
    undoRefused: ['undoMoves', 'error', conflict('pipeline.undo_expired', [aMoved])],
    corrected: ['correctEntry', 'done', entry('b', 'contacted', 4)],
    correctRefused: [
      'correctEntry',
      'error',
      conflict('pipeline.version_conflict', entry('b', 'interview', 4)),
    ],
    removed: ['removeEntry', 'done', 'b'],
    removeRefused: [
      'removeEntry',
      'error',
      conflict('pipeline.version_conflict', entry('b', 'contacted', 4)),
    ],
  };
  return {
    actor,
    fx,
    async send(event: string) {
      sends[event]?.();
      const answer = answers[event];
      if (answer) await settle(...answer);
      await flush();
    },
    ...observed(actor, fx),
  };
}
