import { expect, it } from 'vitest';
import type { GlobalSearchResponse } from '../../../contract/search';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
} from '../../../tests/support/model';
import { searchHarness } from '../../../tests/support/search-harness';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as GlobalSearchModule from './global-search.machine';

/*
 * The expectation, written apart from the machine: for each state and each thing an agent or the
 * network can do in the shell's search field, the next state, the context, the tags and the effects
 * (a search started with what query, a running one aborted). The pause is 200 ms, a query needs two
 * characters after trimming, and a failure leaves `search.failed` (stated here, not read from the
 * machine).
 */

const PAUSE_MS = 200;
const HITS: GlobalSearchResponse = {
  q: 'Mül',
  candidates: [
    {
      uuid: 'p1',
      type: 'stella',
      name: 'Anna Müller',
      email: 'anna@mail.test',
      city: 'Köln',
      matched: 'name',
    },
  ],
  companies: [],
  jobs: [{ uuid: 'j1', title: 'Müllerei', company: null, status: 'active', matched: 'title' }],
};
const search = [{ src: 'search', input: { query: 'Mül' } }];
const abort = [{ src: 'abort', input: { query: 'Mül' } }];

/** Typing and resetting are taken in every state; in `searching` both cancel the request. */
const typing = (aborts: boolean, hits: GlobalSearchResponse | null): Record<string, Expectation> => {
  const aborted = aborts ? { invoked: abort } : {};
  return {
    typeShort: { target: 'idle', context: { query: ' M ', hits: null, error: null }, tags: [], ...aborted },
    typeLong: { target: 'debouncing', context: { query: ' Mül ', hits, error: null }, tags: [], ...aborted },
    reset: { target: 'idle', context: { query: '', hits: null, error: null }, tags: [], ...aborted },
  };
};

const table: ModelTable = {
  initial: 'idle',
  initialContext: { query: '', hits: null, error: null },
  initialTags: [],
  events: ['typeShort', 'typeLong', 'reset', 'pause', 'answer', 'fail', 'retry'],
  states: {
    idle: { ...typing(false, null) },
    debouncing: {
      ...typing(false, null),
      // The query goes out trimmed.
      pause: { target: 'searching', context: { query: ' Mül ' }, invoked: search, tags: ['busy'] },
    },
    'debouncing#shown': {
      ...typing(false, HITS),
      pause: { target: 'searching#shown', context: { hits: HITS }, invoked: search, tags: ['busy'] },
    },
    searching: {
      ...typing(true, null),
      answer: { target: 'results', context: { query: ' Mül ', hits: HITS, error: null }, tags: [] },
      fail: { target: 'failed', context: { query: ' Mül ', error: 'search.failed' }, tags: ['error'] },
    },
    // A search after an answer keeps that answer on screen until the next one arrives.
    'searching#shown': {
      ...typing(true, HITS),
      answer: { target: 'results', context: { hits: HITS, error: null }, tags: [] },
      fail: { target: 'failed', context: { hits: HITS, error: 'search.failed' }, tags: ['error'] },
    },
    results: {
      ...typing(false, HITS),
      typeLong: { target: 'debouncing#shown', context: { query: ' Mül ', hits: HITS }, tags: [] },
    },
    failed: {
      ...typing(false, null),
      retry: { target: 'searching', context: { error: 'search.failed' }, invoked: search, tags: ['busy'] },
    },
  },
};

/** Drives the real machine: a simulated clock for the pause, a search the test answers. */
function harness({ globalSearchMachine }: typeof GlobalSearchModule, inspect?: Inspector) {
  return searchHarness(globalSearchMachine, {
    label: 'search',
    pauseMs: PAUSE_MS,
    answer: HITS,
    steps: {
      typeShort: { type: 'search.type', query: ' M ' },
      typeLong: { type: 'search.type', query: ' Mül ' },
      reset: { type: 'search.clear' },
      retry: { type: 'search.retry' },
    },
    inspect,
  });
}

describeModelTable({
  name: 'global-search',
  load: () => import('./global-search.machine'),
  machines: (m) => [m.globalSearchMachine],
  tables: [{ table, start: harness }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    it('needs the app to provide the search: the stand-in fails, naming the call and the field', async () => {
      expect(await standInOutcomes(module().globalSearchMachine, ['search'], { query: 'x' })).toEqual({
        search: 'Error: search is provided by the app (globalSearch)',
      });
    });

    it('waits for a pause in typing: each keystroke restarts the wait, and only the last query goes out', () => {
      const h = harness(module());
      h.actor.send({ type: 'search.type', query: 'Mü' });
      h.clock.increment(PAUSE_MS - 10);
      h.actor.send({ type: 'search.type', query: 'Mül' });
      h.clock.increment(PAUSE_MS - 10);
      expect(h.actor.getSnapshot().value).toBe('debouncing');
      expect(h.searches).toHaveLength(0);
      h.clock.increment(10);
      expect(h.searches.map((x) => x.query)).toEqual(['Mül']);
    });

    it('cancels the running request when the agent types on, and asks for the new query', () => {
      const h = harness(module());
      h.actor.send({ type: 'search.type', query: 'Mül' });
      h.clock.increment(PAUSE_MS);
      h.actor.send({ type: 'search.type', query: 'Müll' });
      expect(h.searches[0]?.signal.aborted).toBe(true);
      h.clock.increment(PAUSE_MS);
      expect(h.searches.map((x) => [x.query, x.signal.aborted])).toEqual([
        ['Mül', true],
        ['Müll', false],
      ]);
    });
  },
});
