import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable, observed } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as PreviewModule from './job-preview.machine';
import type { PreviewQuery } from './job-preview.machine';

const query: PreviewQuery = {
  targetTypes: ['stella'],
  criteria: [{ key: 'skills', value: ['go'], weight: 4, must: true }],
};
const empty: PreviewQuery = { targetTypes: [], criteria: [] };
const answer = {
  considered: 300,
  included: 120,
  excludedBy: { skills: 180 },
  histogram: Array(20).fill(6),
  best: [98],
};
const busy = ['busy'];

/** The what-if, written by hand: a change waits for a pause, then asks; a new change starts over. */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §5 what-if' },
  initial: 'idle',
  // No criteria yet: nothing asked, no numbers.
  initialContext: { query: null, result: null, error: null },
  initialTags: [],
  events: ['update', 'clear', 'pause', 'answered', 'failed', 'retry'],
  states: {
    idle: {
      update: { target: 'waiting', context: { query }, tags: busy },
      clear: { target: 'idle', context: { query: null, result: null }, tags: [] },
    },
    waiting: {
      // Each change restarts the pause: no request yet.
      update: { target: 'waiting', context: { query }, tags: busy },
      clear: { target: 'idle', context: { query: null, result: null }, tags: [] },
      pause: { target: 'asking', invoked: [{ src: 'preview', input: query }], tags: busy },
    },
    asking: {
      update: { target: 'waiting', context: { query }, tags: busy },
      clear: { target: 'idle', context: { query: null, result: null }, tags: [] },
      answered: { target: 'shown', context: { result: answer, error: null }, tags: [] },
      failed: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
    },
    shown: {
      // The last answer stays visible while the next is asked for.
      update: { target: 'waiting', context: { query, result: answer }, tags: busy },
      clear: { target: 'idle', context: { query: null, result: null }, tags: [] },
    },
    failed: {
      retry: { target: 'asking', invoked: [{ src: 'preview', input: query }], tags: busy },
      update: { target: 'waiting', context: { query }, tags: busy },
      clear: { target: 'idle', context: { query: null, result: null, error: null }, tags: [] },
    },
  },
};

function start({ jobPreviewMachine, PREVIEW_DEBOUNCE_MS }: typeof PreviewModule, inspect?: Inspector) {
  const fx = deferredActors(['preview'] as const);
  const actor = createActor(jobPreviewMachine.provide({ actors: fx.actors }), { inspect }).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    // The newest question answers: a change that came between stopped the older ones' actors.
    if (fx.pending('preview') > 0 && actor.getSnapshot().matches('asking'))
      fx.settleLatest('preview', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'update') actor.send({ type: 'preview.update', query });
      else if (event === 'clear') actor.send({ type: 'preview.update', query: empty });
      else if (event === 'retry') actor.send({ type: 'preview.retry' });
      else if (event === 'pause') await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
      else if (event === 'answered') settle('done', answer);
      else settle('error', new TypeError('Failed to fetch'));
      await vi.advanceTimersByTimeAsync(0);
    },
    ...observed(actor, fx),
  };
}

describeModelTable({
  name: 'job preview',
  load: () => import('./job-preview.machine'),
  machines: (m) => [m.jobPreviewMachine],
  tables: [{ table, start }],
  everyTransition: true,
  beforeEach: () => vi.useFakeTimers(),
  afterEach: () => vi.useRealTimers(),
  more: (module) => {
    itNeedsTheAppsCalls(() => module().jobPreviewMachine, {
      preview: 'Error: preview is provided by the app',
    });

    it('asks once for several changes within one pause', async () => {
      const { PREVIEW_DEBOUNCE_MS } = module();
      const driver = start(module());
      await driver.send('update');
      await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 50);
      await driver.send('update');
      await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 50);
      expect(driver.calls()).toEqual([]);
      await vi.advanceTimersByTimeAsync(50);
      expect(driver.calls()).toHaveLength(1);
    });
  },
});
