import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deferredActors, flush } from '../../../tests/support/deferred-actors';
import { describeModelTable, type Inspector, type ModelTable } from '../../../tests/support/model';
import { itNeedsTheAppsCalls } from '../../../tests/support/stand-ins';
import type * as PhotoModule from './photo.machine';

/*
 * The photo's specification, written by hand: for each state the events it takes, the state and
 * context after each, the tags, and the effects — the request started (with what input) and what the
 * screen is told (`uploaded` with the new image, `deleted`). Every event a state does not list is sent
 * before each step and must change nothing.
 */

const jpeg = new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' });
const gif = new File([new Uint8Array(10)], 'me.gif', { type: 'image/gif' });
const fakeJpeg = new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' });
const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
const IMAGE = '/api/profile/photo/new.jpg';
const none = { file: null, progress: 0, error: null };
const upload = [{ src: 'send', input: { file: jpeg, onProgress: expect.any(Function) } }];

const table: ModelTable = {
  rules: { '*': 'PRODUCT §4 photo' },
  initial: 'idle',
  initialContext: none,
  initialTags: [],
  events: [
    'chooseJpeg',
    'chooseGif',
    'chooseHuge',
    'useSquare',
    'useGif',
    'unreadable',
    'cancel',
    'upload',
    'progress',
    'delete',
    'sent',
    'sendRefused',
    'sendOffline',
    'sendFailed',
    'removed',
    'removeFailed',
  ],
  states: {
    idle: {
      chooseJpeg: { target: 'chosen', context: { file: jpeg, progress: 0, error: null }, tags: [] },
      // The browser already knows what the server would refuse, and says why before any upload.
      chooseGif: {
        target: 'chosen#refused',
        context: { file: gif, progress: 0, error: 'photo.type_unsupported' },
        tags: [],
      },
      chooseHuge: {
        target: 'chosen#refused',
        context: { file: huge, progress: 0, error: 'request.too_large' },
        tags: [],
      },
      // "Use this square": the cropped JPEG is sent at once, nothing is left for a second button.
      useSquare: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
      // A square the browser already refuses is not sent: it waits with the reason, like a chosen file.
      useGif: {
        target: 'chosen#refused',
        context: { file: gif, progress: 0, error: 'photo.type_unsupported' },
        tags: [],
      },
      // A file named .jpg the browser cannot draw: refused with a reason, never a broken picture.
      unreadable: {
        target: 'chosen#refused',
        context: { file: fakeJpeg, progress: 0, error: 'photo.invalid' },
        tags: [],
      },
      delete: {
        target: 'deleting',
        context: none,
        invoked: [{ src: 'remove', input: undefined }],
        tags: ['busy'],
      },
    },
    // A JPEG chosen.
    chosen: {
      chooseJpeg: { target: 'chosen', context: { file: jpeg, error: null }, tags: [] },
      chooseGif: {
        target: 'chosen#refused',
        context: { file: gif, error: 'photo.type_unsupported' },
        tags: [],
      },
      chooseHuge: { target: 'chosen#refused', context: { file: huge, error: 'request.too_large' }, tags: [] },
      // "Use this square": the cropped JPEG is sent at once, nothing is left for a second button.
      useSquare: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
      // A square the browser already refuses is not sent: it waits with the reason, like a chosen file.
      useGif: {
        target: 'chosen#refused',
        context: { file: gif, progress: 0, error: 'photo.type_unsupported' },
        tags: [],
      },
      // A file named .jpg the browser cannot draw: refused with a reason, never a broken picture.
      unreadable: {
        target: 'chosen#refused',
        context: { file: fakeJpeg, progress: 0, error: 'photo.invalid' },
        tags: [],
      },
      cancel: { target: 'idle', context: none, tags: [] },
      upload: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
    },
    // The JPEG's upload failed for a reason that is not the file's: the same file may be sent again.
    'chosen#retry': {
      chooseJpeg: { target: 'chosen', context: { file: jpeg, progress: 0, error: null }, tags: [] },
      chooseGif: {
        target: 'chosen#refused',
        context: { file: gif, error: 'photo.type_unsupported' },
        tags: [],
      },
      chooseHuge: { target: 'chosen#refused', context: { file: huge, error: 'request.too_large' }, tags: [] },
      // "Use this square": the cropped JPEG is sent at once, nothing is left for a second button.
      useSquare: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
      // A square the browser already refuses is not sent: it waits with the reason, like a chosen file.
      useGif: {
        target: 'chosen#refused',
        context: { file: gif, progress: 0, error: 'photo.type_unsupported' },
        tags: [],
      },
      // A file named .jpg the browser cannot draw: refused with a reason, never a broken picture.
      unreadable: {
        target: 'chosen#refused',
        context: { file: fakeJpeg, progress: 0, error: 'photo.invalid' },
        tags: [],
      },
      cancel: { target: 'idle', context: none, tags: [] },
      // The new try starts from nothing sent, without the last failure's message.
      upload: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
    },
    // A GIF chosen: nothing to upload until another file is chosen.
    'chosen#refused': {
      chooseJpeg: { target: 'chosen', context: { file: jpeg, progress: 0, error: null }, tags: [] },
      chooseGif: {
        target: 'chosen#refused',
        context: { file: gif, error: 'photo.type_unsupported' },
        tags: [],
      },
      chooseHuge: { target: 'chosen#refused', context: { file: huge, error: 'request.too_large' }, tags: [] },
      // "Use this square": the cropped JPEG is sent at once, nothing is left for a second button.
      useSquare: {
        target: 'uploading',
        context: { file: jpeg, progress: 0, error: null },
        invoked: upload,
        tags: ['busy'],
      },
      // A square the browser already refuses is not sent: it waits with the reason, like a chosen file.
      useGif: {
        target: 'chosen#refused',
        context: { file: gif, progress: 0, error: 'photo.type_unsupported' },
        tags: [],
      },
      // A file named .jpg the browser cannot draw: refused with a reason, never a broken picture.
      unreadable: {
        target: 'chosen#refused',
        context: { file: fakeJpeg, progress: 0, error: 'photo.invalid' },
        tags: [],
      },
      cancel: { target: 'idle', context: none, tags: [] },
    },
    // Sending the JPEG.
    uploading: {
      progress: { target: 'uploading', context: { file: jpeg, progress: 0.5, error: null }, tags: ['busy'] },
      sent: { target: 'idle', context: none, invoked: [{ src: 'uploaded', input: IMAGE }], tags: [] },
      sendRefused: {
        target: 'chosen#refused',
        context: { file: jpeg, error: 'photo.type_unsupported' },
        tags: [],
      },
      // The network lost the upload, or the server failed: the file stays chosen for another try.
      sendOffline: {
        target: 'chosen#retry',
        context: { file: jpeg, error: 'network.unreachable' },
        tags: [],
      },
      sendFailed: {
        target: 'chosen#retry',
        context: { file: jpeg, error: 'server.internal' },
        tags: [],
      },
    },
    deleting: {
      removed: { target: 'idle', context: none, invoked: [{ src: 'deleted', input: undefined }], tags: [] },
      removeFailed: { target: 'idle', context: { file: null, error: 'server.internal' }, tags: [] },
    },
  },
};

const RESULTS: Record<string, ['send' | 'remove', 'done' | 'error', unknown]> = {
  sent: ['send', 'done', IMAGE],
  sendRefused: ['send', 'error', { code: 'photo.type_unsupported' }],
  sendOffline: ['send', 'error', new TypeError('Failed to fetch')],
  sendFailed: ['send', 'error', { code: 'server.internal' }],
  removed: ['remove', 'done', null],
  removeFailed: ['remove', 'error', { code: 'server.internal' }],
};

function start({ photoMachine }: typeof PhotoModule, inspect?: Inspector) {
  const fx = deferredActors(['send', 'remove'] as const);
  /** Requests started and what the screen was told, in order. */
  const effects: { src: string; input: unknown }[] = [];
  let seen = 0;
  const took = () => {
    for (const c of fx.calls.slice(seen)) effects.push({ src: c.id, input: c.input });
    seen = fx.calls.length;
  };
  const machine = photoMachine.provide({
    actors: fx.actors,
    actions: {
      uploaded: (_, image) => {
        took();
        effects.push({ src: 'uploaded', input: image });
      },
      deleted: () => {
        took();
        effects.push({ src: 'deleted', input: undefined });
      },
    },
  });
  const actor = createActor(machine, { inspect }).start();
  const sends: Record<string, () => void> = {
    chooseJpeg: () => actor.send({ type: 'photo.choose', file: jpeg }),
    chooseGif: () => actor.send({ type: 'photo.choose', file: gif }),
    chooseHuge: () => actor.send({ type: 'photo.choose', file: huge }),
    useSquare: () => actor.send({ type: 'photo.use', file: jpeg }),
    useGif: () => actor.send({ type: 'photo.use', file: gif }),
    unreadable: () => actor.send({ type: 'photo.unreadable', file: fakeJpeg }),
    cancel: () => actor.send({ type: 'photo.cancel' }),
    upload: () => actor.send({ type: 'photo.upload' }),
    delete: () => actor.send({ type: 'photo.delete' }),
    progress: () => {
      // While sending, progress comes from the request; otherwise it is a stray event.
      const running = fx.calls.at(-1);
      if (actor.getSnapshot().children.send && running?.id === 'send')
        (running.input as { onProgress: (share: number) => void }).onProgress(0.5);
      else actor.send({ type: 'photo.progress', share: 0.5 });
    },
  };
  return {
    async send(event: string) {
      const result = RESULTS[event];
      if (!result) sends[event]?.();
      else if (actor.getSnapshot().children[result[0]]) {
        fx.settleLatest(...result);
        await flush();
      }
      took();
    },
    snapshot() {
      const snap = actor.getSnapshot();
      if (snap.status === 'error') throw snap.error;
      return { value: snap.value, context: snap.context, tags: snap.tags as Set<string> };
    },
    calls: () => effects,
  };
}

describeModelTable({
  name: 'photo',
  load: () => import('./photo.machine'),
  machines: (m) => [m.photoMachine],
  tables: [{ table, start }],
  rowForEveryLeafBut: [],
  everyTransition: true,
  more: (module, inspect) => {
    itNeedsTheAppsCalls(() => module().photoMachine, {
      remove: 'Error: remove is provided by the app',
      send: 'Error: send is provided by the app',
    });

    // Once a fault (`fileIsAcceptable` refused any file with an error, so after the network lost an
    // upload the same file could not be sent again without choosing it anew): the retry sends the same
    // file, from no progress and without the old error.
    it('lets the same file be sent again after the network lost the upload', async () => {
      const driver = start(module(), inspect);
      for (const e of ['chooseJpeg', 'upload', 'progress', 'sendOffline']) await driver.send(e);
      expect(driver.snapshot().context).toMatchObject({
        file: jpeg,
        progress: 0.5,
        error: 'network.unreachable',
      });
      const calls = driver.calls().length;
      await driver.send('upload');
      expect(driver.snapshot().value).toBe('uploading');
      expect(driver.snapshot().context).toEqual({ file: jpeg, progress: 0, error: null });
      expect(driver.calls().slice(calls)).toEqual(upload);
      await driver.send('sent');
      expect(driver.snapshot().value).toBe('idle');
      expect(driver.calls().at(-1)).toEqual({ src: 'uploaded', input: IMAGE });
    });

    it('takes a photo of exactly 5 MiB, refuses one byte more', () => {
      const { photoProblem } = module();
      const limit = new File([new Uint8Array(5 * 1024 * 1024)], 'limit.png', { type: 'image/png' });
      expect(photoProblem(limit)).toBeNull();
      expect(photoProblem(huge)).toBe('request.too_large');
    });

    it("tells the file's own refusals from failures worth another try", () => {
      const { refusesFile } = module();
      for (const code of [
        'photo.type_unsupported',
        'photo.too_many_pixels',
        'request.too_large',
        'request.invalid',
      ])
        expect(refusesFile(code), code).toBe(true);
      for (const code of [
        null,
        'network.unreachable',
        'server.internal',
        'request.rate_limited',
        'auth.required',
      ])
        expect(refusesFile(code), String(code)).toBe(false);
    });

    it('does not send again a file the server refused', async () => {
      const driver = start(module(), inspect);
      for (const e of ['chooseJpeg', 'upload', 'sendRefused']) await driver.send(e);
      const calls = driver.calls().length;
      await driver.send('upload');
      expect(driver.snapshot().value).toBe('chosen');
      expect(driver.calls().length).toBe(calls);
    });
  },
});
