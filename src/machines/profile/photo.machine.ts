import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';

/** Files the server accepts (it checks the bytes; this only saves a pointless upload). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export interface PhotoContext {
  file: File | null;
  /** Upload progress 0–1. */
  progress: number;
  error: string | null;
}

export type PhotoEvent =
  | { type: 'photo.choose'; file: File }
  /** The square the user cropped ("Use this square"): chosen and sent at once, nothing left to press. */
  | { type: 'photo.use'; file: File }
  /** The browser could not read the chosen file as a picture (a text file named .jpg). */
  | { type: 'photo.unreadable'; file: File }
  | { type: 'photo.cancel' }
  | { type: 'photo.upload' }
  | { type: 'photo.progress'; share: number }
  | { type: 'photo.delete' };

/** What the file picker already knows to refuse, as an error code; null when the file may be sent. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'photo.type_unsupported';
  if (file.size > PHOTO_MAX_BYTES) return 'request.too_large';
  return null;
}

/**
 * True for an error code that refuses the file itself (its type, size, pixels, name): sending the same
 * file again would get the same answer. Any other failure (network lost, server error, rate limit)
 * concerns the moment, not the file, and the chosen file may be sent again.
 */
export function refusesFile(code: string | null): boolean {
  return (
    code !== null && (code.startsWith('photo.') || code === 'request.too_large' || code === 'request.invalid')
  );
}

/**
 * A cropped square is sent as soon as it is chosen (issue 22: it looked saved but waited for a second
 * button and was lost on leaving); one the browser already refuses waits, with its reason, in `chosen`.
 */
function takeSquare() {
  return [
    { guard: 'usedFileIsAcceptable', target: '#photo.uploading', actions: 'choose' },
    { target: '#photo.chosen', actions: 'choose' },
  ] as const;
}

/**
 * Choosing, previewing, uploading (with progress) and deleting the profile photo. The parent learns
 * of a new image through the `uploaded`/`deleted` actions the screen provides.
 */
export const photoMachine = setup({
  types: { context: {} as PhotoContext, events: {} as PhotoEvent },
  actors: {
    remove: fromPromise<string | null>(async () => {
      throw new Error('remove is provided by the app');
    }),
    send: fromPromise<string | null, { file: File; onProgress: (share: number) => void }>(async () => {
      throw new Error('send is provided by the app');
    }),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, ['photo.choose', 'photo.use']);
      return { file: event.file, error: photoProblem(event.file), progress: 0 };
    }),
    refuseUnreadable: assign(({ event }) => {
      assertEvent(event, 'photo.unreadable');
      return { file: event.file, error: 'photo.invalid', progress: 0 };
    }),
    forget: assign({ file: null, progress: 0, error: null }),
    /** A new try starts from nothing sent, with the last failure's message gone. */
    restart: assign({ progress: 0, error: null }),
    progress: assign(({ event }) => {
      assertEvent(event, 'photo.progress');
      return { progress: event.share };
    }),
    fail: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    /** The screen provides these: the new image URL reaches the profile state and the session. */
    uploaded: (_, _image: string | null) => {},
    deleted: () => {},
  },
  guards: {
    usedFileIsAcceptable: ({ event }) => event.type === 'photo.use' && photoProblem(event.file) === null,
    fileIsAcceptable: ({ context }) => context.file !== null && !refusesFile(context.error),
  },
}).createMachine({
  id: 'photo',
  context: { file: null, progress: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photo.choose': { target: 'chosen', actions: 'choose' },
        'photo.use': takeSquare(),
        'photo.unreadable': { target: 'chosen', actions: 'refuseUnreadable' },
        'photo.delete': 'deleting',
      },
    },
    chosen: {
      on: {
        'photo.choose': { actions: 'choose' },
        'photo.use': takeSquare(),
        'photo.unreadable': { actions: 'refuseUnreadable' },
        'photo.cancel': { target: 'idle', actions: 'forget' },
        // Also after a failed upload whose error is not the file's (a retry of the same file).
        'photo.upload': { guard: 'fileIsAcceptable', target: 'uploading', actions: 'restart' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context, self }) => ({
          file: context.file as File,
          onProgress: (share: number) => self.send({ type: 'photo.progress', share }),
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'uploaded', params: ({ event }: { event: { output: string | null } }) => event.output },
            'forget',
          ],
        },
        // The file stays chosen: a refused file waits for another, any other failure may be retried.
        onError: {
          target: 'chosen',
          actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
      on: { 'photo.progress': { actions: 'progress' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: { target: 'idle', actions: ['deleted', 'forget'] },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});

export type PhotoActor = ActorRefFrom<typeof photoMachine>;
