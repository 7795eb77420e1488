import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { deferredActors, flush } from '../../tests/support/deferred-actors';
import {
  machineModel,
  pathsCoveringEveryTransition,
  recordVisits,
  stateNodePaths,
} from '../../tests/support/model';
import { photoMachine } from './photo.machine';

// A File serializes to {}: the label keeps the model's two choices apart.
const jpeg = Object.assign(new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }), {
  label: 'jpeg',
});
const gif = Object.assign(new File([new Uint8Array(10)], 'me.gif', { type: 'image/gif' }), { label: 'gif' });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as never;

const model = machineModel(photoMachine, {
  events: [
    { type: 'photo.choose', file: jpeg },
    { type: 'photo.choose', file: gif },
    { type: 'photo.cancel' },
    { type: 'photo.upload' },
    { type: 'photo.progress', share: 0.5 },
    { type: 'photo.delete' },
    done('send', '/api/profile/photo/new.jpg'),
    failed('send', { code: 'photo.type_unsupported' }),
    done('remove', null),
    failed('remove', { code: 'server.internal' }),
  ],
});
const paths = pathsCoveringEveryTransition(model);
const visited = new Set<string>();
let executed = 0;

describe('photo machine, model-based', () => {
  afterAll(() => {
    process.stdout.write(
      `photo model: ${visited.size} of ${stateNodePaths(photoMachine).length} states visited, ${executed}/${paths.length} transitions executed\n`,
    );
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const fx = deferredActors(['send', 'remove'] as const);
    const images: (string | null)[] = [];
    let deletions = 0;
    const machine = photoMachine.provide({
      actors: fx.actors,
      actions: {
        uploaded: (_, image) => images.push(image),
        deleted: () => {
          deletions++;
        },
      },
    });
    const actor = createActor(machine, { inspect: recordVisits(visited) }).start();
    for (const { event, expected } of path.steps) {
      const e = event as EventObject & { output?: unknown; error?: unknown };
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (settled)
        fx.settle(
          settled[2] as 'send' | 'remove',
          settled[1] === 'done' ? 'done' : 'error',
          settled[1] === 'done' ? e.output : e.error,
        );
      else actor.send(event);
      await flush();
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'error') throw snapshot.error;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context.error).toEqual(expected.context.error);
      expect(snapshot.context.progress).toEqual(expected.context.progress);
      if (e.type === 'xstate.done.actor.send') expect(images.at(-1)).toBe('/api/profile/photo/new.jpg');
      if (e.type === 'xstate.done.actor.remove') expect(deletions).toBe(1);
    }
    executed++;
  });

  it('covered every state and every transition', () => {
    expect([...visited].sort()).toEqual(stateNodePaths(photoMachine).sort());
    expect(executed).toBe(paths.length);
    expect(paths.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'idle --photo.choose--> chosen',
        'chosen --photo.upload--> uploading',
        'uploading --photo.progress--> uploading',
        'uploading --xstate.done.actor.send--> idle',
        'uploading --xstate.error.actor.send--> chosen',
        'idle --photo.delete--> deleting',
      ]),
    );
  });

  it('refuses to send a file type the server would refuse, and says why', () => {
    const actor = createActor(photoMachine).start();
    actor.send({ type: 'photo.choose', file: gif });
    actor.send({ type: 'photo.upload' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.error).toBe('photo.type_unsupported');
  });
});
