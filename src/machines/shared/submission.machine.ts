import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import { errorCodeOf, fieldCodesOf } from '../../../contract/errors';

export interface SubmissionContext {
  /** Error code of the last failed submission (translated by the UI). */
  error: string | null;
  /** Per-field codes of a 400 answer. */
  fields: Record<string, string[]>;
}

export type SubmissionEvent = { type: 'submission.submit'; input: unknown } | { type: 'submission.reset' };
/** Told to whoever listens (`actor.on`) when a request went through: what it answered, e.g. to open it. */
export type SubmissionEmitted = { type: 'submission.done'; output: unknown };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * One request without a form: idle → submitting → done, or back to idle with the server's reason
 * (an agent assigning a company). Forms with fields run form.machine.ts instead; the request itself
 * is the `submit` actor the feature provides.
 */
export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    emitted: {} as SubmissionEmitted,
  },
  actors: {
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error('submit is provided by the screen');
    }),
  },
  actions: {
    fail: assign((_, error: unknown) => ({ error: errorCodeOf(error), fields: fieldCodesOf(error) })),
    clear: assign({ error: null, fields: {} }),
    tellDone: emit((_, output: unknown) => ({ type: 'submission.done' as const, output })),
  },
}).createMachine({
  id: 'submission',
  context: { error: null, fields: {} },
  initial: 'idle',
  states: {
    idle: { on: { 'submission.submit': { target: 'submitting', actions: 'clear' } } },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ event }: { event: SubmissionEvent }) =>
          event.type === 'submission.submit' ? event.input : undefined,
        onDone: {
          target: 'done',
          actions: { type: 'tellDone', params: ({ event }: { event: { output: unknown } }) => event.output },
        },
        onError: { target: 'idle', actions: { type: 'fail', params: errorOf } },
      },
    },
    done: {
      on: {
        'submission.submit': { target: 'submitting', actions: 'clear' },
        'submission.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

export type SubmissionActor = ActorRefFrom<typeof submissionMachine>;
