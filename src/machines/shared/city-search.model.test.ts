import { expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { BERLIN } from '../../../tests/support/cities';
import { flush } from '../../../tests/support/deferred-actors';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
} from '../../../tests/support/model';
import { searchHarness } from '../../../tests/support/search-harness';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as CitySearchModule from './city-search.machine';

/*
 * The expectation, written apart from the machine: for each state and each thing a user or the
 * network can do, the next state, the context after it, the tags, and the effects — a search started
 * (with what query) or a running one aborted. Every path through this table is replayed on the real
 * machine by replayPath(); every step the table leaves out for a state is sent too and must change
 * nothing. The pause is 250 ms of typing rest and the failure code is `city.search_failed` (stated
 * here, not read from the machine).
 */

const PAUSE_MS = 250;
const search = [{ src: 'searchCities', input: { query: 'Ber' } }];
const abort = [{ src: 'abort', input: { query: 'Ber' } }];

/** Typing is taken in every state: too short a query clears the list; a long one waits for a pause. */
const typing = (aborts: boolean): Record<string, Expectation> => ({
  typeShort: {
    target: 'idle',
    context: { query: 'B', hits: [], error: null },
    tags: [],
    ...(aborts ? { invoked: abort } : {}),
  },
  typeLong: {
    target: 'debouncing',
    context: { query: ' Ber ', error: null },
    tags: [],
    ...(aborts ? { invoked: abort } : {}),
  },
});

const table: ModelTable = {
  rules: { '*': 'PRODUCT §4 city' },
  initial: 'idle',
  initialContext: { query: '', hits: [], error: null },
  initialTags: [],
  events: ['typeShort', 'typeLong', 'pause', 'answer', 'fail', 'choose', 'retry'],
  states: {
    idle: { ...typing(false) },
    debouncing: {
      ...typing(false),
      // The query goes out trimmed.
      pause: { target: 'searching', context: { query: ' Ber ' }, invoked: search, tags: ['busy'] },
    },
    // Typing while a search runs cancels its request.
    searching: {
      ...typing(true),
      answer: { target: 'results', context: { query: ' Ber ', hits: [BERLIN], error: null }, tags: [] },
      fail: { target: 'failed', context: { query: ' Ber ', error: 'city.search_failed' }, tags: ['error'] },
    },
    results: {
      ...typing(false),
      choose: { target: 'idle', context: { query: 'Berlin', hits: [], error: null }, tags: [] },
    },
    failed: {
      ...typing(false),
      retry: {
        target: 'searching',
        context: { error: 'city.search_failed' },
        invoked: search,
        tags: ['busy'],
      },
    },
  },
};

/** Drives the real machine: a simulated clock for the pause, a search the test answers. */
function harness({ citySearchMachine }: typeof CitySearchModule, inspect?: Inspector) {
  return searchHarness(citySearchMachine, {
    label: 'searchCities',
    pauseMs: PAUSE_MS,
    answer: [BERLIN],
    steps: {
      typeShort: { type: 'search.type', query: 'B' },
      typeLong: { type: 'search.type', query: ' Ber ' },
      choose: { type: 'search.choose', hit: BERLIN },
      retry: { type: 'search.retry' },
    },
    inspect,
  });
}

describeModelTable({
  name: 'city-search',
  load: () => import('./city-search.machine'),
  machines: (m) => [m.citySearchMachine],
  tables: [{ table, start: harness }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    it('needs the app to provide the search: the stand-in fails, naming the call and the field', async () => {
      expect(await standInOutcomes(module().citySearchMachine, ['search'], { query: 'x' })).toEqual({
        search: 'Error: search is provided by the app (citySearch)',
      });
    });

    it('waits for a pause in typing: each keystroke restarts the wait', () => {
      const h = harness(module());
      h.actor.send({ type: 'search.type', query: 'Be' });
      h.clock.increment(PAUSE_MS - 10);
      h.actor.send({ type: 'search.type', query: 'Ber' });
      h.clock.increment(PAUSE_MS - 10);
      expect(h.actor.getSnapshot().value).toBe('debouncing');
      expect(h.searches).toHaveLength(0);
      h.clock.increment(10);
      expect(h.actor.getSnapshot().value).toBe('searching');
      expect(h.searches.map((x) => x.query)).toEqual(['Ber']);
    });

    it('searches from two characters on, counted without the spaces around them', () => {
      const h = harness(module());
      h.actor.send({ type: 'search.type', query: ' B ' });
      expect(h.actor.getSnapshot().value).toBe('idle');
      h.actor.send({ type: 'search.type', query: 'Be' });
      expect(h.actor.getSnapshot().value).toBe('debouncing');
      h.clock.increment(PAUSE_MS);
      expect(h.searches.map((x) => x.query)).toEqual(['Be']);
    });

    it('needs the app to provide the search: the stand-in fails', async () => {
      const clock = new SimulatedClock();
      const actor = createActor(module().citySearchMachine, { clock, input: {} }).start();
      actor.send({ type: 'search.type', query: 'Ber' });
      clock.increment(PAUSE_MS);
      await flush();
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error).toBe('city.search_failed');
    });
  },
});
