import { type ActorRefFrom, assertEvent, assign, emit, setup } from 'xstate';

/** Typing pauses this long before the filter applies: one new page per pause, not per key. */
export const SCORE_FILTER_DEBOUNCE_MS = 400;

/** A typed minimum score: a number 0–100 (German "72,5" too), nothing for no filter, or why not. */
export function parseScore(text: string): { value: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  const value = /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
  if (Number.isNaN(value)) return { error: 'field.invalid_type' };
  if (value < 0) return { error: 'field.too_small' };
  if (value > 100) return { error: 'field.too_large' };
  return { value };
}

export interface ScoreFilterContext {
  /** What the field shows. */
  text: string;
  /** Why the text is no score (a field error code); the filter in force stays meanwhile. */
  error: string | null;
}

export type ScoreFilterEvent = { type: 'score.type'; text: string };
export type ScoreFilterEmitted = { type: 'score.apply'; minScore: number | undefined };

/**
 * The results page's minimum-score filter (issue 22): it applies as the user types, after a pause,
 * and refuses what is no score 0–100 with a reason instead of clamping it silently. The page listens
 * for `score.apply` and puts the value in its address.
 */
export const scoreFilterMachine = setup({
  types: {
    context: {} as ScoreFilterContext,
    events: {} as ScoreFilterEvent,
    emitted: {} as ScoreFilterEmitted,
    input: {} as { minScore?: number | undefined },
  },
  delays: { debounce: SCORE_FILTER_DEBOUNCE_MS },
  guards: {
    isScore: ({ event }) => !('error' in parseScore(event.text)),
  },
  actions: {
    storeText: assign(({ event }) => {
      assertEvent(event, 'score.type');
      const parsed = parseScore(event.text);
      return { text: event.text, error: 'error' in parsed ? parsed.error : null };
    }),
    apply: emit(({ context }) => {
      const parsed = parseScore(context.text);
      return { type: 'score.apply' as const, minScore: 'value' in parsed ? parsed.value : undefined };
    }),
  },
}).createMachine({
  id: 'scoreFilter',
  context: ({ input }) => ({ text: input.minScore === undefined ? '' : String(input.minScore), error: null }),
  initial: 'idle',
  on: {
    'score.type': [
      { guard: 'isScore', target: '.waiting', reenter: true, actions: 'storeText' },
      // Refused: nothing is applied, and a pending value is dropped with the wait.
      { target: '.idle', actions: 'storeText' },
    ],
  },
  states: {
    idle: {},
    waiting: {
      tags: ['busy'],
      after: { debounce: { target: 'idle', actions: 'apply' } },
    },
  },
});

export type ScoreFilterActor = ActorRefFrom<typeof scoreFilterMachine>;
