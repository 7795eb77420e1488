import { type ActorRef, type AnyMachineSnapshot, type EventObject, waitFor } from 'xstate';

/** What a flow machine made of a form it was handed: still at it, done, or refused with its codes. */
export type HandOffOutcome = 'pending' | 'done' | { code: string | null; fields: Record<string, string[]> };

/** The flow machine did not take the form's event (it was busy with something else). */
export class HandOffRefused extends Error {
  constructor(readonly event: string) {
    super(`${event} was not taken`);
  }
}

/**
 * The call of a form whose request a flow machine owns (the session's login, the registration's
 * account, the phone setup's number, code and turn-off): sends `event`, made of the schema's output,
 * to `flow` and settles with the flow's answer as `outcome` reads it from the flow's snapshots: done,
 * or refused with the codes the form then shows (thrown as the API's errors are). The form keeps the
 * values, the check, the submission and the codes; the flow keeps its steps and its calls.
 */
export async function handOff<Snapshot extends AnyMachineSnapshot, Event extends EventObject>(
  flow: ActorRef<Snapshot, Event>,
  event: Event,
  outcome: (snapshot: Snapshot) => HandOffOutcome,
): Promise<void> {
  // A form's submit button is disabled while its flow is busy, so this is a race, not a path.
  if (!flow.getSnapshot().can(event)) throw new HandOffRefused(event.type);
  flow.send(event);
  const settled = await waitFor(flow, (snapshot) => outcome(snapshot) !== 'pending');
  const result = outcome(settled);
  if (result !== 'done') throw result;
}
