import { type ActorRefFrom, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { Consent, ConsentsResponse } from '../../../contract/legal';

/** The texts the user must (re-)accept: required ones not accepted in the version in force. */
export const pendingConsents = (answer: ConsentsResponse): Consent[] =>
  answer.consents.filter((c) => c.requiresAcceptance && c.acceptedVersion !== c.currentVersion);

export interface ConsentsContext {
  /** What the dialog asks the user to accept, each in the version in force. */
  pending: Consent[];
  /** The "I have read and accept" box. */
  agreed: boolean;
  error: string | null;
}

export type ConsentsEvent =
  | { type: 'consents.agree'; agreed: boolean }
  | { type: 'consents.accept' }
  | { type: 'consents.decline' }
  | { type: 'consents.retry' };

const VERSION_OUTDATED = 'legal.version_outdated';
const answerOf = ({ event }: { event: { output: ConsentsResponse } }) => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * New terms (PRODUCT.md §6): a signed-in candidate or company whose acceptance of a required text is
 * missing or older than the version in force is asked again before going on. The check runs once per
 * sign-in; a failed check asks nothing (the server does not depend on it) and can be retried. Accepting
 * sends every pending text; a text that changed while the user read it (409) is checked and asked again.
 * Declining logs out (the `logout` action the app provides).
 */
export const consentsMachine = setup({
  types: { context: {} as ConsentsContext, events: {} as ConsentsEvent },
  actors: {
    loadConsents: fromPromise<ConsentsResponse>(async () => {
      throw new Error('loadConsents is provided by the app');
    }),
    acceptAll: fromPromise<ConsentsResponse, { pending: Consent[] }>(async () => {
      throw new Error('acceptAll is provided by the app');
    }),
  },
  actions: {
    logout: () => {},
    takePending: assign((_, answer: ConsentsResponse) => ({
      pending: pendingConsents(answer),
      agreed: false,
    })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
    setAgreed: assign(({ event }) => {
      assertEvent(event, 'consents.agree');
      return { agreed: event.agreed };
    }),
  },
  guards: {
    mustAccept: (_, answer: ConsentsResponse) => answer.mustAccept && pendingConsents(answer).length > 0,
    agreed: ({ context }) => context.agreed,
    versionOutdated: (_, error: unknown) => errorCodeOf(error) === VERSION_OUTDATED,
  },
}).createMachine({
  id: 'consents',
  context: { pending: [], agreed: false, error: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'loadConsents',
        onDone: [
          {
            guard: { type: 'mustAccept', params: answerOf },
            target: 'asking',
            actions: { type: 'takePending', params: answerOf },
          },
          { target: 'settled', actions: 'clearError' },
        ],
        onError: { target: 'unchecked', actions: { type: 'setError', params: errorOf } },
      },
    },
    /** The check failed: nothing is asked now; `consents.retry` (the next visit) checks again. */
    unchecked: {
      on: { 'consents.retry': { target: 'checking' } },
    },
    asking: {
      on: {
        'consents.agree': { actions: 'setAgreed' },
        'consents.accept': { guard: 'agreed', target: 'accepting', actions: 'clearError' },
        'consents.decline': { target: 'declined', actions: 'logout' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        src: 'acceptAll',
        input: ({ context }) => ({ pending: context.pending }),
        onDone: [
          {
            guard: { type: 'mustAccept', params: answerOf },
            target: 'asking',
            actions: { type: 'takePending', params: answerOf },
          },
          { target: 'settled' },
        ],
        onError: [
          {
            // A text changed while the user read it: fetch the versions in force and ask again.
            guard: { type: 'versionOutdated', params: errorOf },
            target: 'checking',
            actions: { type: 'setError', params: errorOf },
          },
          { target: 'asking', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    settled: { type: 'final' },
    declined: { type: 'final' },
  },
});

export type ConsentsActor = ActorRefFrom<typeof consentsMachine>;

/** Whether the user is being asked to accept the texts (the prompt is open). */
export const consentsAsked = (snapshot: SnapshotFrom<typeof consentsMachine>): boolean =>
  snapshot.matches('asking') || snapshot.matches('accepting');
