import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';

export interface DownloadContext {
  /** Error code of the last failed download (translated by the UI). */
  error: string | null;
}

export type DownloadEvent = { type: 'download.start'; fileName: string };

/** A file the server made, and the name it is saved under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * One download button (the profile card PDF, the account's data export): fetching is busy and
 * refuses another start, so a double click downloads once; a failure keeps its code until the next
 * try. The app provides `fetchFile` (the call) and `saveFile` (the browser's save dialog).
 */
export const downloadMachine = setup({
  types: { context: {} as DownloadContext, events: {} as DownloadEvent },
  actors: {
    fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async () => {
      throw new Error('fetchFile is provided by the app');
    }),
  },
  actions: {
    saveFile: (_, _file: DownloadedFile) => {},
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'download',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'download.start': { target: 'fetching', actions: 'clearError' } } },
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ event }) => {
          assertEvent(event, 'download.start');
          return { fileName: event.fileName };
        },
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: { on: { 'download.start': { target: 'fetching', actions: 'clearError' } } },
  },
});

export type DownloadActor = ActorRefFrom<typeof downloadMachine>;
export type AnyDownloadLogic = typeof downloadMachine;
