import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { submissionMachine } from '../../machines/shared/submission.machine';

/** A form's request state (src/machines/submission.machine.ts) around one call. */
export function useSubmission<I>(request: (input: I) => Promise<unknown>) {
  const actor = useActorRef(
    submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => request(input as I)) } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  return {
    submit: (input: I) => actor.send({ type: 'submission.submit', input }),
    reset: () => actor.send({ type: 'submission.reset' }),
    busy: snapshot.hasTag('busy'),
    done: snapshot.matches('done'),
    error: snapshot.context.error,
    fields: snapshot.context.fields,
  };
}
