import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { registrationMachine } from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';
import { machineDiagram } from './machine-graph';

type Transition = string | { target?: string | string[] } | undefined;

/**
 * The expectation, derived apart from xstate/graph: the machine's own *definition* (`machine.config`),
 * its states in written order and every transition written in `on`, `always`, `after` and the invokes'
 * `onDone`/`onError`, with the targets resolved the way XState's docs describe (sibling key, `.child`,
 * `#id.path`).
 */
function fromConfig(machine: AnyStateMachine) {
  const rootId = machine.config.id ?? machine.id;
  const nodes: string[] = [];
  const edges = new Set<string>();
  const walk = (config: Record<string, unknown>, id: string, parentId: string | null) => {
    const resolve = (target: string): string => {
      if (target.startsWith('#')) return target.slice(1);
      if (target.startsWith('.')) return `${id}${target}`;
      return `${parentId ?? id}.${target}`;
    };
    const add = (event: string, spec: Transition | Transition[]) => {
      for (const one of Array.isArray(spec) ? spec : [spec]) {
        if (one === undefined) continue;
        const raw = typeof one === 'string' ? one : one.target;
        const targets = raw === undefined ? [id] : (Array.isArray(raw) ? raw : [raw]).map(resolve);
        for (const target of targets) edges.add(`${id}|${target}|${event}`);
      }
    };
    for (const [event, spec] of Object.entries((config.on ?? {}) as Record<string, Transition>))
      add(event, spec);
    if (config.always) add('', config.always as Transition);
    for (const [delay, spec] of Object.entries((config.after ?? {}) as Record<string, Transition>)) {
      add(`xstate.after.${delay}.${id}`, spec);
    }
    const invokes = config.invoke ? (Array.isArray(config.invoke) ? config.invoke : [config.invoke]) : [];
    for (const invoke of invokes as { id: string; onDone?: Transition; onError?: Transition }[]) {
      add(`xstate.done.actor.${invoke.id}`, invoke.onDone);
      add(`xstate.error.actor.${invoke.id}`, invoke.onError);
    }
    for (const [key, child] of Object.entries(
      (config.states ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      const childId = `${id}.${key}`;
      nodes.push(childId);
      walk(child, childId, id);
    }
  };
  walk(machine.config as Record<string, unknown>, rootId, null);
  return { rootId, nodes, edges: [...edges].sort() };
}

describe('the lifecycle diagram is drawn from the machines themselves', () => {
  it.each([
    ['registration', registrationMachine],
    ['session', sessionMachine],
  ] as const)('%s: every state and every transition of the definition, nothing else', (_name, machine) => {
    const diagram = machineDiagram(machine);
    const expected = fromConfig(machine);
    expect(diagram.rootId).toBe(expected.rootId);
    expect(diagram.edges.length).toBeGreaterThan(10);
    expect(diagram.nodes.map((n) => n.id)).toEqual(expected.nodes);
    expect(diagram.edges.map((e) => `${e.source}|${e.target}|${e.event}`).sort()).toEqual(expected.edges);
  });

  it('marks busy, final and compound states as the machines tag them', () => {
    const registration = machineDiagram(registrationMachine);
    const byKey = (key: string) => registration.nodes.find((n) => n.key === key);
    expect(byKey('creatingAccount')?.busy).toBe(true);
    expect(byKey('account')?.busy).toBe(false);
    expect(byKey('done')?.final).toBe(true);
    const session = machineDiagram(sessionMachine);
    const authenticated = session.nodes.find((n) => n.id === 'session.authenticated');
    expect(authenticated?.compound).toBe(true);
    expect(session.nodes.find((n) => n.id === 'session.authenticated.idle')?.depth).toBe(1);
  });

  it('covers the way through registration: account → … → done', () => {
    const { edges } = machineDiagram(registrationMachine);
    const reachable = new Set(['registration.entering']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const edge of edges) {
        if (reachable.has(edge.source) && !reachable.has(edge.target)) {
          reachable.add(edge.target);
          grew = true;
        }
      }
    }
    expect(reachable.has('registration.done')).toBe(true);
  });
});
