import { relative } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { generatePaths } from '../qa/generators';
import {
  type QaFailure,
  type QaFile,
  type QaPathResult,
  type QaStep,
  qaRun,
  writeQaFile,
} from '../qa/run-options';
import { flush } from './deferred-actors';

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

/** One transition of a machine definition, named alike in the machine and in a `.provide()`d copy of it. */
interface TransitionDef {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] | undefined };
  eventType: string;
}

function transitionKey(def: TransitionDef): string {
  const always = def.source.always?.indexOf(def) ?? -1;
  if (always >= 0) return `${def.source.id} (always #${always})`;
  const index = def.source.transitions.get(def.eventType)?.indexOf(def) ?? -1;
  return `${def.source.id} --${def.eventType}--> #${index}`;
}

/**
 * Every transition the machine defines (each event's candidates, guarded or not, onDone / onError of
 * an invoke, `always`), by key: what `recordVisits(…, taken)` adds when one is taken.
 */
export function machineTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const defs of node.transitions.values())
      for (const def of defs) out.push(transitionKey(def as never));
    for (const def of node.always ?? []) out.push(transitionKey(def as never));
    for (const child of Object.values(node.states)) walk(child as AnyStateMachine['root']);
  };
  walk(machine.root);
  return out;
}

/**
 * An `inspect` callback that adds every state node the actor under test passes through, microsteps
 * included (the states an eventless transition leaves at once), to `visited`, and every transition it
 * takes to `taken` (keys of machineTransitions()).
 */
export function recordVisits(visited: Set<string>, taken?: Set<string>) {
  return (e: { type: string; actorRef: unknown; snapshot?: unknown; _transitions?: unknown[] }) => {
    if ((e.type === '@xstate.microstep' || e.type === '@xstate.snapshot') && isRoot(e.actorRef)) {
      for (const p of activePaths((e.snapshot as { value?: unknown }).value)) visited.add(p);
    }
    if (e.type === '@xstate.microstep' && taken && isRoot(e.actorRef)) {
      for (const def of e._transitions ?? []) taken.add(transitionKey(def as TransitionDef));
    }
  };
}

/** What the table says one event does in one state: where the machine goes and what it is seen doing. */
export interface Expectation {
  /** The state after the event, as its leaf paths joined by "|" ("idle", "a.b|a.c"). */
  target: string;
  /** Context fields that must hold after the event (the others are not asserted). */
  context?: Record<string, unknown>;
  /** Actors this event must start, with their input, in order; none if omitted. */
  invoked?: { src: string; input: unknown }[];
  /** Exactly the tags the machine must carry after the event. */
  tags?: string[];
  /** The rule of the specification this row checks ("SEED §4 token expiry", "PRODUCT §3 …"); else the table's. */
  rule?: string;
}

/**
 * A hand-written specification: for each state, the events it takes; every other event of `events` it
 * refuses. A state key may carry a label after `#` ("mfaPending#cooling") where the same machine state
 * must behave differently depending on its context: the machine is then checked to be in the state
 * before the `#`, and the label's row says what it takes. A row may list an event that is not in
 * `events` (time passing): it is sent only where listed, never as a refused event.
 */
export interface ModelTable {
  initial: string;
  /** Context fields that must hold before the first event. */
  initialContext?: Record<string, unknown>;
  /** Exactly the tags of the initial state. */
  initialTags?: string[];
  events: readonly string[];
  states: Record<string, Record<string, Expectation>>;
  /** The rule rows check when they name none, by state key ("*": every state). */
  rules?: Record<string, string>;
}

/** The rule a row checks: its own, else its state's, else the table's ("*"). */
export function ruleOf(table: ModelTable, from: string, expect: Expectation): string | undefined {
  return expect.rule ?? table.rules?.[from] ?? table.rules?.['*'];
}

/** The machine state a table key names: its label ("#…") removed. */
export function tableState(key: string): string {
  return key.replace(/#[^|]*/g, '');
}

/** The machine under test, driven by event names of the table. */
export interface ModelDriver {
  send(event: string): Promise<void>;
  snapshot(): { value: unknown; context: unknown; tags: Set<string> };
  /** Every actor invocation so far. */
  calls(): readonly { src: string; input: unknown }[];
}

/** A driver's snapshot of an actor; an actor that failed throws its error instead. */
export function snapshotOf(actor: AnyActorRef): ReturnType<ModelDriver['snapshot']> {
  const s = actor.getSnapshot();
  if (s.status === 'error') throw s.error;
  return { value: s.value, context: s.context, tags: s.tags as Set<string> };
}

/** A driver's view of a started actor and of the actors it called (tests/support/deferred-actors.ts). */
export function observed(
  actor: AnyActorRef,
  fx: { calls: readonly { id: string; input: unknown }[] },
): Pick<ModelDriver, 'snapshot' | 'calls'> {
  return {
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => fx.calls.map((c) => ({ src: c.id, input: c.input })),
  };
}

/** The ids of a snapshot's running child actors, sorted: what a table's `running` lists. */
export function runningChildren(snapshot: { children: Record<string, unknown> }): string[] {
  return Object.keys(snapshot.children)
    .filter((id) => snapshot.children[id] !== undefined)
    .sort();
}

/**
 * A resend time (the `resendCooldown` child's `allowedAt`) as a table writes it, relative to `t0` (the
 * test clock's now): the flow's usual cooldown, the 30 s a refusal's Retry-After asked for, or else the
 * time itself.
 */
export function resendTimeLabel(allowedAt: number | null, t0: number, cooldownMs: number) {
  if (allowedAt === t0 + cooldownMs) return 'cooldown from now';
  return allowedAt === t0 + 30_000 ? '30 s from now' : allowedAt;
}

/**
 * A driver's send() for tables whose events are sends to the actor or answers of the actors it
 * invoked (`[id, 'done' | 'error', value]`): an answer settles the newest invocation (deferred
 * actors' settleLatest), and only while that actor runs, since it can only arrive then.
 */
export function sendsAndAnswers<Id extends string>(
  actor: AnyActorRef,
  fx: { settleLatest(id: Id, outcome: 'done' | 'error', value: unknown): void },
  sends: Record<string, () => void>,
  answers: Record<string, readonly [Id, 'done' | 'error', unknown]>,
): (event: string) => Promise<void> {
  return async (event) => {
    const answer = answers[event];
    if (!answer) return sends[event]?.();
    const [id, outcome, value] = answer;
    if (!actor.getSnapshot().children[id]) return;
    fx.settleLatest(id, outcome, value);
    await flush();
  };
}

export interface TablePath {
  name: string;
  steps: { from: string; event: string; expect: Expectation }[];
}

/** The state of a snapshot as the table names it. */
export function stateKey(value: unknown): string {
  const paths = activePaths(value);
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`))).join('|');
}

/** One path per (state, event) of the table, reached by the table's shortest path: the paths come from the table, not the machine. */
export function tablePaths(table: ModelTable): TablePath[] {
  const route = new Map<string, TablePath['steps']>([[table.initial, []]]);
  const queue = [table.initial];
  const out: TablePath[] = [];
  while (queue.length > 0) {
    const from = queue.shift() as string;
    for (const [event, expect] of Object.entries(table.states[from] ?? {})) {
      const steps = [...(route.get(from) ?? []), { from, event, expect }];
      out.push({ name: `${from} --${event}--> ${expect.target}`, steps });
      if (!route.has(expect.target)) {
        route.set(expect.target, steps);
        queue.push(expect.target);
      }
    }
  }
  return out;
}

/**
 * Replays one table path on a fresh machine. Before each step every event the table refuses in that
 * state is sent and must change nothing (value, context, no actor started); then the step's event
 * must lead to the table's target with its context fields, tags and actor calls.
 */
export async function replayPath(
  table: ModelTable,
  path: TablePath,
  start: () => ModelDriver,
  check: (actual: unknown, expected: unknown, what: string) => void,
  options: {
    /** Told the index of each step before its refused events are sent (the QA tool names a failing step). */
    onStep?: (index: number) => void;
    /**
     * Whether a step's context and actor inputs are compared with its row. A row's values hold where the
     * path to it is the table's own (tablePaths: the shortest); a generated path may reach the row
     * otherwise, with other values (another tab's token), and is then held to the state, tags, the
     * actors started and the refused events changing nothing. Default: every step.
     */
    exact?: (index: number) => boolean;
  } = {},
): Promise<void> {
  const { onStep, exact = () => true } = options;
  const driver = start();
  const initial = driver.snapshot();
  check(stateKey(initial.value), tableState(table.initial), 'initial state');
  for (const [field, value] of Object.entries(table.initialContext ?? {})) {
    check((initial.context as Record<string, unknown>)[field], value, `initial context.${field}`);
  }
  if (table.initialTags) check([...initial.tags].sort(), [...table.initialTags].sort(), 'initial tags');
  for (const [index, step] of path.steps.entries()) {
    onStep?.(index);
    const taken = table.states[step.from] ?? {};
    for (const refused of table.events.filter((e) => !(e in taken))) {
      const before = driver.snapshot();
      const callsBefore = driver.calls().length;
      await driver.send(refused);
      const after = driver.snapshot();
      check(after.value, before.value, `${step.from} refuses ${refused}: value`);
      check(after.context, before.context, `${step.from} refuses ${refused}: context`);
      check(driver.calls().length, callsBefore, `${step.from} refuses ${refused}: no actor`);
    }
    const callsBefore = driver.calls().length;
    await driver.send(step.event);
    const after = driver.snapshot();
    const at = `${step.from} --${step.event}-->`;
    check(stateKey(after.value), tableState(step.expect.target), `${at} target`);
    if (exact(index)) {
      for (const [field, value] of Object.entries(step.expect.context ?? {})) {
        check((after.context as Record<string, unknown>)[field], value, `${at} context.${field}`);
      }
      check(driver.calls().slice(callsBefore), step.expect.invoked ?? [], `${at} actors`);
    } else {
      check(
        driver
          .calls()
          .slice(callsBefore)
          .map((c) => c.src),
        (step.expect.invoked ?? []).map((c) => c.src),
        `${at} actors started`,
      );
    }
    if (step.expect.tags) check([...after.tags].sort(), [...step.expect.tags].sort(), `${at} tags`);
  }
}

/**
 * Whether step `index` of a path over `table` is reached by the table's own route to its row (the
 * shortest, tablePaths): where a generated path follows it, the row's context and actor inputs hold
 * too; elsewhere only its state, tags, the actors it starts and the refused events.
 */
export function onTableRoute(table: ModelTable): (path: TablePath, index: number) => boolean {
  const routes = new Map(tablePaths(table).map((p) => [p.name, p.steps] as const));
  return (path, index) => {
    const step = path.steps[index];
    if (!step) return false;
    const route = routes.get(`${step.from} --${step.event}--> ${step.expect.target}`);
    return (
      route !== undefined &&
      route.length === index + 1 &&
      route.every((r, i) => r.from === path.steps[i]?.from && r.event === path.steps[i]?.event)
    );
  };
}

/** The leaf state nodes of a machine (those without children): the states a table names. */
export function leafStates(machine: AnyStateMachine): string[] {
  const states = stateNodePaths(machine);
  return states.filter((s) => !states.some((t) => t.startsWith(`${s}.`)));
}

/**
 * A module the tests load inside a hook rather than by a static import: a fault that breaks loading it
 * (a mutant turning `initial` into '') then fails every test, where a failed static import would leave
 * no test to fail — and Stryker counts a run without tests as a surviving mutant.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loaded: { module: T } | { error: unknown } | undefined;
  return {
    async load() {
      try {
        loaded = { module: await load() };
      } catch (error) {
        loaded = { error };
      }
    },
    get(): T {
      if (!loaded) throw new Error('module not loaded yet: call load() in beforeAll');
      if ('error' in loaded) throw loaded.error;
      return loaded.module;
    },
  };
}

/** What `createActor(…, { inspect })` takes: describeModelTable's recorder of states and transitions. */
export type Inspector = ReturnType<typeof recordVisits>;

/** One table of a model test and how to start the machine it specifies. */
export interface TableReplay<M> {
  /** Names the table when a machine has several ("agent, a new job"). */
  name?: string;
  table: ModelTable;
  /** A fresh machine for one path; `inspect` goes to its createActor (and to each child under test). */
  start: (module: M, inspect: Inspector) => ModelDriver;
}

export interface ModelTableTest<M> {
  /** The machine's name: the describe block's title and the coverage line's. */
  name: string;
  /**
   * Loads the machine's module in beforeAll, so a fault that breaks loading it (a mutant turning
   * `initial` into '') fails every test, where a failed static import would leave no test to fail and
   * Stryker would count the mutant as survived.
   */
  load: () => Promise<M>;
  /** The machines the tables specify: the root first, then children replayed with it (their states and transitions are recorded too). */
  machines: (module: M) => AnyStateMachine[];
  tables: TableReplay<M>[];
  /**
   * State nodes no replay passes through (left within the first microstep, no inspection event),
   * checked by the file's own tests; `id:path` names one of several machines' ("jobForm:starting").
   */
  unvisited?: string[];
  /**
   * The table names only leaf states of the root machine, and has a row for each but these (an
   * eventless state left at once). Omitted: not checked (tables whose keys join parallel regions).
   */
  rowForEveryLeafBut?: string[];
  /** Every transition the machines define (guarded alternatives, onDone / onError, `always`) must be taken. */
  everyTransition?: boolean;
  /** Fake timers and the like, around every test of the block. */
  beforeEach?: () => void;
  afterEach?: () => void;
  /** The file's other tests, inside the same block: `module()` is the loaded module, `inspect` records into the coverage. */
  more?: (module: () => M, inspect: Inspector) => void;
}

/** A table's rows as the QA tool names them. */
export function rowsOf(table: ModelTable): QaStep[] {
  return Object.entries(table.states).flatMap(([from, row]) =>
    Object.entries(row).map(([event, expect]) => {
      const rule = ruleOf(table, from, expect);
      return {
        from,
        event,
        target: expect.target,
        ...(rule ? { rule } : {}),
        ...(expect.context ? { context: expect.context } : {}),
        ...(expect.tags ? { tags: expect.tags } : {}),
        ...(expect.invoked ? { invoked: expect.invoked } : {}),
      } as QaStep;
    }),
  );
}

/**
 * The scaffolding of a model test (docs/testing.md): loads the machine in beforeAll, replays every path
 * of every table (`replayPath`: the refused events before each step, then the row's target, context,
 * tags and actor calls), records the states and transitions the machines passed through, prints the
 * coverage line, and asserts that every row ran, every state node was visited and, if asked, that the
 * table has a row for every leaf state and every defined transition was taken.
 *
 * Started by `npm run qa` (QA_OUT set, tests/qa/run-options.ts), it replays the paths of the chosen
 * generator and seed instead of one per row, writes each path's result to QA_OUT, and leaves the
 * coverage assertions to the QA report; with QA_DUMP=1 it only writes the tables and the machines.
 */
export function describeModelTable<M>(spec: ModelTableTest<M>): void {
  const qa = qaRun();
  const module = lazyModule(spec.load);
  const visited = new Map<string, Set<string>>();
  const taken = new Set<string>();
  const executed = spec.tables.map(() => new Set<string>());
  const machines = () => spec.machines(module.get());
  // States are recorded per machine (by its id), so a child's `idle` is not its parent's.
  const inspect: Inspector = (e) => {
    const id = (e.actorRef as { logic?: { id?: string } }).logic?.id;
    const machine = machines().find((m) => m.id === id);
    if (!machine) return;
    const own = visited.get(machine.id) ?? new Set<string>();
    visited.set(machine.id, own);
    const rooted = { ...e, actorRef: { _parent: undefined } };
    recordVisits(own, taken)(rooted);
  };
  const check = (actual: unknown, expected: unknown, what: string) => expect(actual, what).toEqual(expected);
  const chosen = spec.tables.filter((t) => !qa?.table || t.name === qa.table);
  /** The paths to replay, each with its number in the generator's order (what QA_PATH names). */
  const pathsOf = (replay: TableReplay<M>): [string, TablePath, number][] => {
    const all = (qa ? generatePaths(replay.table, qa.generator, qa.seed) : tablePaths(replay.table)).map(
      (p, i) => [p.name, p, i + 1] as [string, TablePath, number],
    );
    return qa?.path === undefined ? all : all.filter(([, , index]) => index === qa.path);
  };
  const results = new Map<TableReplay<M>, QaPathResult[]>();
  let testFile = '';

  const qaFile = (dump: boolean): QaFile => {
    let all: AnyStateMachine[] = [];
    try {
      all = machines();
    } catch {
      // the module did not load: the results say so through their failures
    }
    return {
      name: spec.name,
      file: testFile,
      generator: qa?.generator.text ?? '',
      seed: qa?.seed ?? 1,
      dump,
      tables: chosen.map((replay) => ({
        name: replay.name ?? spec.name,
        initial: replay.table.initial,
        events: [...replay.table.events],
        rows: rowsOf(replay.table),
        paths: results.get(replay) ?? [],
      })),
      machines: all.map((m) => {
        const transitions = machineTransitions(m);
        return {
          id: m.id,
          states: stateNodePaths(m),
          transitions,
          taken: transitions.filter((t) => taken.has(t)),
          visited: [...(visited.get(m.id) ?? [])].sort(),
        };
      }),
      finishedAt: new Date().toISOString(),
    };
  };

  describe(`${spec.name} machine, against its expectation table`, () => {
    beforeAll(module.load);
    if (qa?.dump) {
      it('writes its tables and machines for the QA tool', () => {
        testFile = relative(process.cwd(), expect.getState().testPath ?? '');
        writeQaFile(qa, spec.name, qaFile(true));
      });
      return;
    }
    if (spec.beforeEach) beforeEach(spec.beforeEach);
    if (spec.afterEach) afterEach(spec.afterEach);
    afterAll(() => {
      if (qa) writeQaFile(qa, spec.name, qaFile(false));
      let all: AnyStateMachine[];
      try {
        all = machines();
      } catch {
        return; // the module did not load: every test failed already
      }
      const leaves = all.flatMap((m) => leafStates(m).map((s) => `${m.id}:${s}`));
      const seen = leaves.filter((s) => {
        const [id, path] = s.split(':') as [string, string];
        return visited.get(id)?.has(path);
      });
      const defined = all.flatMap(machineTransitions);
      const rows = spec.tables.reduce((n, t) => n + tablePaths(t.table).length, 0);
      const ran = executed.reduce((n, s) => n + s.size, 0);
      process.stdout.write(
        `${spec.name} model: ${seen.length}/${leaves.length} leaf states, ${ran}/${rows} table transitions, ${defined.filter((t) => taken.has(t)).length}/${defined.length} machine transitions taken\n`,
      );
    });

    for (const replay of chosen) {
      const index = spec.tables.indexOf(replay);
      const paths = pathsOf(replay);
      const ran = executed[index] as Set<string>;
      const prefix = replay.name ? `${replay.name}: ` : '';
      const out: QaPathResult[] = [];
      results.set(replay, out);
      if (paths.length === 0) continue;
      const onRoute = onTableRoute(replay.table);
      it.each(paths)(
        `${prefix}%s`,
        async (name, path, pathIndex) => {
          testFile ||= relative(process.cwd(), expect.getState().testPath ?? '');
          let step = -1;
          let failure: QaFailure | undefined;
          const watched = (actual: unknown, expected: unknown, what: string) => {
            try {
              check(actual, expected, what);
            } catch (error) {
              failure = { step, what, expected, observed: actual, message: (error as Error).message };
              throw error;
            }
          };
          const result: QaPathResult = {
            index: pathIndex,
            name,
            steps: path.steps.map((s) => {
              const rule = ruleOf(replay.table, s.from, s.expect);
              return {
                from: s.from,
                event: s.event,
                target: s.expect.target,
                ...(rule ? { rule } : {}),
              } as QaStep;
            }),
            status: 'not run',
          };
          out.push(result);
          try {
            await replayPath(replay.table, path, () => replay.start(module.get(), inspect), watched, {
              onStep: (i) => {
                step = i;
              },
              // npm test replays the table's own routes: every step is held to its whole row.
              exact: qa
                ? (i) => {
                    const on = onRoute(path, i);
                    result.exactSteps = (result.exactSteps ?? 0) + (on ? 1 : 0);
                    return on;
                  }
                : undefined,
            });
            result.status = 'passed';
          } catch (error) {
            result.status = 'failed';
            result.failure = failure ?? {
              step,
              what: 'the replay',
              expected: 'no error',
              observed: String(error),
              message: (error as Error).message,
            };
            throw error;
          }
          ran.add(name);
        },
        // A generated walk may be hundreds of steps, each sending every refused event: the unit
        // project's five seconds a test would stop it half-way, and the QA tool would report a failure
        // with no step (issue 24).
        qa ? 120_000 : undefined,
      );
    }

    // A QA run replays its own paths and nothing else: its report shows what they covered.
    if (qa) return;
    spec.more?.(module.get, inspect);

    it('ran every row of the table and visited every state of the machine', () => {
      spec.tables.forEach((replay, index) => {
        const names = tablePaths(replay.table).map((p) => p.name);
        expect([...(executed[index] as Set<string>)].sort(), replay.name).toEqual(names.sort());
      });
      for (const machine of machines()) {
        const skipped = (s: string) =>
          (spec.unvisited ?? []).some((u) => u === s || u === `${machine.id}:${s}`);
        const states = stateNodePaths(machine).filter((s) => !skipped(s));
        expect([...(visited.get(machine.id) ?? [])].sort(), `${machine.id} states visited`).toEqual(
          states.sort(),
        );
      }
      if (spec.rowForEveryLeafBut) {
        const root = machines()[0] as AnyStateMachine;
        const leaves = leafStates(root);
        const named = new Set(
          spec.tables.flatMap((t) => Object.keys(t.table.states).flatMap((k) => tableState(k).split('|'))),
        );
        expect(
          [...named].filter((n) => !leaves.includes(n)),
          'rows of states the machine lacks',
        ).toEqual([]);
        const missing = leaves.filter((s) => !named.has(s) && !spec.rowForEveryLeafBut?.includes(s));
        expect(missing, 'leaf states without a row').toEqual([]);
      }
      if (spec.everyTransition) {
        const defined = machines().flatMap(machineTransitions);
        expect(
          defined.filter((t) => !taken.has(t)),
          'transitions never taken',
        ).toEqual([]);
      }
    });
  });
}
