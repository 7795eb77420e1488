import { expect, it } from 'vitest';
import { type AnyActorLogic, type AnyStateMachine, createActor } from 'xstate';

/** Lets a settled promise reach its actor without timers (the tests of some machines fake them). */
async function microtasks() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * Runs each named call a machine declares as a stand-in (the app provides the real one) on its own
 * and returns what it ended with, by name: `Error: <message>` for a stand-in that fails, as every
 * unprovided call must (never pass as done), and whose message names the call the app forgot.
 */
export async function standInOutcomes(
  machine: AnyStateMachine,
  names: readonly string[],
  input: unknown = {},
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const logic = (machine.implementations.actors as Record<string, AnyActorLogic | undefined>)[name];
    if (!logic) {
      out[name] = 'no such call';
      continue;
    }
    let failure: unknown;
    const actor = createActor(logic, { input });
    actor.subscribe({ error: (error) => (failure = error) });
    actor.start();
    await microtasks();
    out[name] = failure === undefined ? `ended ${actor.getSnapshot().status}` : String(failure);
    actor.stop();
  }
  return out;
}

/**
 * The test every machine with stand-ins has: each call the app must provide fails while it is not,
 * with the message `expected` names for it (`Error: <call> is provided by the app`, or by whom).
 */
export function itNeedsTheAppsCalls(
  machine: () => AnyStateMachine,
  expected: Record<string, string>,
  input?: unknown,
): void {
  it('needs the app to provide every call: each stand-in fails, naming the call', async () => {
    expect(await standInOutcomes(machine(), Object.keys(expected), input)).toEqual(expected);
  });
}
