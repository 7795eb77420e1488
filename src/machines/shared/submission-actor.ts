import { createActor, fromPromise } from 'xstate';
import { type SubmissionActor, submissionMachine } from './submission.machine';

/** A started submission machine whose request is `request` (a change a route's screen sends). */
export function submissionActor<I>(request: (input: I) => Promise<unknown>): SubmissionActor {
  return createActor(
    submissionMachine.provide({ actors: { submit: fromPromise(({ input }) => request(input as I)) } }),
  ).start();
}
