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

/** Loading `query`: the busy state a load, a retry or a reload starts. */
const loading = (target: string, query: unknown, context: Record<string, unknown> = {}) => ({
  target,
  context: { query, ...context },
  invoked: [{ src: 'fetchData', input: query }],
  tags: busy,
});
const loaded = (target: string, data: unknown, context: Record<string, unknown> = {}) => ({
  target,
  context: { data, error: null, ...context },
  tags: [],
});
const failedWith = (target: string) => ({ target, context: { error: 'network.unreachable' }, tags: [] });

/**
 * Every table's loading, written by hand. The machine remembers the query it holds, and what a new one
 * does depends on it: the same query again is refused, a change of the search text alone waits for a
 * pause, any other change loads at once. So a state is named by the query it holds: none (`first`),
 * `#page2` (`second`), `#typed` (`typed`), `#clamped` (`second` clamped to the last page); a waiting
 * pause holds `typed`, or `first` when the search was erased (`waiting#erased`).
 */
const table: ModelTable = {
  rules: { '*': 'PRODUCT §6 screens' },
  initial: 'idle',
  // Nothing asked, nothing shown yet.
  initialContext: { query: null, data: null, error: null },
  initialTags: [],
  events: ['load', 'loadOther', 'type', 'pause', 'answered', 'answeredOnePage', 'failed', 'reload', 'retry'],
  states: {
    idle: {
      load: loading('loading', first),
      // The first query loads at once, whatever it holds.
      loadOther: loading('loading#page2', second),
      type: loading('loading#typed', typed),
    },
    loading: {
      // A newer query replaces the one in flight.
      loadOther: loading('loading#page2', second),
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      answered: loaded('loaded', pageOne),
      // Page 1 is never past the last page.
      answeredOnePage: loaded('loaded', onePage),
      failed: failedWith('failed'),
    },
    // Page 2 asked for.
    'loading#page2': {
      load: loading('loading', first),
      type: loading('loading#typed', typed),
      answered: loaded('loaded#page2', pageOne),
      // The answer has one page only: the machine asks for the last page instead, so rows, count
      // and "page x of y" agree; the count stays visible meanwhile.
      answeredOnePage: loading('loading#clamped', clamped, { data: onePage, error: null }),
      failed: failedWith('failed#page2'),
    },
    // A search asked for at once (the first query, or after another sort or page).
    'loading#typed': {
      // Erasing the search is typing too: it waits for a pause.
      load: { target: 'waiting#erased', context: { query: first }, tags: busy },
      loadOther: loading('loading#page2', second),
      answered: loaded('loaded#typed', pageOne),
      answeredOnePage: loaded('loaded#typed', onePage),
      failed: failedWith('failed#typed'),
    },
    'loading#clamped': {
      load: loading('loading', first),
      loadOther: loading('loading#page2', second),
      type: loading('loading#typed', typed),
      answered: loaded('loaded#clamped', pageOne, { query: clamped }),
      answeredOnePage: loaded('loaded#clamped', onePage, { query: clamped }),
      failed: failedWith('failed#clamped'),
    },
    loaded: {
      // The page stays while the next one loads.
      loadOther: loading('loading#page2', second, { data: pageOne }),
      type: { target: 'waiting', context: { query: typed, data: pageOne }, tags: busy },
      reload: loading('loading', first),
    },
    'loaded#page2': {
      load: loading('loading', first),
      type: loading('loading#typed', typed),
      reload: loading('loading#page2', second),
    },
    'loaded#typed': {
      load: { target: 'waiting#erased', context: { query: first }, tags: busy },
      loadOther: loading('loading#page2', second),
      reload: loading('loading#typed', typed),
    },
    'loaded#clamped': {
      load: loading('loading', first),
      loadOther: loading('loading#page2', second),
      type: loading('loading#typed', typed),
      reload: loading('loading#clamped', clamped),
    },
    // Typing: the same text again changes nothing, the pause loads it.
    waiting: {
      load: { target: 'waiting#erased', context: { query: first }, tags: busy },
      pause: loading('loading#typed', typed),
      loadOther: loading('loading#page2', second),
    },
    'waiting#erased': {
      type: { target: 'waiting', context: { query: typed }, tags: busy },
      pause: loading('loading', first),
      loadOther: loading('loading#page2', second),
    },
    failed: {
      retry: loading('loading', first),
      reload: loading('loading', first),
      loadOther: loading('loading#page2', second),
      type: { target: 'waiting', context: { query: typed }, tags: busy },
    },
    'failed#page2': {
      retry: loading('loading#page2', second),
      reload: loading('loading#page2', second),
      load: loading('loading', first),
      type: loading('loading#typed', typed),
    },
    'failed#typed': {
      retry: loading('loading#typed', typed),
      reload: loading('loading#typed', typed),
      load: { target: 'waiting#erased', context: { query: first }, tags: busy },
      loadOther: loading('loading#page2', second),
    },
    'failed#clamped': {
      retry: loading('loading#clamped', clamped),
      reload: loading('loading#clamped', clamped),
      load: loading('loading', first),
      loadOther: loading('loading#page2', second),
      type: loading('loading#typed', typed),
    },
  },
};

function start({ resourceMachine, RESOURCE_DEBOUNCE_MS }: typeof ResourceModule, inspect?: Inspector) {
  const fx = deferredActors(['fetchData'] as const);
  const actor = createActor(resourceMachine.provide({ actors: fx.actors }), { inspect }).start();
  const settle = (outcome: 'done' | 'error', value: unknown) => {
    // The newest load answers: a query that replaced it stopped the older ones' actors.
    if (fx.pending('fetchData') > 0 && actor.getSnapshot().matches('loading'))
      fx.settleLatest('fetchData', outcome, value);
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

    // The clamp asks for the last page only past it: page 2 of two pages stays, page 3 of two is 2.
    it.each([
      [{ items: [], total: 25, limit: 20 }, 2, 2, 1],
      [{ items: [], total: 40, limit: 20 }, 3, 2, 2],
      [{ items: ['x'] }, 5, 5, 1],
      [{ items: [], total: 0, limit: 20 }, 3, 1, 2],
    ])('answered %j for page %i: shows page %i after %i load(s)', async (answer, page, shown, loads) => {
      const { resourceMachine, shownPage } = module();
      const fx = deferredActors(['fetchData'] as const);
      const actor = createActor(resourceMachine.provide({ actors: fx.actors })).start();
      expect(shownPage(actor.getSnapshot(), 7)).toBe(7);
      actor.send({ type: 'resource.load', query: { page } });
      for (let i = 0; i < loads; i++) {
        await vi.advanceTimersByTimeAsync(0);
        fx.settleLatest('fetchData', 'done', answer);
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(actor.getSnapshot().value).toBe('loaded');
      expect(fx.pending('fetchData')).toBe(0);
      expect(shownPage(actor.getSnapshot(), 7)).toBe(shown);
      actor.stop();
    });

    it('shows the fallback page for a query without one', () => {
      const { resourceMachine, shownPage } = module();
      const fx = deferredActors(['fetchData'] as const);
      const actor = createActor(resourceMachine.provide({ actors: fx.actors })).start();
      actor.send({ type: 'resource.load', query: { q: 'x', page: '2' } });
      expect(shownPage(actor.getSnapshot(), 4)).toBe(4);
      actor.stop();
    });
  },
});
