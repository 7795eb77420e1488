import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { emailValidationMachine } from '../account/email-validation.machine';
import { type DownloadedFile, downloadMachine } from './download.machine';
import { protectedImageMachine } from './protected-image.machine';

function download() {
  const fx = deferredActors(['fetchFile'] as const);
  const saved: DownloadedFile[] = [];
  const actor = createActor(
    downloadMachine.provide({ actors: fx.actors, actions: { saveFile: (_, file) => saved.push(file) } }),
  ).start();
  return { fx, saved, actor };
}

describe('download machine', () => {
  it('fetches once however often it is started while busy, then saves the file under its name', async () => {
    const { fx, saved, actor } = download();
    actor.send({ type: 'download.start', fileName: 'a.pdf' });
    actor.send({ type: 'download.start', fileName: 'a.pdf' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fx.calls).toEqual([{ id: 'fetchFile', input: { fileName: 'a.pdf' } }]);
    const blob = new Blob(['%PDF']);
    fx.settle('fetchFile', 'done', { blob, fileName: 'a.pdf' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saved).toEqual([{ blob, fileName: 'a.pdf' }]);
  });

  it('keeps the error code of a failed download and clears it on the next try', async () => {
    const { fx, saved, actor } = download();
    actor.send({ type: 'download.start', fileName: 'a.json' });
    fx.settle('fetchFile', 'error', { code: 'auth.required' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('auth.required');
    expect(saved).toEqual([]);
    actor.send({ type: 'download.start', fileName: 'a.json' });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fx.calls).toHaveLength(2);
  });
});

describe('e-mail validation machine', () => {
  /** The machine on the link's token, its call held open and the tokens it hands on recorded. */
  function startValidation(token: string) {
    const fx = deferredActors(['validateEmail'] as const);
    const issued: unknown[] = [];
    const actor = createActor(
      emailValidationMachine.provide({
        actors: fx.actors,
        actions: { tokensIssued: (_, p) => issued.push(p) },
      }),
      { input: { token } },
    ).start();
    return { fx, issued, actor };
  }

  it('validates the token once and hands the tokens to the session', async () => {
    const { fx, issued, actor } = startValidation('abc');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fx.calls).toEqual([{ id: 'validateEmail', input: { token: 'abc' } }]);
    fx.settle('validateEmail', 'done', { token: 't', refresh_token: 'r' });
    await flush();
    expect(actor.getSnapshot().value).toBe('validated');
    expect(issued).toEqual([{ token: 't', refresh_token: 'r' }]);
  });

  it('keeps the code of a refused link and issues nothing', async () => {
    const { fx, issued, actor } = startValidation('old');
    fx.settle('validateEmail', 'error', { code: 'validation.invalid_token' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error).toBe('validation.invalid_token');
    expect(issued).toEqual([]);
  });
});

describe('protected image machine', () => {
  it('shows nothing and fetches nothing without a path', () => {
    const fx = deferredActors(['fetchImage'] as const);
    const actor = createActor(protectedImageMachine.provide({ actors: fx.actors }), {
      input: { src: null },
    }).start();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(fx.calls).toEqual([]);
  });

  it('fetches the path, shows the object URL, and releases it when the actor stops', async () => {
    const fx = deferredActors(['fetchImage'] as const);
    const released: string[] = [];
    const actor = createActor(
      protectedImageMachine.provide({
        actors: {
          ...fx.actors,
          holdUrl: fromCallback<EventObject, { url: string }>(
            ({ input }) =>
              () =>
                released.push(input.url),
          ),
        },
      }),
      { input: { src: '/api/photo/1' } },
    ).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fx.calls).toEqual([{ id: 'fetchImage', input: { src: '/api/photo/1' } }]);
    fx.settle('fetchImage', 'done', 'blob:1');
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.url).toBe('blob:1');
    expect(released).toEqual([]);
    actor.stop();
    expect(released).toEqual(['blob:1']);
  });

  it('fails with the code of the call', async () => {
    const fx = deferredActors(['fetchImage'] as const);
    const actor = createActor(protectedImageMachine.provide({ actors: fx.actors }), {
      input: { src: '/api/photo/1' },
    }).start();
    fx.settle('fetchImage', 'error', new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('network.unreachable');
  });
});
