import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AssignmentResult } from '../../../contract/agent';
import {
  AGENTS,
  BLOCKED_AT,
  PLAIN_LUNA,
  REASON,
  REFUSAL,
  SENIOR_STELLA,
  TABLES,
} from '../../../tests/support/candidate-actions-table';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as CandidateActionsModule from './candidate-actions.machine';
import type { CandidateActionsInput } from './candidate-actions.machine';

// The specification is tests/support/candidate-actions-table.ts.

const IDS = ['assign', 'promote', 'changeStatus'] as const;
const BUSY_STATE = { assign: 'assigning', promote: 'promoting', changeStatus: 'changingStatus' } as const;

function start(
  { candidateActionsMachine }: typeof CandidateActionsModule,
  inspect: Inspector | undefined,
  input: CandidateActionsInput,
) {
  const fx = deferredActors(IDS);
  const changes: { src: string; input: unknown }[] = [];
  const actor = createActor(
    candidateActionsMachine.provide({
      actors: fx.actors,
      actions: { changed: (_, result) => changes.push({ src: 'changed', input: result }) },
    }),
    { input, inspect },
  ).start();
  const calls: { src: string; input: unknown }[] = [];
  let seenCalls = 0;
  let seenChanges = 0;
  const callsNow = () => {
    // Actor calls and `changed` reports, in the order the machine made them: a call starts a step, a report ends it.
    for (const call of fx.calls.slice(seenCalls)) calls.push({ src: call.id, input: call.input });
    seenCalls = fx.calls.length;
    for (const change of changes.slice(seenChanges)) calls.push(change);
    seenChanges = changes.length;
    return calls;
  };
  /** The server's answer to the call in flight: the candidate as the call leaves it. */
  const answer = (id: (typeof IDS)[number]): AssignmentResult => {
    const { candidate } = actor.getSnapshot().context;
    const input = [...fx.calls].reverse().find((call) => call.id === id)?.input as {
      agent?: string | null;
      status?: 'active' | 'inactive';
      reason?: string;
    };
    if (id === 'assign') {
      const to = input.agent ?? null;
      return { ...candidate, assignedAgent: to === null ? null : (AGENTS[to] ?? null) };
    }
    if (id === 'promote') return { ...candidate, type: 'stella' };
    // The agency's switch: the candidate's own one (status) stays as it was.
    return {
      ...candidate,
      block: input.status === 'inactive' ? { at: BLOCKED_AT, reason: input.reason ?? '' } : null,
    };
  };
  const inFlight = () => IDS.find((id) => actor.getSnapshot().matches(BUSY_STATE[id]) && fx.pending(id) > 0);
  return {
    async send(event: string) {
      const id = inFlight();
      switch (event) {
        case 'assignToMe':
        case 'unassign':
        case 'promote':
        case 'block':
        case 'unblock':
        case 'confirm':
        case 'cancel':
          actor.send({ type: `candidate.${event}` } as never);
          break;
        case 'typeReason':
          actor.send({ type: 'candidate.reason', reason: ` ${REASON} ` });
          break;
        case 'clearReason':
          actor.send({ type: 'candidate.reason', reason: '   ' });
          break;
        case 'assignToKim':
          actor.send({ type: 'candidate.assignTo', agent: 'kim' });
          break;
        case 'assignToLee':
          actor.send({ type: 'candidate.assignTo', agent: 'lee' });
          break;
        case 'answered':
          if (id) fx.settle(id, 'done', answer(id));
          break;
        case 'refused':
          if (id) fx.settle(id, 'error', { code: REFUSAL });
          break;
      }
      await flush();
    },
    snapshot() {
      const s = actor.getSnapshot();
      return { value: s.value, context: s.context, tags: s.tags as Set<string> };
    },
    calls: () => [...callsNow()],
  };
}

describeModelTable({
  name: 'candidate-actions',
  load: () => import('./candidate-actions.machine'),
  machines: (m) => [m.candidateActionsMachine],
  tables: TABLES.map(([name, table, input]) => ({
    name,
    table,
    start: (m: typeof CandidateActionsModule, inspect: Inspector) => start(m, inspect, input),
  })),
  everyTransition: true,
  more: (module) => {
    itNeedsTheAppsCalls(() => module().candidateActionsMachine, {
      assign: 'Error: assign is provided by the app',
      promote: 'Error: promote is provided by the app',
      changeStatus: 'Error: changeStatus is provided by the app',
    });

    it('shows the promote button only for a luna and the assign-to-others choice only to senior agents', () => {
      const plain = createActor(module().candidateActionsMachine, { input: PLAIN_LUNA })
        .start()
        .getSnapshot();
      expect(plain.can({ type: 'candidate.promote' })).toBe(true);
      expect(plain.can({ type: 'candidate.assignTo', agent: 'kim' })).toBe(false);
      const senior = createActor(module().candidateActionsMachine, { input: SENIOR_STELLA })
        .start()
        .getSnapshot();
      expect(senior.can({ type: 'candidate.promote' })).toBe(false);
      expect(senior.can({ type: 'candidate.assignTo', agent: 'lee' })).toBe(true);
      // Assigning to the agent who has the candidate already is no change.
      expect(senior.can({ type: 'candidate.assignTo', agent: 'kim' })).toBe(false);
      expect(senior.can({ type: 'candidate.assignTo', agent: '' })).toBe(false);
    });
  },
});
