import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CityHit } from '../../contract/catalog';
import {
  CITY_DEBOUNCE_MS,
  CITY_SEARCH_FAILED,
  type CitySearchContext,
  citySearchMachine,
} from './city-search.machine';

/*
 * The expectation, written apart from the machine: for each state and each thing a user or the
 * network can do, the next state, the context after it, the tags, and whether a search starts (and
 * with what). Every path through this table is replayed on the real machine; every step the table
 * leaves out for a state is sent too and must change nothing.
 */

const BERLIN: CityHit = {
  id: 2950159,
  name: 'Berlin',
  country: 'DE',
  lat: 52.52437,
  lng: 13.41053,
  population: 3,
};

type State = 'idle' | 'debouncing' | 'searching' | 'results' | 'failed';
type Step = 'typeShort' | 'typeLong' | 'pause' | 'answer' | 'fail' | 'choose' | 'retry';

interface Expectation {
  to: State;
  context: (before: CitySearchContext) => CitySearchContext;
  /** The search input this step starts, if any. */
  search?: { query: string };
}

const typedShort = (c: CitySearchContext) => ({ ...c, query: 'B', hits: [], error: null });
const typedLong = (c: CitySearchContext) => ({ ...c, query: ' Ber ', error: null });
const same = (c: CitySearchContext) => c;
const typing = {
  typeShort: { to: 'idle', context: typedShort },
  typeLong: { to: 'debouncing', context: typedLong },
} satisfies Partial<Record<Step, Expectation>>;

const TABLE: Record<State, Partial<Record<Step, Expectation>>> = {
  idle: { ...typing },
  debouncing: {
    ...typing,
    pause: { to: 'searching', context: same, search: { query: 'Ber' } },
  },
  searching: {
    ...typing,
    answer: { to: 'results', context: (c) => ({ ...c, hits: [BERLIN] }) },
    fail: { to: 'failed', context: (c) => ({ ...c, error: CITY_SEARCH_FAILED }) },
  },
  results: {
    ...typing,
    choose: { to: 'idle', context: () => ({ query: 'Berlin', hits: [], error: null }) },
  },
  failed: {
    ...typing,
    retry: { to: 'searching', context: same, search: { query: 'Ber' } },
  },
};
const TAGS: Record<State, string[]> = {
  idle: [],
  debouncing: [],
  searching: ['busy'],
  results: [],
  failed: ['error'],
};
const STEPS: Step[] = ['typeShort', 'typeLong', 'pause', 'answer', 'fail', 'choose', 'retry'];
const START: CitySearchContext = { query: '', hits: [], error: null };

/** Drives the real machine: a simulated clock for the pause, a search the test answers. */
function harness() {
  const clock = new SimulatedClock();
  const searches: { query: string; signal: AbortSignal; settle: (ok: boolean) => void }[] = [];
  const provided = citySearchMachine.provide({
    actors: {
      searchCities: fromPromiseSearch(searches),
    },
  });
  const actor = createActor(provided, { clock, input: {} }).start();
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    clock,
    searches,
    async perform(step: Step) {
      switch (step) {
        case 'typeShort':
          actor.send({ type: 'city.type', query: 'B' });
          break;
        case 'typeLong':
          actor.send({ type: 'city.type', query: ' Ber ' });
          break;
        case 'pause':
          clock.increment(CITY_DEBOUNCE_MS);
          break;
        case 'answer':
        case 'fail': {
          const open = searches.at(-1);
          if (open && !open.signal.aborted) open.settle(step === 'answer');
          break;
        }
        case 'choose':
          actor.send({ type: 'city.choose', hit: BERLIN });
          break;
        case 'retry':
          actor.send({ type: 'city.retry' });
          break;
      }
      await flush();
    },
  };
}

function fromPromiseSearch(searches: ReturnType<typeof harness>['searches']) {
  return fromPromise<CityHit[], { query: string }>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        searches.push({
          query: input.query,
          signal,
          settle: (ok) => (ok ? resolve([BERLIN]) : reject(new Error('offline'))),
        });
      }),
  );
}

/** Every (state, step) of the table, each reached by the shortest path of table steps. */
function pathsOfTable(): { name: string; steps: Step[] }[] {
  const route = new Map<State, Step[]>([['idle', []]]);
  const queue: State[] = ['idle'];
  const paths: { name: string; steps: Step[] }[] = [];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const [step, expectation] of Object.entries(TABLE[state]) as [Step, Expectation][]) {
      const steps = [...route.get(state)!, step];
      paths.push({ name: `${state} --${step}--> ${expectation.to}`, steps });
      if (!route.has(expectation.to)) {
        route.set(expectation.to, steps);
        queue.push(expectation.to);
      }
    }
  }
  return paths;
}

const paths = pathsOfTable();
const covered = new Set<string>();
const visited = new Set<State>();

describe('city search machine, against its expectation table', () => {
  afterAll(() => {
    const transitions = Object.values(TABLE).reduce((n, row) => n + Object.keys(row).length, 0);
    process.stdout.write(
      `city-search model: ${visited.size}/${Object.keys(TABLE).length} states, ${covered.size}/${transitions} transitions, every refused step sent in each\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const h = harness();
    let state: State = 'idle';
    let context = START;
    for (const step of path.steps) {
      // Everything the table refuses here first: nothing may change, no search may start.
      for (const refused of STEPS.filter((s) => !TABLE[state][s])) {
        const before = h.actor.getSnapshot();
        const searchesBefore = h.searches.length;
        await h.perform(refused);
        const after = h.actor.getSnapshot();
        expect(after.value, `${state} refuses ${refused}`).toBe(before.value);
        expect(after.context, `${state} refuses ${refused}`).toEqual(before.context);
        expect(h.searches.length, `${state} refuses ${refused}`).toBe(searchesBefore);
      }
      const from = state;
      const expectation: Expectation = TABLE[state][step]!;
      const searchesBefore = h.searches.length;
      const running = h.searches.at(-1);
      await h.perform(step);
      context = expectation.context(context);
      state = expectation.to;
      visited.add(state);
      const snapshot = h.actor.getSnapshot();
      expect(snapshot.value, `after ${step}`).toBe(state);
      expect(snapshot.context, `after ${step}`).toEqual(context);
      expect([...snapshot.tags].sort(), `tags after ${step}`).toEqual(TAGS[state]);
      if (expectation.search) {
        expect(h.searches.length).toBe(searchesBefore + 1);
        expect(h.searches.at(-1)?.query).toBe(expectation.search.query);
      } else {
        expect(h.searches.length, `${step} starts no search`).toBe(searchesBefore);
      }
      // Typing while a search runs cancels its request; nothing else aborts one.
      if (running && from === 'searching' && (step === 'typeShort' || step === 'typeLong')) {
        expect(running.signal.aborted, `${step} aborts the running search`).toBe(true);
      }
    }
    covered.add(path.name);
  });

  it('waits for a pause in typing: each keystroke restarts the wait', () => {
    const h = harness();
    h.actor.send({ type: 'city.type', query: 'Be' });
    h.clock.increment(CITY_DEBOUNCE_MS - 10);
    h.actor.send({ type: 'city.type', query: 'Ber' });
    h.clock.increment(CITY_DEBOUNCE_MS - 10);
    expect(h.actor.getSnapshot().value).toBe('debouncing');
    expect(h.searches).toHaveLength(0);
    h.clock.increment(10);
    expect(h.actor.getSnapshot().value).toBe('searching');
    expect(h.searches.map((x) => x.query)).toEqual(['Ber']);
  });

  it('covered every state and every transition of the table, and the table names every state of the machine', () => {
    expect([...visited].sort()).toEqual(Object.keys(TABLE).sort());
    expect(covered.size).toBe(paths.length);
    expect(Object.keys(citySearchMachine.states).sort()).toEqual(Object.keys(TABLE).sort());
  });
});
