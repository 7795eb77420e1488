import { expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelDriver,
  type ModelTable,
} from '../../../tests/support/model';
import type * as ScoreFilter from './score-filter.machine';

/*
 * The results page's minimum-score filter (issue 22), written apart from the machine: the page
 * starts it at 50; the agent types a German decimal with spaces, a score above 100, or empties the
 * field; the pause is 400 ms (`almost` is 399 ms of it, `pause` all of it). The effect is what the
 * page hears: `score.apply` with the minimum score (none for an emptied field), written here as an
 * `apply` call. A refused score shows its reason and applies nothing, and drops a value still
 * waiting.
 */

const PAUSE_MS = 400;
const scoreTyped = { text: ' 72,5 ', error: null };
const busy = ['busy'];

/** What typing does in every state: a score waits, a refused one stops at once, an empty field waits. */
const typing: Record<string, Expectation> = {
  typeScore: { target: 'waiting', context: scoreTyped, tags: busy },
  typeTooHigh: { target: 'idle#refused', context: { text: '150', error: 'field.too_large' }, tags: [] },
  typeEmpty: { target: 'waiting#empty', context: { text: '', error: null }, tags: busy },
};
const applied: Expectation = {
  target: 'idle#applied',
  context: scoreTyped,
  invoked: [{ src: 'apply', input: { minScore: 72.5 } }],
  tags: [],
};

const table: ModelTable = {
  rules: { '*': 'PRODUCT §6 screens' },
  initial: 'idle',
  initialContext: { text: '50', error: null },
  initialTags: [],
  events: ['typeScore', 'typeTooHigh', 'typeEmpty', 'almost', 'pause'],
  states: {
    // Time passing applies nothing while no value waits.
    idle: { ...typing },
    waiting: {
      ...typing,
      almost: { target: 'waiting#late', context: scoreTyped, tags: busy },
      pause: applied,
    },
    'waiting#late': {
      // Typing again restarts the pause.
      ...typing,
      typeScore: { target: 'waiting#restarted', context: scoreTyped, tags: busy },
      almost: applied,
      pause: applied,
    },
    'waiting#restarted': {
      ...typing,
      almost: { target: 'waiting#late', context: scoreTyped, tags: busy },
      pause: applied,
    },
    'waiting#empty': {
      ...typing,
      pause: {
        target: 'idle#cleared',
        context: { text: '', error: null },
        invoked: [{ src: 'apply', input: { minScore: undefined } }],
        tags: [],
      },
    },
    // The reason stays until a score is typed; the pending value is gone.
    'idle#refused': { ...typing },
    'idle#applied': { ...typing },
    'idle#cleared': {},
  },
};

/** The machine under the table's events: typing, the actor's simulated clock, and what the page hears. */
function driver(
  { scoreFilterMachine }: typeof ScoreFilter,
  inspect?: Inspector,
  input: { minScore?: number } = { minScore: 50 },
) {
  const heard: { src: string; input: unknown }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(scoreFilterMachine, { clock, input, inspect });
  actor.on('score.apply', (e) => heard.push({ src: 'apply', input: { minScore: e.minScore } }));
  actor.start();
  const typed: Record<string, string> = { typeScore: ' 72,5 ', typeTooHigh: '150', typeEmpty: '' };
  const waits: Record<string, number> = { almost: PAUSE_MS - 1, pause: PAUSE_MS };
  const model: ModelDriver = {
    async send(event) {
      const text = typed[event];
      if (text !== undefined) actor.send({ type: 'score.type', text });
      const ms = waits[event];
      if (ms !== undefined) clock.increment(ms);
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => heard,
  };
  return { actor, model };
}

describeModelTable<typeof ScoreFilter>({
  name: 'score-filter',
  load: () => import('./score-filter.machine'),
  machines: (m) => [m.scoreFilterMachine],
  tables: [{ table, start: (m, inspect) => driver(m, inspect).model }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    it('starts empty without a filter, and shows a filter of 0 as 0', () => {
      expect(driver(module(), undefined, {}).actor.getSnapshot().context).toEqual({
        text: '',
        error: null,
      });
      expect(driver(module(), undefined, { minScore: 0 }).actor.getSnapshot().context.text).toBe('0');
    });

    it('names each reason a typed text is no score, and reads German and English decimals', () => {
      const { parseScore, SCORE_FILTER_DEBOUNCE_MS } = module();
      expect(SCORE_FILTER_DEBOUNCE_MS).toBe(PAUSE_MS);
      const cases: [string, ReturnType<typeof parseScore>][] = [
        ['', { value: undefined }],
        ['   ', { value: undefined }],
        [' 7 ', { value: 7 }],
        ['0', { value: 0 }],
        ['0,5', { value: 0.5 }],
        ['99.75', { value: 99.75 }],
        ['100', { value: 100 }],
        ['100,01', { error: 'field.too_large' }],
        ['101', { error: 'field.too_large' }],
        ['-1', { error: 'field.too_small' }],
        ['-0,5', { error: 'field.too_small' }],
        ['abc', { error: 'field.invalid_type' }],
        ['7a', { error: 'field.invalid_type' }],
        ['a7', { error: 'field.invalid_type' }],
        ['7,', { error: 'field.invalid_type' }],
        [',5', { error: 'field.invalid_type' }],
        ['7;5', { error: 'field.invalid_type' }],
        ['1e2', { error: 'field.invalid_type' }],
        ['Infinity', { error: 'field.invalid_type' }],
        ['0x10', { error: 'field.invalid_type' }],
        ['--1', { error: 'field.invalid_type' }],
        ['+5', { error: 'field.invalid_type' }],
        ['7,5,1', { error: 'field.invalid_type' }],
      ];
      // No filter is a value of none (`'value' in`), not a missing one.
      for (const [text, parsed] of cases)
        expect(parseScore(text), JSON.stringify(text)).toStrictEqual(parsed);
    });
  },
});
