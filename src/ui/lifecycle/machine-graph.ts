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
  const visit = (graph: DirectedGraphNode, depth: number) => {
    const stateNode: AnyStateNode = graph.stateNode;
    if (depth > 0) {
      nodes.push({
        id: stateNode.id,
        key: stateNode.key,
        depth: depth - 1,
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
    for (const child of graph.children) visit(child, depth + 1);
  };
  const root = toDirectedGraph(machine);
  visit(root, 0);
  return { rootId: root.id, nodes, edges };
}
