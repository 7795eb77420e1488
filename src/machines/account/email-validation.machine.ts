import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { TokenPair } from '../../../contract/session';

export interface EmailValidationContext {
  token: string;
  /** Error code of a refused link (translated by the UI). */
  error: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The e-mail validation link (SEED-SPEC §2, /user/validate/{token}): one call; its tokens go to the
 * session (the `tokensIssued` action the app provides), a refusal keeps its code.
 */
export const emailValidationMachine = setup({
  types: { context: {} as EmailValidationContext, input: {} as { token: string } },
  actors: {
    validateEmail: fromPromise<TokenPair, { token: string }>(async () => {
      throw new Error('validateEmail is provided by the app');
    }),
  },
  actions: {
    tokensIssued: (_, _pair: TokenPair) => {},
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
  },
}).createMachine({
  id: 'emailValidation',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'validating',
  states: {
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateEmail',
        src: 'validateEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'validated',
          actions: { type: 'tokensIssued', params: ({ event }) => event.output },
        },
        onError: { target: 'refused', actions: { type: 'setError', params: errorOf } },
      },
    },
    validated: { type: 'final' },
    refused: { type: 'final' },
  },
});

export type EmailValidationActor = ActorRefFrom<typeof emailValidationMachine>;
