import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AgentRef, AssignmentResult, CandidateBlock } from '../../../contract/agent';
import { errorCodeOf } from '../../../contract/errors';

/**
 * What the actions change and decide on: a candidate's type, own matching switch, agent and the
 * agency's block.
 */
export interface CandidateFacts {
  uuid: string;
  type: string;
  status: 'active' | 'inactive';
  assignedAgent: AgentRef | null;
  block: CandidateBlock | null;
}

/**
 * The last change that went through, for the screen to confirm in words. A promotion is mailed only
 * to an account's owner: a profile the agency keeps without an account is `promotedWithoutAccount`.
 */
export type CandidateNotice =
  | 'assigned'
  | 'unassigned'
  | 'promoted'
  | 'promotedWithoutAccount'
  | 'blocked'
  | 'unblocked';

export interface CandidateActionsInput {
  candidate: CandidateFacts;
  /** Whether someone owns the profile's account: only then does the server mail a promotion. */
  hasAccount: boolean;
  /** The signed-in agent's uuid (the token's sub). */
  me: string;
  /** Senior agents assign to any agent (PRODUCT.md §6). */
  senior: boolean;
}

export interface CandidateActionsContext extends CandidateActionsInput {
  /** What a confirmed block (inactive) / unblock (active) sets. */
  pendingStatus: 'active' | 'inactive' | null;
  /** The reason typed for a block (required, PRODUCT.md §8). */
  reason: string;
  /** Error code of the last failed action (translated by the UI). */
  error: string | null;
  notice: CandidateNotice | null;
}

export type CandidateActionsEvent =
  | { type: 'candidate.assignToMe' }
  | { type: 'candidate.assignTo'; agent: string }
  | { type: 'candidate.unassign' }
  | { type: 'candidate.promote' }
  | { type: 'candidate.block' }
  | { type: 'candidate.unblock' }
  | { type: 'candidate.reason'; reason: string }
  | { type: 'candidate.confirm' }
  | { type: 'candidate.cancel' };

/** The agency's switch as the call takes it: a block with its reason, or lifting it. */
export type StatusInput =
  | { uuid: string; status: 'inactive'; reason: string }
  | { uuid: string; status: 'active' };

export interface AssignInput {
  uuid: string;
  /** The agent to assign to (the caller's own uuid for "assign to me"), null to unassign. */
  agent: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const resultOf = ({ event }: { event: { output: AssignmentResult } }) => event.output;

function assigneeOf(event: CandidateActionsEvent, me: string): string | null {
  if (event.type === 'candidate.assignTo') return event.agent;
  if (event.type === 'candidate.assignToMe') return me;
  return null;
}

const isStatus = (s: string): s is 'active' | 'inactive' => s === 'active' || s === 'inactive';

/** What idle and failed both take: the actions themselves (a failure does not block the next try). */
const ACTIONS = {
  'candidate.assignToMe': { guard: 'mayTake', target: 'assigning', actions: 'clearError' },
  'candidate.assignTo': { guard: 'mayAssignTo', target: 'assigning', actions: 'clearError' },
  'candidate.unassign': { guard: 'mayUnassign', target: 'assigning', actions: 'clearError' },
  'candidate.promote': { guard: 'isLuna', target: 'confirmingPromote', actions: 'clearError' },
  'candidate.unblock': {
    guard: 'isBlocked',
    target: 'confirmingStatus',
    actions: ['clearError', { type: 'askStatus', params: { status: 'active' } }],
  },
  'candidate.block': {
    guard: 'isNotBlocked',
    target: 'confirmingStatus',
    actions: ['clearError', { type: 'askStatus', params: { status: 'inactive' } }],
  },
} as const;

/**
 * The actions on one candidate's page (issue 12): assign to me / unassign, a senior agent's assignment
 * to any agent, promote luna → stella and the agency's block / unblock (issue 23) — the last two only
 * after a confirmation, a block only with a reason. One action at a time (busy); a failure keeps its code until the next try; every result
 * replaces the candidate's facts and is reported through `changed` (the route reloads the page's
 * data and the tables). The screens show a button only where `state.can()` says the event is taken:
 * a stella cannot be promoted, a plain agent cannot assign to others nor take another's candidate.
 */
export const candidateActionsMachine = setup({
  types: {
    context: {} as CandidateActionsContext,
    events: {} as CandidateActionsEvent,
    input: {} as CandidateActionsInput,
  },
  actors: {
    assign: fromPromise<AssignmentResult, AssignInput>(async () => {
      throw new Error('assign is provided by the app');
    }),
    promote: fromPromise<AssignmentResult, { uuid: string }>(async () => {
      throw new Error('promote is provided by the app');
    }),
    changeStatus: fromPromise<AssignmentResult, StatusInput>(async () => {
      throw new Error('changeStatus is provided by the app');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    askStatus: assign((_, params: { status: 'active' | 'inactive' }) => ({ pendingStatus: params.status })),
    forgetStatus: assign({ pendingStatus: null, reason: '' }),
    // Typing answers the "reason missing" error: it shows again only on the next refused confirm.
    typeReason: assign(({ event }) => {
      assertEvent(event, 'candidate.reason');
      return { reason: event.reason, error: null };
    }),
    noteReasonMissing: assign({ error: 'block.reason_required' }),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    takeResult: assign(({ context }, result: AssignmentResult) => ({
      candidate: {
        uuid: context.candidate.uuid,
        type: result.type,
        status: isStatus(result.status) ? result.status : context.candidate.status,
        assignedAgent: result.assignedAgent,
        block: result.block,
      },
    })),
    noteAssignment: assign(({ context }) => ({
      notice: context.candidate.assignedAgent ? ('assigned' as const) : ('unassigned' as const),
    })),
    notePromotion: assign(({ context }) => ({
      notice: context.hasAccount ? ('promoted' as const) : ('promotedWithoutAccount' as const),
    })),
    noteStatus: assign(({ context }) => ({
      notice: context.candidate.block ? ('blocked' as const) : ('unblocked' as const),
    })),
    /** Provided by the route: the page's data and the tables are stale now. */
    changed: (_, _result: AssignmentResult) => {},
  },
  guards: {
    // Another agent's candidate is taken over by senior agents only (PRODUCT.md §8).
    mayTake: ({ context }) =>
      context.candidate.assignedAgent === null ||
      (context.senior && context.candidate.assignedAgent.uuid !== context.me),
    mayAssignTo: ({ context, event }) =>
      event.type === 'candidate.assignTo' &&
      context.senior &&
      event.agent !== '' &&
      event.agent !== context.candidate.assignedAgent?.uuid,
    mayUnassign: ({ context }) =>
      context.candidate.assignedAgent !== null &&
      (context.senior || context.candidate.assignedAgent.uuid === context.me),
    isLuna: ({ context }) => context.candidate.type === 'luna',
    isNotBlocked: ({ context }) => context.candidate.block === null,
    isBlocked: ({ context }) => context.candidate.block !== null,
    /** A block needs a reason; lifting one does not. */
    isComplete: ({ context }) => context.pendingStatus === 'active' || context.reason.trim() !== '',
  },
}).createMachine({
  id: 'candidateActions',
  context: ({ input }) => ({ ...input, pendingStatus: null, reason: '', error: null, notice: null }),
  initial: 'idle',
  states: {
    idle: { on: ACTIONS },
    failed: { on: ACTIONS },
    confirmingPromote: {
      on: {
        'candidate.confirm': 'promoting',
        'candidate.cancel': 'idle',
      },
    },
    confirmingStatus: {
      on: {
        'candidate.reason': { actions: 'typeReason' },
        // A block confirmed without a reason stays open and says what is missing (the screen shows
        // the code under the reason field), rather than a button that silently does nothing.
        'candidate.confirm': [
          { guard: 'isComplete', target: 'changingStatus' },
          { actions: 'noteReasonMissing' },
        ],
        'candidate.cancel': { target: 'idle', actions: ['forgetStatus', 'clearError'] },
      },
    },
    assigning: {
      tags: ['busy'],
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context, event }) => ({
          uuid: context.candidate.uuid,
          agent: assigneeOf(event, context.me),
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'takeResult', params: resultOf },
            'noteAssignment',
            { type: 'changed', params: resultOf },
          ],
        },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    promoting: {
      tags: ['busy'],
      invoke: {
        id: 'promote',
        src: 'promote',
        input: ({ context }) => ({ uuid: context.candidate.uuid }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'takeResult', params: resultOf },
            'notePromotion',
            { type: 'changed', params: resultOf },
          ],
        },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    changingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }): StatusInput =>
          context.pendingStatus === 'inactive'
            ? { uuid: context.candidate.uuid, status: 'inactive', reason: context.reason.trim() }
            : { uuid: context.candidate.uuid, status: 'active' },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'takeResult', params: resultOf },
            'forgetStatus',
            'noteStatus',
            { type: 'changed', params: resultOf },
          ],
        },
        onError: { target: 'failed', actions: ['forgetStatus', { type: 'setError', params: errorOf }] },
      },
    },
  },
});

export type CandidateActionsLogic = typeof candidateActionsMachine;
export type CandidateActionsActor = ActorRefFrom<typeof candidateActionsMachine>;
export type CandidateActionsSnapshot = SnapshotFrom<typeof candidateActionsMachine>;
