import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { parseScore, SCORE_FILTER_DEBOUNCE_MS, scoreFilterMachine } from './score-filter.machine';

describe('the minimum-score filter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const started = (minScore?: number) => {
    const actor = createActor(scoreFilterMachine, { input: { minScore } }).start();
    const applied: (number | undefined)[] = [];
    actor.on('score.apply', (e) => applied.push(e.minScore));
    return { actor, applied };
  };

  it('applies what is typed after a pause, once per pause, without Enter or leaving the field', () => {
    const { actor, applied } = started();
    actor.send({ type: 'score.type', text: '7' });
    vi.advanceTimersByTime(SCORE_FILTER_DEBOUNCE_MS - 1);
    actor.send({ type: 'score.type', text: '72' });
    vi.advanceTimersByTime(SCORE_FILTER_DEBOUNCE_MS - 1);
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual([72]);
    expect(actor.getSnapshot().context).toEqual({ text: '72', error: null });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('refuses 150 and -1 with a reason, applies nothing, and drops a value still waiting', () => {
    const { actor, applied } = started(50);
    expect(actor.getSnapshot().context.text).toBe('50');
    actor.send({ type: 'score.type', text: '15' });
    actor.send({ type: 'score.type', text: '150' });
    vi.advanceTimersByTime(SCORE_FILTER_DEBOUNCE_MS * 3);
    expect(applied).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: '150', error: 'field.too_large' });
    actor.send({ type: 'score.type', text: '-1' });
    expect(actor.getSnapshot().context.error).toBe('field.too_small');
    actor.send({ type: 'score.type', text: 'abc' });
    expect(actor.getSnapshot().context.error).toBe('field.invalid_type');
    // Corrected: the reason goes, the value applies.
    actor.send({ type: 'score.type', text: '100' });
    expect(actor.getSnapshot().context.error).toBeNull();
    vi.advanceTimersByTime(SCORE_FILTER_DEBOUNCE_MS);
    expect(applied).toEqual([100]);
  });

  it('an emptied field removes the filter', () => {
    const { actor, applied } = started(40);
    actor.send({ type: 'score.type', text: ' ' });
    vi.advanceTimersByTime(SCORE_FILTER_DEBOUNCE_MS);
    expect(applied).toEqual([undefined]);
  });

  it('reads scores as typed in German or English, bounds included', () => {
    expect(parseScore('72,5')).toEqual({ value: 72.5 });
    expect(parseScore('72.5')).toEqual({ value: 72.5 });
    expect(parseScore('0')).toEqual({ value: 0 });
    expect(parseScore('100')).toEqual({ value: 100 });
    expect(parseScore('100,1')).toEqual({ error: 'field.too_large' });
    expect(parseScore('-0,1')).toEqual({ error: 'field.too_small' });
    expect(parseScore('1e2')).toEqual({ error: 'field.invalid_type' });
  });
});
