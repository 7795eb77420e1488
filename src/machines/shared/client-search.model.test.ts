import { expect, it } from 'vitest';
import type { ClientHit } from '../../../contract/client';
import {
  describeModelTable,
  type Expectation,
  type Inspector,
  type ModelTable,
} from '../../../tests/support/model';
import { searchHarness } from '../../../tests/support/search-harness';
import { standInOutcomes } from '../../../tests/support/stand-ins';
import type * as ClientSearchModule from './client-search.machine';

/*
 * The client field's expectation, written apart from the machine: for each state and each thing the
 * agent or the network can do, the next state, the context, the tags and the effects (a search
 * started with its query, a running one aborted). The pause is 250 ms and the failure code
 * `client.search_failed` (stated here, not read from the machine). Whatever is typed lets go of the
 * chosen company; clearing leaves none in every state.
 */

const PAUSE_MS = 250;
const MAINSOFT: ClientHit = { uuid: 'c1', name: 'Mainsoft AG', city: 'Frankfurt am Main' };
const search = [{ src: 'searchClients', input: { query: 'Main' } }];
const abort = [{ src: 'abort', input: { query: 'Main' } }];

const typing = (aborts: boolean): Record<string, Expectation> => ({
  typeNothing: {
    target: 'idle',
    context: { query: '  ', hits: [], chosen: null, error: null },
    tags: [],
    ...(aborts ? { invoked: abort } : {}),
  },
  type: {
    target: 'debouncing',
    context: { query: ' Main ', chosen: null, error: null },
    tags: [],
    ...(aborts ? { invoked: abort } : {}),
  },
  clear: {
    target: 'idle',
    context: { query: '', hits: [], chosen: null, error: null },
    tags: [],
    ...(aborts ? { invoked: abort } : {}),
  },
});

const table: ModelTable = {
  initial: 'idle',
  initialContext: { query: '', hits: [], chosen: null, error: null },
  initialTags: [],
  events: ['typeNothing', 'type', 'clear', 'pause', 'answer', 'fail', 'choose', 'retry'],
  states: {
    idle: { ...typing(false) },
    debouncing: {
      ...typing(false),
      pause: { target: 'searching', context: { query: ' Main ' }, invoked: search, tags: ['busy'] },
    },
    searching: {
      ...typing(true),
      answer: { target: 'results', context: { hits: [MAINSOFT], error: null }, tags: [] },
      fail: { target: 'failed', context: { error: 'client.search_failed' }, tags: ['error'] },
    },
    results: {
      ...typing(false),
      choose: {
        target: 'idle',
        // The list stays: the combobox keeps the chosen company among its options.
        context: {
          query: 'Mainsoft AG',
          hits: [MAINSOFT],
          chosen: { uuid: 'c1', name: 'Mainsoft AG' },
          error: null,
        },
        tags: [],
      },
    },
    failed: {
      ...typing(false),
      retry: {
        target: 'searching',
        context: { error: 'client.search_failed' },
        invoked: search,
        tags: ['busy'],
      },
    },
  },
};

/** Drives the real machine: a simulated clock for the pause, a search the test answers. */
function harness(
  { clientSearchMachine }: typeof ClientSearchModule,
  inspect?: Inspector,
  input: { chosen?: { uuid: string; name: string } | null } = {},
) {
  return searchHarness(clientSearchMachine, {
    label: 'searchClients',
    pauseMs: PAUSE_MS,
    answer: [MAINSOFT],
    steps: {
      typeNothing: { type: 'search.type', query: '  ' },
      type: { type: 'search.type', query: ' Main ' },
      clear: { type: 'search.clear' },
      choose: { type: 'search.choose', hit: MAINSOFT },
      retry: { type: 'search.retry' },
    },
    input,
    inspect,
  });
}

describeModelTable({
  name: 'client-search',
  load: () => import('./client-search.machine'),
  machines: (m) => [m.clientSearchMachine],
  tables: [{ table, start: (m, inspect) => harness(m, inspect) }],
  everyTransition: true,
  rowForEveryLeafBut: [],
  more: (module) => {
    it('needs the app to provide the search: the stand-in fails, naming the call and the field', async () => {
      expect(await standInOutcomes(module().clientSearchMachine, ['search'], { query: 'x' })).toEqual({
        search: 'Error: search is provided by the app (clientSearch)',
      });
    });

    it("opens on a job's client: its name in the input, chosen until something else is typed", async () => {
      const driver = harness(module(), undefined, { chosen: { uuid: 'c9', name: 'Klinikum Isartal' } });
      expect(driver.snapshot().context).toMatchObject({
        query: 'Klinikum Isartal',
        chosen: { uuid: 'c9', name: 'Klinikum Isartal' },
      });
      await driver.send('type');
      expect(driver.actor.getSnapshot().context.chosen).toBeNull();
    });

    it('asks once per pause in typing: each keystroke restarts the wait', async () => {
      const driver = harness(module());
      await driver.send('type');
      driver.clock.increment(PAUSE_MS - 1);
      await driver.send('type');
      driver.clock.increment(PAUSE_MS - 1);
      expect(driver.calls()).toEqual([]);
      await driver.send('pause');
      expect(driver.calls()).toEqual(search);
    });
  },
});
