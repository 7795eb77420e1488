import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph';

/** One state of a machine as the lifecycle diagram draws it. */
export interface DiagramNode {
  /** The state node's id, e.g. "session.authenticated.idle". */
  id: string;
  /** Its key in its parent, e.g. "idle". */
  key: string;
  /** Nesting below the machine's root (0 = a top-level state). */
  depth: number;
  /** The parent state's id (the machine's root id for a top-level state). */
  parent: string;
  /** Tagged busy: the machine waits for the server there. */
  busy: boolean;
  final: boolean;
  /** Has states of its own. */
  compound: boolean;
  /** A compound state's `initial` child (its id): where a transition into the state lands. */
  initial: string | undefined;
  /** The state's `meta` as the definition writes it (e.g. the registration's `{ step: 2 }`). */
  meta: Record<string, unknown> | undefined;
}

/** One transition: from a state (or the machine's root: "from any state") to a state, on an event. */
export interface DiagramEdge {
  source: string;
  target: string;
  event: string;
}

export interface MachineDiagram {
  rootId: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/**
 * A machine's states (in the order the definition lists them) and transitions, read from the machine
 * itself with xstate/graph (plus its eventless `always` transitions, which toDirectedGraph leaves out;
 * an invoke's `onSnapshot` is there as its `xstate.snapshot.<id>` event). Nested states follow their
 * parent, one level deeper; a transition into a compound state enters its `initial` child:
 * the lifecycle page draws this, so the picture cannot drift from the behaviour.
 */
export function machineDiagram(machine: AnyStateMachine): MachineDiagram {
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const seen = new Set<string>();
  const addEdge = (edge: DiagramEdge) => {
    const key = `${edge.source}|${edge.target}|${edge.event}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push(edge);
  };
  const visit = (graph: DirectedGraphNode, depth: number, parent: string) => {
    const stateNode: AnyStateNode = graph.stateNode;
    if (depth > 0) {
      nodes.push({
        id: stateNode.id,
        key: stateNode.key,
        depth: depth - 1,
        parent,
        busy: stateNode.tags.includes('busy'),
        final: stateNode.type === 'final',
        compound: graph.children.length > 0,
        initial: stateNode.initial?.target[0]?.id,
        meta: stateNode.meta as Record<string, unknown> | undefined,
      });
    }
    for (const edge of graph.edges) {
      addEdge({ source: edge.source.id, target: edge.target.id, event: edge.label.text });
    }
    for (const transition of stateNode.always ?? []) {
      for (const target of transition.target ?? [stateNode]) {
        addEdge({ source: stateNode.id, target: target.id, event: '' });
      }
    }
    for (const child of graph.children) visit(child, depth + 1, stateNode.id);
  };
  const root = toDirectedGraph(machine);
  visit(root, 0, '');
  return { rootId: root.id, nodes, edges };
}

/**
 * A stage is a state a person would name: one whose definition says so in `meta` (`stage: true`, or
 * the registration's `step`), and a machine's final top-level state. Busy states, checks and retries
 * between stages are the way from one to the next, not stages of their own.
 */
export function isStage(node: DiagramNode): boolean {
  return node.meta?.stage === true || node.meta?.step !== undefined || (node.final && node.depth === 0);
}

/**
 * Which stages follow each stage, read from the transitions: from the stage or any state inside it,
 * through the states between stages (busy ones, checks), to the next stage reached (a compound state
 * is entered through its `initial` child; a state inside a stage counts as that stage).
 */
export function stageFlow(diagram: MachineDiagram): Map<string, string[]> {
  const byId = new Map(diagram.nodes.map((node) => [node.id, node]));
  const stageOf = (id: string): string | undefined => {
    for (let at = byId.get(id); at; at = byId.get(at.parent)) if (isStage(at)) return at.id;
    return undefined;
  };
  const entered = (id: string): string => {
    let at = byId.get(id);
    while (at && !isStage(at) && at.initial) at = byId.get(at.initial);
    return at?.id ?? id;
  };
  /** Inside `id` (itself or a descendant). */
  const within = (node: DiagramNode | undefined, id: string): boolean => {
    for (let at = node; at; at = byId.get(at.parent)) if (at.id === id) return true;
    return false;
  };
  const flow = new Map<string, string[]>();
  for (const stage of diagram.nodes.filter(isStage)) {
    const next: string[] = [];
    const seen = new Set<string>([stage.id]);
    const queue = [stage.id];
    while (queue.length > 0) {
      const from = queue.shift() as string;
      for (const edge of diagram.edges) {
        const source = byId.get(edge.source);
        if (!source || !within(source, from)) continue;
        // A state inside `from` that is a stage of its own speaks for itself.
        if (source.id !== from && stageOf(source.id) !== stageOf(from)) continue;
        const target = entered(edge.target);
        const targetStage = stageOf(target);
        // Staying in the stage, or moving inside it.
        if (targetStage === stage.id || within(byId.get(target), stage.id)) continue;
        // A stage of its own, not one this stage sits in: the next stage.
        if (targetStage !== undefined && !within(stage, targetStage)) {
          if (!next.includes(targetStage)) next.push(targetStage);
        } else if (!seen.has(target)) {
          // On the way (a busy state, a check, a state of the enclosing stage): follow it.
          seen.add(target);
          queue.push(target);
        }
      }
    }
    flow.set(stage.id, next);
  }
  return flow;
}
