import type { Expectation, ModelTable, TablePath } from '../support/model';

/*
 * Path generators over an expectation table, in GraphWalker's notation: `generator(stop condition)`.
 * The graph is the table's (its rows are the edges: state --event--> target), not the machine's, so
 * the paths say what the specification expects; every path starts on a fresh machine in the table's
 * initial state. The same expression and seed give the same paths.
 *
 *   shortest(edge_coverage(100))      one path per row, each the shortest way to it and across it
 *                                     (what `npm test` replays: tablePaths())
 *   quick_random(edge_coverage(100))  walks to a random uncovered edge by the shortest way, again and again
 *   random(length(50))                a random walk of 50 steps (a new walk where a state takes nothing)
 *   postman                           every edge in as few walks as it can (see postmanWalks)
 *   a_star(reached(<state>))          the shortest path to the state (unit weights: breadth first)
 *
 * Stop conditions: edge_coverage(N), vertex_coverage(N), length(N), reached(S) (alias reached_vertex),
 * joined by `and` / `or` (`random(edge_coverage(100) or length(500))`).
 */

export interface Edge {
  /** "from --event--> target": the name of a table row and of the path that crosses it. */
  id: string;
  from: string;
  event: string;
  expect: Expectation;
}

export interface TableGraph {
  initial: string;
  vertices: string[];
  edges: Edge[];
  out: Map<string, Edge[]>;
}

export const edgeId = (from: string, event: string, target: string) => `${from} --${event}--> ${target}`;

/** The table as a graph: its states (the keys and every target) and its rows. */
export function tableGraph(table: ModelTable): TableGraph {
  const edges: Edge[] = [];
  const vertices = new Set<string>([table.initial]);
  const out = new Map<string, Edge[]>();
  for (const [from, row] of Object.entries(table.states)) {
    vertices.add(from);
    for (const [event, expect] of Object.entries(row)) {
      const edge = { id: edgeId(from, event, expect.target), from, event, expect };
      edges.push(edge);
      vertices.add(expect.target);
      out.set(from, [...(out.get(from) ?? []), edge]);
    }
  }
  return { initial: table.initial, vertices: [...vertices], edges, out };
}

/** Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// --- the expression -------------------------------------------------------------------------------

export type StopCondition =
  | { kind: 'edge_coverage' | 'vertex_coverage' | 'length'; value: number }
  | { kind: 'reached'; state: string }
  | { kind: 'and' | 'or'; parts: StopCondition[] };

export type GeneratorKind = 'shortest' | 'quick_random' | 'random' | 'postman' | 'a_star';

export interface GeneratorSpec {
  kind: GeneratorKind;
  stop: StopCondition | undefined;
  /** The expression as given, normalised: what a replay command repeats. */
  text: string;
}

export const GENERATORS: GeneratorKind[] = ['shortest', 'quick_random', 'random', 'postman', 'a_star'];
export const DEFAULT_GENERATOR = 'shortest(edge_coverage(100))';

export class GeneratorSyntaxError extends Error {}

function parseStop(text: string): StopCondition {
  const trimmed = text.trim();
  for (const joiner of [' or ', ' and '] as const) {
    const parts = splitTopLevel(trimmed, joiner);
    if (parts.length > 1) {
      return { kind: joiner.trim() as 'and' | 'or', parts: parts.map(parseStop) };
    }
  }
  const call = /^([a-z_]+)\((.*)\)$/.exec(trimmed);
  if (!call) throw new GeneratorSyntaxError(`not a stop condition: "${trimmed}"`);
  const [, name, arg = ''] = call;
  if (name === 'reached' || name === 'reached_vertex') {
    if (!arg.trim()) throw new GeneratorSyntaxError(`${name}() needs a state`);
    return { kind: 'reached', state: arg.trim() };
  }
  if (name === 'edge_coverage' || name === 'vertex_coverage' || name === 'length') {
    const value = Number(arg);
    const max = name === 'length' ? 100_000 : 100;
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new GeneratorSyntaxError(`${name}() takes a whole number from 1 to ${max}, not "${arg}"`);
    }
    return { kind: name, value };
  }
  throw new GeneratorSyntaxError(
    `unknown stop condition "${name}" (edge_coverage, vertex_coverage, length, reached)`,
  );
}

/** Splits at `joiner` outside parentheses. */
function splitTopLevel(text: string, joiner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && text.startsWith(joiner, i)) {
      parts.push(text.slice(start, i));
      start = i + joiner.length;
      i += joiner.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Reads `random(length(50))`, `postman`, … ; throws GeneratorSyntaxError with what is wrong. */
export function parseGenerator(text: string): GeneratorSpec {
  const trimmed = text.trim();
  const call = /^([a-z_]+)(?:\((.*)\))?$/.exec(trimmed);
  if (!call) throw new GeneratorSyntaxError(`not a generator: "${trimmed}"`);
  const [, name, inner] = call;
  if (!GENERATORS.includes(name as GeneratorKind)) {
    throw new GeneratorSyntaxError(`unknown generator "${name}" (${GENERATORS.join(', ')})`);
  }
  const kind = name as GeneratorKind;
  if (kind === 'postman') {
    if (inner?.trim()) throw new GeneratorSyntaxError('postman takes no stop condition');
    return { kind, stop: undefined, text: 'postman' };
  }
  if (inner === undefined || !inner.trim()) {
    throw new GeneratorSyntaxError(`${kind} needs a stop condition, e.g. ${kind}(edge_coverage(100))`);
  }
  const stop = parseStop(inner);
  if (kind === 'a_star' && stop.kind !== 'reached') {
    throw new GeneratorSyntaxError('a_star takes reached(<state>)');
  }
  return { kind, stop, text: `${kind}(${inner.trim()})` };
}

// --- walking ----------------------------------------------------------------------------------------

/** What the walks so far have covered: the stop conditions read it. */
interface Progress {
  edges: Set<string>;
  vertices: Set<string>;
  length: number;
  at: string;
}

function reachable(graph: TableGraph): { edges: Set<string>; vertices: Set<string> } {
  const vertices = new Set([graph.initial]);
  const edges = new Set<string>();
  const queue = [graph.initial];
  while (queue.length > 0) {
    for (const edge of graph.out.get(queue.shift() as string) ?? []) {
      edges.add(edge.id);
      if (!vertices.has(edge.expect.target)) {
        vertices.add(edge.expect.target);
        queue.push(edge.expect.target);
      }
    }
  }
  return { edges, vertices };
}

function stopped(stop: StopCondition, graph: TableGraph, progress: Progress): boolean {
  switch (stop.kind) {
    case 'and':
      return stop.parts.every((p) => stopped(p, graph, progress));
    case 'or':
      return stop.parts.some((p) => stopped(p, graph, progress));
    case 'length':
      return progress.length >= stop.value;
    case 'reached':
      return progress.at === stop.state;
    case 'edge_coverage': {
      // Edges no walk can reach (rows of a state nothing leads to) would make 100 % unreachable.
      const { edges } = reachable(graph);
      return progress.edges.size >= Math.ceil((edges.size * stop.value) / 100);
    }
    case 'vertex_coverage': {
      const { vertices } = reachable(graph);
      return progress.vertices.size >= Math.ceil((vertices.size * stop.value) / 100);
    }
  }
}

/** The shortest ways (fewest rows) from `from` to every state it reaches. */
function shortestRoutes(graph: TableGraph, from: string): Map<string, Edge[]> {
  const routes = new Map<string, Edge[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    for (const edge of graph.out.get(at) ?? []) {
      if (routes.has(edge.expect.target)) continue;
      routes.set(edge.expect.target, [...(routes.get(at) ?? []), edge]);
      queue.push(edge.expect.target);
    }
  }
  return routes;
}

const toPath = (name: string, edges: Edge[]): TablePath => ({
  name,
  steps: edges.map((e) => ({ from: e.from, event: e.event, expect: e.expect })),
});

/** A walk may not run forever when its stop condition cannot be met. */
const MAX_STEPS = 100_000;

/**
 * The paths `generator` gives on `table` with `seed`. Each path is replayed on a fresh machine; paths
 * are named "<generator> #<n>" except shortest's, which keep the row names of tablePaths().
 */
export function generatePaths(table: ModelTable, generator: GeneratorSpec, seed = 1): TablePath[] {
  const graph = tableGraph(table);
  const random = seededRandom(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const progress: Progress = {
    edges: new Set(),
    vertices: new Set([graph.initial]),
    length: 0,
    at: graph.initial,
  };
  const cross = (edge: Edge) => {
    progress.edges.add(edge.id);
    progress.vertices.add(edge.expect.target);
    progress.length++;
    progress.at = edge.expect.target;
  };
  const done = () => generator.stop !== undefined && stopped(generator.stop, graph, progress);
  const paths: TablePath[] = [];
  const named = (walk: Edge[]) => toPath(`${generator.text} #${paths.length + 1}`, walk);

  switch (generator.kind) {
    case 'shortest': {
      // Breadth first from the initial state: each edge by the shortest way to its source.
      const routes = shortestRoutes(graph, graph.initial);
      const order = graph.edges
        .filter((e) => routes.has(e.from))
        .sort((a, b) => (routes.get(a.from)?.length ?? 0) - (routes.get(b.from)?.length ?? 0));
      for (const edge of order) {
        if (done()) break;
        const walk = [...(routes.get(edge.from) ?? []), edge];
        progress.at = graph.initial;
        for (const e of walk) cross(e);
        paths.push(toPath(edge.id, walk));
      }
      return paths;
    }
    case 'a_star': {
      const target = (generator.stop as { state: string }).state;
      if (!graph.vertices.includes(target)) {
        throw new GeneratorSyntaxError(`the table has no state "${target}"`);
      }
      const walk = shortestRoutes(graph, graph.initial).get(target);
      if (!walk) throw new GeneratorSyntaxError(`no row leads to "${target}"`);
      return walk.length === 0 ? [] : [named(walk)];
    }
    case 'random': {
      let walk: Edge[] = [];
      progress.at = graph.initial;
      while (!done() && progress.length < MAX_STEPS) {
        const next = graph.out.get(progress.at) ?? [];
        if (next.length === 0) {
          // A state that takes nothing ends the walk; the next one starts fresh.
          if (walk.length === 0) break;
          paths.push(named(walk));
          walk = [];
          progress.at = graph.initial;
          continue;
        }
        const edge = pick(next);
        walk.push(edge);
        cross(edge);
      }
      if (walk.length > 0) paths.push(named(walk));
      return paths;
    }
    case 'quick_random':
    case 'postman': {
      // quick_random: a random uncovered edge, reached by the shortest way; postman: the nearest one.
      // Where no uncovered edge can be reached from here, the walk ends and a fresh one begins.
      const all = reachable(graph).edges;
      let walk: Edge[] = [];
      progress.at = graph.initial;
      while (progress.edges.size < all.size && progress.length < MAX_STEPS && !done()) {
        const routes = shortestRoutes(graph, progress.at);
        const open = graph.edges.filter((e) => !progress.edges.has(e.id) && routes.has(e.from));
        if (open.length === 0) {
          paths.push(named(walk));
          walk = [];
          progress.at = graph.initial;
          continue;
        }
        const nearest = Math.min(...open.map((e) => routes.get(e.from)?.length ?? 0));
        const edge =
          generator.kind === 'postman'
            ? (open.find((e) => routes.get(e.from)?.length === nearest) as Edge)
            : pick(open);
        for (const e of [...(routes.get(edge.from) ?? []), edge]) {
          walk.push(e);
          cross(e);
        }
      }
      if (walk.length > 0) paths.push(named(walk));
      return paths;
    }
  }
}

/** The share of the table's rows and states a set of paths crosses. */
export function coverage(table: ModelTable, paths: TablePath[]) {
  const graph = tableGraph(table);
  const edges = new Set<string>();
  const vertices = new Set<string>([graph.initial]);
  for (const path of paths) {
    for (const step of path.steps) {
      edges.add(edgeId(step.from, step.event, step.expect.target));
      vertices.add(step.expect.target);
    }
  }
  return {
    edges: edges.size,
    edgesTotal: graph.edges.length,
    vertices: vertices.size,
    verticesTotal: graph.vertices.length,
    covered: edges,
  };
}
