import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, Snapshot, SnapshotFrom } from 'xstate';
import { type AdjacencyMap, type AdjacencyValue, getAdjacencyMap, serializeSnapshot } from 'xstate/graph';

type WithValue = { value?: unknown };

/** What the path generator needs of a model: xstate/graph's TestModel fits, and so does machineModel(). */
export interface GraphModel<S, E> {
  getAdjacencyMap(): AdjacencyMap<S, E>;
  options: { serializeState?: ((state: S, event: E | undefined, prev?: S) => string) | undefined };
}

/**
 * The reachable graph of a machine, traversed by xstate/graph without running its actors:
 * createTestModel() refuses machines that invoke actors or use delays (docs/decisions/0004),
 * so machines with side effects are modelled through getAdjacencyMap(). Invoked actors'
 * results are events here (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`).
 */
export function machineModel<M extends AnyStateMachine>(
  machine: M,
  options: { events: EventFromLogic<M>[]; input?: InputFrom<M> },
): GraphModel<SnapshotFrom<M>, EventFromLogic<M>> {
  return {
    getAdjacencyMap: () =>
      getAdjacencyMap(machine, { events: options.events, input: options.input } as never) as AdjacencyMap<
        SnapshotFrom<M>,
        EventFromLogic<M>
      >,
    options: { serializeState: (state) => serializeSnapshot(state as never) },
  };
}

export interface ModelStep<S, E> {
  event: E;
  /** The model's snapshot after the event: the system under test must be there too. */
  expected: S;
}

export interface TransitionPath<S, E> {
  /** "source --event--> target", by state values. */
  name: string;
  steps: ModelStep<S, E>[];
}

/**
 * One path per distinct transition of the model's reachable graph: the shortest event sequence to
 * the transition's source, then its event, with the model's snapshot after every step. Shortest
 * paths alone (one per state) would leave transitions untested (STACK.md trap 5). The caller
 * replays the steps on a real actor (xstate/graph's own path replay does not resolve eventless
 * transitions, so it is not used).
 */
export function pathsCoveringEveryTransition<S extends Snapshot<unknown>, E extends EventObject>(
  model: GraphModel<S, E>,
): TransitionPath<S, E>[] {
  const adjacency = model.getAdjacencyMap() as Record<string, AdjacencyValue<S, E>>;
  const serialize = model.options.serializeState ?? ((state: S) => serializeSnapshot(state as never));
  const keys = Object.keys(adjacency);
  const start = keys[0];
  if (start === undefined) return [];
  const route = new Map<string, ModelStep<S, E>[]>([[start, []]]);
  const queue = [start];
  const found = new Map<string, ModelStep<S, E>[]>();
  while (queue.length > 0) {
    const key = queue.shift() as string;
    const node = adjacency[key];
    if (!node) continue;
    for (const { event, state } of Object.values(node.transitions)) {
      // The traversal offers every event everywhere; an event the state does not handle is no transition.
      const source = node.state as unknown as { can?: (e: EventObject) => boolean };
      if (source.can && !source.can(event as EventObject)) continue;
      const steps = [...(route.get(key) ?? []), { event: event as E, expected: state as S }];
      const name = `${valueName(node.state)} --${(event as E).type}--> ${valueName(state)}`;
      if (!found.has(name)) found.set(name, steps);
      const next = serialize(state as S, event as E, node.state as S);
      if (!route.has(next)) {
        route.set(next, steps);
        queue.push(next);
      }
    }
  }
  return [...found].map(([name, steps]) => ({ name, steps }));
}

function valueName(snapshot: unknown): string {
  const value = (snapshot as WithValue).value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every state node's path in the machine definition ("authenticated", "authenticated.idle", …). */
export function stateNodePaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateMachine['root'], prefix: string[]) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = [...prefix, key];
      out.push(path.join('.'));
      walk(child as AnyStateMachine['root'], path);
    }
  };
  walk(machine.root, []);
  return out;
}

/** The state node paths a snapshot is in ("a", "a.b" for { a: 'b' }). */
export function activePaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [
      [...prefix, key].join('.'),
      ...activePaths(child, [...prefix, key]),
    ]);
  }
  return [];
}

/**
 * True for the actor under test rather than one it invoked. Inspection events of the initial state
 * arrive while createActor() is still running, before a test could compare with its result.
 */
export function isRoot(actorRef: unknown): boolean {
  return (actorRef as { _parent?: unknown })._parent === undefined;
}

/**
 * An `inspect` callback that adds every state node the actor under test passes through, microsteps
 * included (the states an eventless transition leaves at once), to `visited`.
 */
export function recordVisits(visited: Set<string>) {
  return (e: { type: string; actorRef: unknown; snapshot?: unknown }) => {
    if ((e.type === '@xstate.microstep' || e.type === '@xstate.snapshot') && isRoot(e.actorRef)) {
      for (const p of activePaths((e.snapshot as { value?: unknown }).value)) visited.add(p);
    }
  };
}
