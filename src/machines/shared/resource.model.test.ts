import { expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable, observed } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as ResourceModule from './resource.machine';

const first = { sort: 'score', page: 1, q: '' };
const second = { sort: 'name', page: 2, q: '' };
const typed = { sort: 'score', page: 1, q: 'mül' };
const pageOne = { items: ['a'], total: 2 };
/** An answer with a single page: a query for page 2 asked past the last one ("page 999 of 11"). */
const onePage = { items: [], total: 1, limit: 20 };
/** `second` clamped to the last page (issue 22: the list machine clamps, screens only render). */
const clamped = { ...second, page: 1 };
const busy = ['busy'];

/** Every table's loading, written by hand. */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §6 screens' },
  initial: 'idle',
  // Nothing asked, nothing shown yet.
  initialContext: { query: null, data: null, error: null },
  initialTags: [],
  events: ['load', 'loadOther', 'type', 'pause', 'answered', 'answeredOnePage', 'failed', 'reload', 'retry'],
  states: {
    idle: {
      load: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchData', input: first }],
        tags: busy,
      },
      // The first query loads at once, whatever it holds.
      loadOther: {
        target: 'loading#page2',
        context: { query: second },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
      type: {
        target: 'loading',
        context: { query: typed },
        invoked: [{ src: 'fetchData', input: typed }],
        tags: busy,
      },
    },
    loading: {
      // A newer query replaces the one in flight.
      loadOther: {
        target: 'loading#page2',
        context: { query: second },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      answered: { target: 'loaded', context: { data: pageOne, error: null }, tags: [] },
      // Page 1 is never past the last page.
      answeredOnePage: { target: 'loaded', context: { data: onePage, error: null }, tags: [] },
      failed: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
    },
    // Page 2 asked for.
    'loading#page2': {
      load: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchData', input: first }],
        tags: busy,
      },
      type: {
        target: 'loading',
        context: { query: typed },
        invoked: [{ src: 'fetchData', input: typed }],
        tags: busy,
      },
      answered: { target: 'loaded', context: { data: pageOne, error: null }, tags: [] },
      // The answer has one page only: the machine asks for the last page instead, so rows, count
      // and "page x of y" agree; the count stays visible meanwhile.
      answeredOnePage: {
        target: 'loading#clamped',
        context: { query: clamped, data: onePage, error: null },
        invoked: [{ src: 'fetchData', input: clamped }],
        tags: busy,
      },
      failed: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
    },
    'loading#clamped': {
      load: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchData', input: first }],
        tags: busy,
      },
      loadOther: {
        target: 'loading#page2',
        context: { query: second },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
      type: {
        target: 'loading',
        context: { query: typed },
        invoked: [{ src: 'fetchData', input: typed }],
        tags: busy,
      },
      answered: { target: 'loaded', context: { query: clamped, data: pageOne, error: null }, tags: [] },
      answeredOnePage: { target: 'loaded', context: { query: clamped, data: onePage }, tags: [] },
      failed: { target: 'failed', context: { error: 'network.unreachable' }, tags: [] },
    },
    loaded: {
      // The page stays while the next one loads.
      loadOther: {
        target: 'loading#page2',
        context: { query: second, data: pageOne },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed, data: pageOne }, tags: busy },
      reload: { target: 'loading', invoked: [{ src: 'fetchData', input: first }], tags: busy },
    },
    waiting: {
      // Erasing the search is typing too.
      load: { target: 'waiting', context: { query: first }, tags: busy },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      pause: { target: 'loading', invoked: [{ src: 'fetchData', input: typed }], tags: busy },
      loadOther: {
        target: 'loading#page2',
        context: { query: second },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
    },
    failed: {
      retry: {
        target: 'loading',
        context: { query: first },
        invoked: [{ src: 'fetchData', input: first }],
        tags: busy,
      },
      reload: { target: 'loading', invoked: [{ src: 'fetchData', input: first }], tags: busy },
      loadOther: {
        target: 'loading#page2',
        context: { query: second },
        invoked: [{ src: 'fetchData', input: second }],
        tags: busy,
      },
      type: { target: 'waiting', context: { query: typed }, tags: busy },
    },
  },
};

function start({ resourceMachine, RESOURCE_DEBOUNCE_MS }: typeof ResourceModule, inspect?: Inspector) {
  const fx = deferredActors(['fetchData'] as const);
  const actor = createActor(resourceMachine.provide({ actors: fx.actors }), { inspect }).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    if (fx.pending('fetchData') > 0 && actor.getSnapshot().matches('loading'))
      fx.settle('fetchData', outcome, value);
  };
  return {
    async send(event: string) {
      if (event === 'load') actor.send({ type: 'resource.load', query: first });
      else if (event === 'loadOther') actor.send({ type: 'resource.load', query: second });
      else if (event === 'type') actor.send({ type: 'resource.load', query: typed });
      else if (event === 'pause') await vi.advanceTimersByTimeAsync(RESOURCE_DEBOUNCE_MS);
      else if (event === 'answered') settle('done', pageOne);
      else if (event === 'answeredOnePage') settle('done', onePage);
      else if (event === 'failed') settle('error', new TypeError('Failed to fetch'));
      else if (event === 'reload') actor.send({ type: 'resource.reload' });
      else actor.send({ type: 'resource.retry' });
      await vi.advanceTimersByTimeAsync(0);
    },
    ...observed(actor, fx),
  };
}

describeModelTable({
  name: 'resource',
  load: () => import('./resource.machine'),
  machines: (m) => [m.resourceMachine],
  tables: [{ table, start }],
  everyTransition: true,
  beforeEach: () => vi.useFakeTimers(),
  afterEach: () => vi.useRealTimers(),
  more: (module) => {
    itNeedsTheAppsCalls(() => module().resourceMachine, {
      fetchData: "Error: fetchData is provided by the feature's actors",
    });

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
