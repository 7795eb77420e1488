import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { submissionMachine } from './submission.machine';

const model = machineModel(submissionMachine, {
  events: [
    { type: 'submission.submit', input: { email: 'a@b.de' } },
    { type: 'submission.reset' },
    { type: 'xstate.done.actor.submit', output: null } as never,
    {
      type: 'xstate.error.actor.submit',
      error: { code: 'request.invalid', fields: { email: ['email.invalid'] } },
    } as never,
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('submission machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `submission model: ${visited.size} of ${stateNodePaths(submissionMachine).length} states visited, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const fx = deferredActors(['submit'] as const);
    const actor = createActor(submissionMachine.provide({ actors: fx.actors }), {
      inspect: recordVisits(visited),
    }).start();
    for (const { event, expected } of path.steps) {
      const e = event as EventObject & { output?: unknown; error?: unknown };
      if (e.type === 'xstate.done.actor.submit') fx.settle('submit', 'done', e.output);
      else if (e.type === 'xstate.error.actor.submit') fx.settle('submit', 'error', e.error);
      else actor.send(event);
      await flush();
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (e.type === 'submission.submit') expect(fx.calls.at(-1)?.input).toEqual({ email: 'a@b.de' });
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(submissionMachine).sort());
    expect(executed).toBe(paths.length);
    expect(paths.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'idle --submission.submit--> submitting',
        'submitting --xstate.done.actor.submit--> done',
        'submitting --xstate.error.actor.submit--> idle',
        'done --submission.reset--> idle',
        'done --submission.submit--> submitting',
      ]),
    );
  });
});
