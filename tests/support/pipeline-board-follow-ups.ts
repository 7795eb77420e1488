import { createActor } from 'xstate';
import type * as BoardModule from '../../src/machines/pipeline/pipeline-board.machine';
import { deferredActors, flush } from './deferred-actors';
import { type Inspector, type ModelTable, observed } from './model';
import { boardEntry as entry } from './pipeline-entries';

/*
 * Follow-ups that land (issue 42 major 4), written apart from the machine: the board of Anna (a, a
 * follow-up due on 24.11.2026 at 16:00, "Rückruf") and Ben (b, submitted, version 3, none). "Postpone"
 * sends a day with its time and note (the note trimmed); a time or a note without a day asks nothing
 * (the server would refuse it), nor does a day for an unknown card. "Done" asks the server for Anna's;
 * for Ben (nothing to be done with) or an unknown card nothing is asked. Clearing the day takes the
 * time and note with it. The server's answer replaces the card; a failure keeps it, with the reason.
 */

const a = {
  ...entry('a', 'proposed', 0),
  followUp: '2026-11-24',
  followUpTime: '16:00',
  followUpNote: 'Rückruf',
};
const b = entry('b', 'submitted', 3);
const busy = ['busy'];
const postponed = { ...a, followUp: '2026-12-01', followUpTime: '09:30', followUpNote: 'Vertrag' };
const done = { ...a, followUp: null, followUpTime: null, followUpNote: null };
const save = (input: object) => [{ src: 'saveFollowUp', input }];

export const followUpsTable: ModelTable = {
  rules: { '*': 'PRODUCT §11 follow-ups are tasks (due date, optional time, note, done)' },
  initial: 'ready#due',
  initialContext: { entries: [a, b], error: null },
  initialTags: [],
  events: [
    'postpone',
    'postponeTimeOnly',
    'postponeNoteOnly',
    'postponeUnknown',
    'clear',
    'done',
    'doneWithout',
    'doneUnknown',
    'saved',
    'doneSaved',
    'saveFailed',
  ],
  states: {
    'ready#due': {
      postpone: {
        target: 'savingFollowUp#postpone',
        context: { error: null },
        invoked: save({ entry: 'a', date: '2026-12-01', time: '09:30', note: 'Vertrag' }),
        tags: busy,
      },
      clear: {
        target: 'savingFollowUp#clear',
        invoked: save({ entry: 'a', date: null, time: null, note: null }),
        tags: busy,
      },
      done: {
        target: 'savingFollowUp#done',
        context: { error: null },
        invoked: save({ entry: 'a', done: true }),
        tags: busy,
      },
    },
    'savingFollowUp#postpone': {
      saved: { target: 'ready#postponed', context: { entries: [postponed, b] }, tags: [] },
      saveFailed: {
        target: 'ready#failed',
        context: { entries: [a, b], error: 'pipeline.follow_up_day_required' },
        tags: [],
      },
    },
    'savingFollowUp#done': {
      doneSaved: { target: 'ready#done', context: { entries: [done, b], error: null }, tags: [] },
      saveFailed: {
        target: 'ready#doneFailed',
        context: { entries: [a, b], error: 'pipeline.follow_up_day_required' },
        tags: [],
      },
    },
  },
};

/** The board with Anna's follow-up due (no call made), and the events of the table. */
export function startFollowUps({ pipelineBoardMachine }: typeof BoardModule, inspect?: Inspector) {
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
  const snapshot = machine.resolveState({
    value: 'ready',
    context: {
      jobUuid: 'job',
      entries: [a, b],
      selected: [],
      before: null,
      error: null,
      moved: null,
      undoable: null,
    },
  });
  const actor = createActor(machine, { input: { jobUuid: 'job' }, snapshot, inspect }).start();
  const followUp = (entry: string, date: string | null, time?: string, note?: string) => () =>
    actor.send({ type: 'board.followUp', entry, date, ...(time ? { time } : {}), ...(note ? { note } : {}) });
  const sends: Record<string, () => void> = {
    postpone: followUp('a', '2026-12-01', '09:30', '  Vertrag '),
    postponeTimeOnly: followUp('a', null, '16:00'),
    postponeNoteOnly: followUp('a', null, undefined, 'ohne Tag'),
    postponeUnknown: followUp('x', '2026-12-01'),
    clear: followUp('a', null),
    done: () => actor.send({ type: 'board.followUpDone', entry: 'a' }),
    doneWithout: () => actor.send({ type: 'board.followUpDone', entry: 'b' }),
    doneUnknown: () => actor.send({ type: 'board.followUpDone', entry: 'x' }),
  };
  // Each answer comes only to its call: "saved" to a day sent, "doneSaved" to a done, a failure to either.
  const answers: Record<string, readonly ['done' | 'error', unknown, 'day' | 'done' | 'any']> = {
    saved: ['done', postponed, 'day'],
    doneSaved: ['done', done, 'done'],
    saveFailed: ['error', { code: 'pipeline.follow_up_day_required' }, 'any'],
  };
  let asked: 'day' | 'done' | null = null;
  return {
    actor,
    fx,
    async send(event: string) {
      const before = actor.getSnapshot().matches('savingFollowUp');
      sends[event]?.();
      if (!before && actor.getSnapshot().matches('savingFollowUp')) asked = event === 'done' ? 'done' : 'day';
      const answer = answers[event];
      if (
        answer &&
        actor.getSnapshot().matches('savingFollowUp') &&
        (answer[2] === 'any' || answer[2] === asked)
      )
        fx.settleLatest('saveFollowUp', answer[0], answer[1]);
      await flush();
    },
    ...observed(actor, fx),
  };
}
