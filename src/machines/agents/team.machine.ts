import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { ReassignResult } from '../../../contract/team';

export interface ReassignInput {
  /** The agent whose records move. */
  from: string;
  to: string;
}
export interface DeactivateInput {
  agent: string;
  /** Who takes what the agent looks after in the same step; null: nobody (refused while anything is left). */
  reassignTo: string | null;
}

export interface TeamContext {
  /** What the last change did, for the screen's report; null before the first and after a failure. */
  done: { kind: 'reassigned'; moved: ReassignResult } | { kind: 'deactivated' } | null;
  /** Error code of the last refusal or failure (translated by the screen). */
  error: string | null;
}

export type TeamEvent =
  | ({ type: 'team.reassign' } & ReassignInput)
  | ({ type: 'team.deactivate' } & DeactivateInput)
  | { type: 'team.dismiss' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * A senior agent's changes to the team (issue 42; /agent/view runs it beside the team table):
 * moving all of one agent's records to another, and deactivating an agent — with who takes their
 * records, or alone when they look after nothing (the server refuses otherwise: `agent.has_records`).
 * One change at a time; each one that succeeds runs `teamChanged`, which the app wires to reload the
 * team. Moving records to the agent who has them is no change and is not sent.
 */
export const teamMachine = setup({
  types: { context: {} as TeamContext, events: {} as TeamEvent },
  actors: {
    reassign: fromPromise<ReassignResult, ReassignInput>(async () => {
      throw new Error('team: reassign is provided by the app');
    }),
    deactivate: fromPromise<unknown, DeactivateInput>(async () => {
      throw new Error('team: deactivate is provided by the app');
    }),
  },
  guards: {
    isAnotherAgent: ({ event }) => {
      assertEvent(event, 'team.reassign');
      return event.to !== '' && event.to !== event.from;
    },
  },
  actions: {
    forget: assign({ done: null, error: null }),
    noteReassigned: assign((_, moved: ReassignResult) => ({ done: { kind: 'reassigned' as const, moved } })),
    noteDeactivated: assign({ done: { kind: 'deactivated' as const } }),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    /** The app reloads the team table. */
    teamChanged: () => {},
  },
}).createMachine({
  id: 'team',
  context: { done: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'team.reassign': { guard: 'isAnotherAgent', target: 'reassigning' },
        'team.deactivate': { target: 'deactivating' },
        'team.dismiss': { actions: 'forget' },
      },
    },
    reassigning: {
      tags: ['busy'],
      entry: 'forget',
      invoke: {
        id: 'reassign',
        src: 'reassign',
        input: ({ event }) => {
          assertEvent(event, 'team.reassign');
          return { from: event.from, to: event.to };
        },
        onDone: {
          target: 'idle',
          actions: [{ type: 'noteReassigned', params: ({ event }) => event.output }, 'teamChanged'],
        },
        onError: { target: 'idle', actions: { type: 'setError', params: errorOf } },
      },
    },
    deactivating: {
      tags: ['busy'],
      entry: 'forget',
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ event }) => {
          assertEvent(event, 'team.deactivate');
          return { agent: event.agent, reassignTo: event.reassignTo };
        },
        onDone: { target: 'idle', actions: ['noteDeactivated', 'teamChanged'] },
        onError: { target: 'idle', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});
