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
export interface ReactivateInput {
  agent: string;
}
/** A deactivation waiting for the senior's yes: what the dialog names. */
export interface PendingDeactivation extends DeactivateInput {
  /** How many candidates, companies and jobs the agent looks after, as the team table last showed. */
  records: number;
}

export interface TeamContext {
  /** What the last change did, for the screen's report; null before the first and after a failure. */
  done:
    | { kind: 'reassigned'; moved: ReassignResult }
    | { kind: 'deactivated' }
    | { kind: 'reactivated' }
    | null;
  /** Error code of the last refusal or failure (translated by the screen). */
  error: string | null;
  /** The deactivation being confirmed, and then sent; null otherwise (the dialog is open while it is set). */
  confirming: PendingDeactivation | null;
}

export type TeamEvent =
  | ({ type: 'team.reassign' } & ReassignInput)
  | ({ type: 'team.deactivate' } & PendingDeactivation)
  | { type: 'team.confirm' }
  | { type: 'team.cancel' }
  | ({ type: 'team.reactivate' } & ReactivateInput)
  | { type: 'team.dismiss' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * A senior agent's changes to the team (issue 42; /agent/view runs it beside the team table):
 * moving all of one agent's records to another, deactivating an agent — asked first, with who takes
 * their records, or alone when they look after nothing (the server refuses otherwise:
 * `agent.has_records`, so the question cannot be confirmed then) — and reactivating one.
 * One change at a time; each one that succeeds runs `teamChanged` (the team and the agents' list
 * reload by the team routes' `invalidates`, docs/decisions/0035). Moving records to the agent who has them is no change and is not sent.
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
    reactivate: fromPromise<unknown, ReactivateInput>(async () => {
      throw new Error('team: reactivate is provided by the app');
    }),
  },
  guards: {
    isAnotherAgent: ({ event }) => {
      assertEvent(event, 'team.reassign');
      return event.to !== '' && event.to !== event.from;
    },
    /** Someone takes the agent's records, or there are none to take. */
    hasTaker: ({ context }) =>
      context.confirming !== null &&
      (context.confirming.reassignTo !== null || context.confirming.records === 0),
  },
  actions: {
    forget: assign({ done: null, error: null }),
    ask: assign(({ event }) => {
      assertEvent(event, 'team.deactivate');
      const { agent, reassignTo, records } = event;
      return { done: null, error: null, confirming: { agent, reassignTo, records } };
    }),
    stopAsking: assign({ confirming: null }),
    noteReassigned: assign((_, moved: ReassignResult) => ({ done: { kind: 'reassigned' as const, moved } })),
    noteDeactivated: assign({ done: { kind: 'deactivated' as const }, confirming: null }),
    noteReactivated: assign({ done: { kind: 'reactivated' as const } }),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error), confirming: null })),
    /** The app reloads the team table. */
    teamChanged: () => {},
  },
}).createMachine({
  id: 'team',
  context: { done: null, error: null, confirming: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'team.reassign': { guard: 'isAnotherAgent', target: 'reassigning' },
        'team.deactivate': { target: 'confirming', actions: 'ask' },
        'team.reactivate': { target: 'reactivating' },
        'team.dismiss': { actions: 'forget' },
      },
    },
    confirming: {
      on: {
        'team.confirm': { guard: 'hasTaker', target: 'deactivating' },
        'team.cancel': { target: 'idle', actions: 'stopAsking' },
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
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        // The dialog stays open on `confirming` until the answer, which closes it either way.
        input: ({ context }) => ({
          agent: context.confirming?.agent ?? '',
          reassignTo: context.confirming?.reassignTo ?? null,
        }),
        onDone: { target: 'idle', actions: ['noteDeactivated', 'teamChanged'] },
        onError: { target: 'idle', actions: { type: 'setError', params: errorOf } },
      },
    },
    reactivating: {
      tags: ['busy'],
      entry: 'forget',
      invoke: {
        id: 'reactivate',
        src: 'reactivate',
        input: ({ event }) => {
          assertEvent(event, 'team.reactivate');
          return { agent: event.agent };
        },
        onDone: { target: 'idle', actions: ['noteReactivated', 'teamChanged'] },
        onError: { target: 'idle', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});
