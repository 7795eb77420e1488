// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { jobLifecycleMachine } from '../../machines/jobs/job-lifecycle.machine';
import { registrationMachine } from '../../machines/registration/registration.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { isStage, machineDiagram, stageFlow } from './machine-graph';

type Transition = string | { target?: string | string[] } | undefined;

/**
 * The expectation, derived apart from xstate/graph: the machine's own *definition* (`machine.config`),
 * its states in written order (with their `meta` and `initial` child) and every transition written in
 * `on`, `always`, `after` and the invokes' `onDone`/`onError`/`onSnapshot`, with the targets resolved the
 * way XState's docs describe (sibling key, `.child`, `#id.path`).
 */
function fromConfig(machine: AnyStateMachine) {
  const rootId = machine.config.id ?? machine.id;
  const nodes: string[] = [];
  const meta = new Map<string, unknown>();
  const initial = new Map<string, string | undefined>();
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
    for (const invoke of invokes as {
      id: string;
      onDone?: Transition;
      onError?: Transition;
      onSnapshot?: Transition;
    }[]) {
      add(`xstate.done.actor.${invoke.id}`, invoke.onDone);
      add(`xstate.error.actor.${invoke.id}`, invoke.onError);
      add(`xstate.snapshot.${invoke.id}`, invoke.onSnapshot);
    }
    for (const [key, child] of Object.entries(
      (config.states ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      const childId = `${id}.${key}`;
      nodes.push(childId);
      meta.set(childId, child.meta);
      initial.set(childId, typeof child.initial === 'string' ? `${childId}.${child.initial}` : undefined);
      walk(child, childId, id);
    }
  };
  walk(machine.config as Record<string, unknown>, rootId, null);
  return { rootId, nodes, meta, initial, edges: [...edges].sort() };
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
    for (const node of diagram.nodes) {
      expect(node.meta, node.id).toEqual(expected.meta.get(node.id));
      expect(node.initial, node.id).toBe(expected.initial.get(node.id));
    }
    expect(diagram.edges.map((e) => `${e.source}|${e.target}|${e.event}`).sort()).toEqual(expected.edges);
  });

  it('marks busy, final and compound states as the machines tag them, with their meta', () => {
    const registration = machineDiagram(registrationMachine);
    const byId = (id: string) => registration.nodes.find((n) => n.id === id);
    expect(byId('registration.account.creating')?.busy).toBe(true);
    expect(byId('registration.profile.advancing')?.busy).toBe(true);
    expect(byId('registration.account')?.busy).toBe(false);
    expect(byId('registration.account.editing')?.busy).toBe(false);
    expect(byId('registration.done')?.final).toBe(true);
    expect(byId('registration.account')?.final).toBe(false);
    expect(byId('registration.phone')?.compound).toBe(true);
    expect(byId('registration.phone')?.initial).toBe('registration.phone.settingUp');
    expect(byId('registration.phone.settingUp')?.depth).toBe(1);
    expect(byId('registration.phone.settingUp')?.compound).toBe(false);
    expect(registration.nodes.filter((n) => n.depth === 0).map((n) => n.meta?.step)).toEqual([
      undefined,
      1,
      2,
      3,
      4,
      5,
      undefined,
    ]);
    const session = machineDiagram(sessionMachine);
    const authenticated = session.nodes.find((n) => n.id === 'session.authenticated');
    expect(authenticated?.compound).toBe(true);
    expect(session.nodes.find((n) => n.id === 'session.authenticated.idle')?.depth).toBe(1);
  });

  it('covers the way through registration: account → e-mail → phone → profile → photo → done', () => {
    const { nodes, edges } = machineDiagram(registrationMachine);
    const initialOf = new Map(nodes.map((n) => [n.id, n.initial]));
    const reachable = new Set<string>();
    // Entering a state enters its initial child, and so on down.
    const enter = (id: string) => {
      for (let at: string | undefined = id; at !== undefined; at = initialOf.get(at)) reachable.add(at);
    };
    enter('registration.entering');
    for (let grew = true; grew; ) {
      grew = false;
      for (const edge of edges) {
        // A state's transitions apply in all its children too.
        const active = [...reachable].some((id) => id === edge.source || id.startsWith(`${edge.source}.`));
        if (active && !reachable.has(edge.target)) {
          enter(edge.target);
          grew = true;
        }
      }
    }
    for (const step of ['account', 'validation', 'phone', 'profile', 'photo', 'done']) {
      expect(reachable.has(`registration.${step}`), step).toBe(true);
    }
    expect(reachable.has('registration.photo.finishing')).toBe(true);
  });
});

/**
 * The stages a person meets and where each leads, written down from PRODUCT.md §5/§6 and the
 * registration flow (not read from the machines): the diagram must draw exactly this.
 */
const STAGE_TABLE = {
  registration: {
    'registration.account': ['registration.validation'],
    'registration.validation': ['registration.phone'],
    'registration.phone': ['registration.profile'],
    'registration.profile': ['registration.photo'],
    'registration.photo': ['registration.done'],
    'registration.done': [],
  },
  session: {
    'session.loggedOut': ['session.mfaPending', 'session.authenticated'],
    'session.mfaPending': ['session.authenticated', 'session.loggedOut'],
    // Logging out, or new tokens checked again (another tab's login that waits for its SMS code).
    'session.authenticated': ['session.loggedOut', 'session.mfaPending'],
  },
  job: {
    'job.draft': ['job.active'],
    'job.active': ['job.archived', 'job.deleted'],
    'job.active.idle': [
      'job.active.inFlight',
      'job.active.done',
      'job.active.failed',
      'job.active.cancelled',
    ],
    'job.active.inFlight': ['job.active.done', 'job.active.failed', 'job.active.cancelled'],
    // Another run: queued and running, or at once one of its ends; back to "no run" if none could start.
    'job.active.done': [
      'job.active.inFlight',
      'job.active.failed',
      'job.active.cancelled',
      'job.active.idle',
    ],
    'job.active.failed': [
      'job.active.inFlight',
      'job.active.done',
      'job.active.cancelled',
      'job.active.idle',
    ],
    'job.active.cancelled': [
      'job.active.inFlight',
      'job.active.done',
      'job.active.failed',
      'job.active.idle',
    ],
    'job.archived': ['job.active', 'job.deleted'],
    'job.deleted': [],
  },
} as const;

describe('stages for people: the states the definitions mark, and where each leads', () => {
  it.each([
    ['registration', registrationMachine],
    ['session', sessionMachine],
    ['job', jobLifecycleMachine],
  ] as const)('%s', (name, machine) => {
    const diagram = machineDiagram(machine);
    const expected: Record<string, readonly string[]> = STAGE_TABLE[name];
    expect(diagram.nodes.filter(isStage).map((n) => n.id)).toEqual(Object.keys(expected));
    const flow = stageFlow(diagram);
    for (const [stage, next] of Object.entries(expected)) {
      expect([...(flow.get(stage) ?? [])].sort(), stage).toEqual([...next].sort());
    }
  });
});
