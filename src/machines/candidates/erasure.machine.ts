import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  confirmsRecord,
  type ErasureBody,
  type ErasurePreview,
  type ErasureReason,
} from '../../../contract/erasure';
import { errorCodeOf } from '../../../contract/errors';

/** Which record: a candidate's profile or a company (the kinds of the agents' calls). */
export interface ErasureTarget {
  kind: 'profile' | 'company';
  uuid: string;
}

export interface ErasureContext extends ErasureTarget {
  /** What the deletion would take, as the server counted it when the dialog opened. */
  preview: ErasurePreview | null;
  reason: ErasureReason | null;
  /** The name or e-mail the agent types to confirm. */
  confirm: string;
  /** Error code of the last refusal or failure (translated by the dialog). */
  error: string | null;
}

export type ErasureEvent =
  | { type: 'erasure.open' }
  | { type: 'erasure.reason'; reason: ErasureReason }
  | { type: 'erasure.confirmText'; text: string }
  | { type: 'erasure.confirm' }
  | { type: 'erasure.retry' }
  | { type: 'erasure.cancel' };

export type EraseInput = ErasureTarget & ErasureBody;

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The agency deletes a candidate or a company (issue 42; the candidate's and the company's pages
 * both run it): the dialog opens on what the deletion takes (the server's preview), asks a reason
 * and the record's name or e-mail typed, and only then deletes. A company that is still the client
 * of active jobs cannot be confirmed (the dialog names them). A confirmation that is incomplete
 * stays open and says what is missing; a refusal of the server (another agent's record, a changed
 * name) shows in the dialog. `erased` is final: the page reports it and leaves for the list, which
 * the erase route's `invalidates` reloads (docs/decisions/0035); `erased` (the action) is a hook.
 */
export const erasureMachine = setup({
  types: {
    context: {} as ErasureContext,
    events: {} as ErasureEvent,
    input: {} as ErasureTarget,
  },
  actors: {
    loadPreview: fromPromise<ErasurePreview, ErasureTarget>(async () => {
      throw new Error('erasure: loadPreview is provided by the app');
    }),
    erase: fromPromise<ErasurePreview, EraseInput>(async () => {
      throw new Error('erasure: erase is provided by the app');
    }),
  },
  actions: {
    forget: assign({ preview: null, reason: null, confirm: '', error: null }),
    takePreview: assign((_, preview: ErasurePreview) => ({ preview, error: null })),
    chooseReason: assign(({ event }) => {
      assertEvent(event, 'erasure.reason');
      return { reason: event.reason, error: null };
    }),
    typeConfirm: assign(({ event }) => {
      assertEvent(event, 'erasure.confirmText');
      return { confirm: event.text, error: null };
    }),
    /** What keeps the confirmation from being taken, first things first. */
    noteIncomplete: assign(({ context }) => ({
      error: context.preview?.activeJobs.length
        ? 'erasure.active_jobs'
        : context.reason === null
          ? 'erasure.reason_invalid'
          : 'erasure.confirm_mismatch',
    })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    /** Provided by the app: the record is gone, the tables are stale. */
    erased: (_, _preview: ErasurePreview) => {},
  },
  guards: {
    isComplete: ({ context }) =>
      context.preview !== null &&
      context.preview.activeJobs.length === 0 &&
      context.reason !== null &&
      confirmsRecord(context.preview, context.confirm),
  },
}).createMachine({
  id: 'erasure',
  context: ({ input }) => ({ ...input, preview: null, reason: null, confirm: '', error: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'erasure.open': { target: 'loading', actions: 'forget' } } },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ kind: context.kind, uuid: context.uuid }),
        onDone: { target: 'asking', actions: { type: 'takePreview', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
      on: { 'erasure.cancel': { target: 'closed', actions: 'forget' } },
    },
    loadFailed: {
      on: {
        'erasure.retry': 'loading',
        'erasure.cancel': { target: 'closed', actions: 'forget' },
      },
    },
    asking: {
      on: {
        'erasure.reason': { actions: 'chooseReason' },
        'erasure.confirmText': { actions: 'typeConfirm' },
        'erasure.confirm': [{ guard: 'isComplete', target: 'erasing' }, { actions: 'noteIncomplete' }],
        'erasure.cancel': { target: 'closed', actions: 'forget' },
      },
    },
    erasing: {
      tags: ['busy'],
      invoke: {
        id: 'erase',
        src: 'erase',
        input: ({ context }): EraseInput => ({
          kind: context.kind,
          uuid: context.uuid,
          reason: context.reason ?? 'other',
          confirm: context.confirm.trim(),
        }),
        onDone: { target: 'erased', actions: { type: 'erased', params: ({ event }) => event.output } },
        onError: { target: 'asking', actions: { type: 'setError', params: errorOf } },
      },
    },
    erased: { type: 'final' },
  },
});

export type ErasureActor = ActorRefFrom<typeof erasureMachine>;
export type ErasureSnapshot = SnapshotFrom<typeof erasureMachine>;
