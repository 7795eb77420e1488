import { fromPromise } from 'xstate';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

/**
 * Promise actors whose results a test decides: each invocation waits until the test calls
 * `settle(id, 'done', output)` or `settle(id, 'error', error)` — the replay of a model path turns
 * `xstate.done.actor.<id>` and `xstate.error.actor.<id>` events into exactly those calls.
 */
export function deferredActors<const Ids extends readonly string[]>(ids: Ids) {
  const queues = new Map<string, Pending[]>(ids.map((id) => [id, []]));
  const calls: { id: string; input: unknown }[] = [];
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise(
        ({ input }: { input: unknown }) =>
          new Promise((resolve, reject) => {
            calls.push({ id, input });
            queues.get(id)?.push({ resolve, reject, input });
          }),
      ),
    ]),
    // biome-ignore lint/suspicious/noExplicitAny: one deferred actor stands in for any promise actor's types
  ) as { [K in Ids[number]]: any };
  return {
    actors,
    calls,
    pending: (id: Ids[number]) => queues.get(id)?.length ?? 0,
    /**
     * Lists an effect that is no promise actor (an action the app provides: a saved file, a logout)
     * among `calls`, in the order it happened: a step's new calls are then the ones after it.
     */
    record(id: string, input: unknown) {
      calls.push({ id, input });
    },
    settle(id: Ids[number], outcome: 'done' | 'error', value: unknown) {
      const next = queues.get(id)?.shift();
      if (!next) throw new Error(`no ${id} invocation is waiting`);
      if (outcome === 'done') next.resolve(value);
      else next.reject(value);
    },
    /** Settles the newest waiting invocation (older ones may belong to actors a transition stopped). */
    settleLatest(id: Ids[number], outcome: 'done' | 'error', value: unknown) {
      const queue = queues.get(id) ?? [];
      const next = queue.pop();
      if (!next) throw new Error(`no ${id} invocation is waiting`);
      queue.length = 0;
      if (outcome === 'done') next.resolve(value);
      else next.reject(value);
    },
  };
}

/**
 * Lets promise reactions run (an actor's done/error event reaches its parent). setImmediate runs
 * after every queued reaction, as setTimeout(0) did, without its 1 ms floor: a model table that
 * flushes after every refused event took 28 s with it and takes 2 s (issue 40).
 */
export const flush = () => new Promise((resolve) => setImmediate(resolve));
