import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { PresentationConsent } from '../../../contract/profile';

export interface PresentationConsentContext {
  consented: boolean;
  /** ISO time the consent was given; null while not given. */
  since: string | null;
  error: string | null;
}

export type PresentationConsentEvent =
  | { type: 'consent.set'; consented: boolean }
  | { type: 'consent.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const answerOf = ({ event }: { event: { output: PresentationConsent } }) => event.output;

/**
 * The candidate's consent to be presented to clients by name (issue 21), a switch in the account
 * settings: loaded once, each change saved at once; a refused change leaves the switch as it was and
 * says why.
 */
export const presentationConsentMachine = setup({
  types: { context: {} as PresentationConsentContext, events: {} as PresentationConsentEvent },
  actors: {
    loadConsent: fromPromise<PresentationConsent>(async () => {
      throw new Error('loadConsent is provided by the app');
    }),
    saveConsent: fromPromise<PresentationConsent, { consented: boolean }>(async () => {
      throw new Error('saveConsent is provided by the app');
    }),
  },
  actions: {
    take: assign((_, answer: PresentationConsent) => ({
      consented: answer.consented,
      since: answer.since,
      error: null,
    })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'presentationConsent',
  context: { consented: false, since: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: { target: 'ready', actions: { type: 'take', params: answerOf } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadFailed: { on: { 'consent.retry': { target: 'loading', actions: 'clearError' } } },
    ready: { on: { 'consent.set': { target: 'saving', actions: 'clearError' } } },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: ({ event }) => {
          assertEvent(event, 'consent.set');
          return { consented: event.consented };
        },
        onDone: { target: 'ready', actions: { type: 'take', params: answerOf } },
        onError: { target: 'ready', actions: { type: 'setError', params: errorOf } },
      },
    },
  },
});

export type PresentationConsentActor = ActorRefFrom<typeof presentationConsentMachine>;
