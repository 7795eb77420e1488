import { type ActorRefFrom, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';

export interface ProtectedImageContext {
  /** The image's API path (SEED-SPEC §7: fetched with the token, as a blob); null for none. */
  src: string | null;
  /** An object URL of the fetched image while it is shown. */
  url: string | null;
  error: string | null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * An image the server only gives with the token: loading (busy), then shown from an object URL
 * (released when the image goes, also when the actor stops with its component), or failed. One actor
 * per image path; the app provides `fetchImage` (the call, answering an object URL) and `holdUrl`
 * (whose cleanup releases it).
 */
export const protectedImageMachine = setup({
  types: { context: {} as ProtectedImageContext, input: {} as { src: string | null } },
  actors: {
    fetchImage: fromPromise<string, { src: string }>(async () => {
      throw new Error('fetchImage is provided by the app');
    }),
    /** Runs while the image shows; its cleanup releases the URL (a stopped actor runs no exit actions). */
    holdUrl: fromCallback<EventObject, { url: string }>(() => () => {}),
  },
  actions: {
    takeUrl: assign((_, url: string) => ({ url })),
    setError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
  },
  guards: {
    hasSource: ({ context }) => context.src !== null,
  },
}).createMachine({
  id: 'protectedImage',
  context: ({ input }) => ({ src: input.src, url: null, error: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasSource', target: 'loading' }, { target: 'empty' }] },
    empty: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchImage',
        src: 'fetchImage',
        input: ({ context }) => ({ src: context.src ?? '' }),
        onDone: { target: 'shown', actions: { type: 'takeUrl', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    shown: {
      invoke: { id: 'holdUrl', src: 'holdUrl', input: ({ context }) => ({ url: context.url ?? '' }) },
    },
    failed: {},
  },
});

export type ProtectedImageActor = ActorRefFrom<typeof protectedImageMachine>;
