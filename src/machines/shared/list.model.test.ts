import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import type * as ListModule from './list.machine';

const first = { sort: 'score', page: 1, q: '' };
const second = { sort: 'name', page: 2, q: '' };
const typed = { sort: 'score', page: 1, q: 'mül' };
const pageOne = { items: ['a'], total: 2 };
const busy = ['busy'];

/** Every table's loading, written by hand. */
const table: ModelTable = {
  initial: 'idle',
  events: ['load', 'loadOther', 'type', 'pause', 'answered', 'failed', 'reload', 'retry'],
  states: {
    idle: {
      load: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchPage', input: first }],
        tags: busy,
      },
      // The first query loads at once, whatever it holds.
      loadOther: {
        target: 'loading',
        context: { query: second },
        invoked: [{ src: 'fetchPage', input: second }],
        tags: busy,
      },
      type: {
        target: 'loading',
        context: { query: typed },
        invoked: [{ src: 'fetchPage', input: typed }],
        tags: busy,
      },
    },
    loading: {
      // A newer query replaces the one in flight.
      loadOther: {
        target: 'loading',
        context: { query: second },
        invoked: [{ src: 'fetchPage', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      answered: { target: 'loaded', context: { page: pageOne, error: null }, tags: [] },
      failed: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
    },
    loaded: {
      // The page stays while the next one loads.
      loadOther: {
        target: 'loading',
        context: { query: second, page: pageOne },
        invoked: [{ src: 'fetchPage', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed, page: pageOne }, tags: busy },
      reload: { target: 'loading', invoked: [{ src: 'fetchPage', input: first }], tags: busy },
    },
    waiting: {
      // Erasing the search is typing too.
      load: { target: 'waiting', context: { query: first }, tags: busy },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      pause: { target: 'loading', invoked: [{ src: 'fetchPage', input: typed }], tags: busy },
      loadOther: {
        target: 'loading',
        context: { query: second },
        invoked: [{ src: 'fetchPage', input: second }],
        tags: busy,
      },
    },
    failed: {
      retry: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchPage', input: first }],
        tags: busy,
      },
      reload: { target: 'loading', invoked: [{ src: 'fetchPage', input: first }], tags: busy },
      loadOther: {
        target: 'loading',
        context: { query: second },
        invoked: [{ src: 'fetchPage', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
    },
  },
};

function start({ listMachine, LIST_DEBOUNCE_MS }: typeof ListModule, inspect?: Inspector) {
  const fx = deferredActors(['fetchPage'] as const);
  const actor = createActor(listMachine.provide({ actors: fx.actors }), { inspect }).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending('fetchPage') > 0 && actor.getSnapshot().matches('loading'))
      fx.settle('fetchPage', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'load') actor.send({ type: 'list.load', query: first });
      else if (event === 'loadOther') actor.send({ type: 'list.load', query: second });
      else if (event === 'type') actor.send({ type: 'list.load', query: typed });
      else if (event === 'pause') await vi.advanceTimersByTimeAsync(LIST_DEBOUNCE_MS);
      else if (event === 'answered') settle('done', pageOne);
      else if (event === 'failed') settle('error', new TypeError('Failed to fetch'));
      else if (event === 'reload') actor.send({ type: 'list.reload' });
      else actor.send({ type: 'list.retry' });
      await vi.advanceTimersByTimeAsync(0);
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

describeModelTable({
  name: 'list',
  load: () => import('./list.machine'),
  machines: (m) => [m.listMachine],
  tables: [{ table, start }],
  everyTransition: true,
  beforeEach: () => vi.useFakeTimers(),
  afterEach: () => vi.useRealTimers(),
  more: (module) => {
    it('loads the same query once', async () => {
      const driver = start(module());
      await driver.send('load');
      await driver.send('answered');
      await driver.send('load');
      expect(driver.calls()).toHaveLength(1);
      expect(driver.snapshot().value).toBe('loaded');
    });
  },
});
