import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  DebouncedSearchEvent,
  DebouncedSearchMachine,
} from '../../src/machines/shared/debounced-search.machine';
import { flush } from './deferred-actors';
import { type Inspector, type ModelDriver, snapshotOf } from './model';

/**
 * Drives a search field's machine (src/machines/shared/debounced-search.machine.ts) for a model
 * table: a simulated clock for the pause, a search the test answers. The table's own steps are events
 * (`steps`); `pause` lets the pause pass, `answer` and `fail` settle the running search (a result can
 * only arrive while it runs). Calls are recorded under `label` (the table's name of the search) and
 * as `abort` when a leaving state cancels one.
 */
export function searchHarness<THits, THit, TAnswer extends THits>(
  machine: DebouncedSearchMachine<THits, THit, TAnswer>,
  options: {
    label: string;
    pauseMs: number;
    answer: TAnswer;
    steps: Record<string, DebouncedSearchEvent<THit>>;
    input?: { query?: string; chosen?: THit | null };
    inspect?: Inspector;
  },
) {
  const clock = new SimulatedClock();
  const searches: { query: string; signal: AbortSignal; settle: (ok: boolean) => void }[] = [];
  const effects: { src: string; input: unknown }[] = [];
  const provided = machine.provide({
    actors: {
      search: fromPromise<TAnswer, { query: string }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            effects.push({ src: options.label, input: { query: input.query } });
            signal.addEventListener('abort', () =>
              effects.push({ src: 'abort', input: { query: input.query } }),
            );
            searches.push({
              query: input.query,
              signal,
              settle: (ok) => (ok ? resolve(options.answer) : reject(new Error('offline'))),
            });
          }),
      ),
    },
  });
  const actor = createActor(provided, {
    clock,
    input: options.input ?? {},
    inspect: options.inspect,
  }).start();
  const driver = {
    async send(step: string) {
      if (step === 'pause') clock.increment(options.pauseMs);
      else if (step === 'answer' || step === 'fail') {
        const open = searches.at(-1);
        if (open && !open.signal.aborted && actor.getSnapshot().matches('searching'))
          open.settle(step === 'answer');
      } else {
        const event = options.steps[step];
        if (!event) throw new Error(`no step ${step}`);
        actor.send(event);
      }
      await flush();
    },
    snapshot: () => snapshotOf(actor),
    calls: () => effects,
  };
  return { ...(driver satisfies ModelDriver), actor, clock, searches };
}
