import { type ActorRefFrom, assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../../../contract/errors';
import type { PreviewResponse } from '../../../contract/job';
import type { DraftCriterion } from './job-form.machine';

/** The editor waits this long after the last change before asking: one request per pause, not per slider step. */
export const PREVIEW_DEBOUNCE_MS = 200;

export interface PreviewQuery {
  targetTypes: string[];
  criteria: DraftCriterion[];
}

export interface JobPreviewContext {
  query: PreviewQuery | null;
  /** The last answer; kept while the next one is asked for, so the numbers do not flicker. */
  result: PreviewResponse | null;
  error: string | null;
}

export type JobPreviewEvent = { type: 'preview.update'; query: PreviewQuery } | { type: 'preview.retry' };

/**
 * The live what-if beside the job editor (PRODUCT.md §5): every change of the criteria waits for a
 * pause, then asks the server how many candidates take part, how many each must-have excludes and
 * how the scores spread. A change while a request runs cancels it; only the newest answer shows.
 */
export const jobPreviewMachine = setup({
  types: {
    context: {} as JobPreviewContext,
    events: {} as JobPreviewEvent,
  },
  actors: {
    preview: fromPromise<PreviewResponse, PreviewQuery>(async () => {
      throw new Error('preview is provided by the app');
    }),
  },
  delays: { debounce: PREVIEW_DEBOUNCE_MS },
  actions: {
    takeQuery: assign(({ event }) => {
      assertEvent(event, 'preview.update');
      return { query: event.query };
    }),
  },
  guards: {
    // Without a target type nobody takes part: the server would refuse the request.
    askable: ({ event }) => event.type === 'preview.update' && event.query.targetTypes.length > 0,
  },
}).createMachine({
  id: 'jobPreview',
  context: { query: null, result: null, error: null },
  initial: 'idle',
  on: {
    'preview.update': [
      { guard: 'askable', target: '.waiting', actions: 'takeQuery', reenter: true },
      { target: '.idle', actions: [assign({ query: null, result: null, error: null })] },
    ],
  },
  states: {
    idle: {},
    waiting: {
      tags: ['busy'],
      after: { debounce: 'asking' },
    },
    asking: {
      tags: ['busy'],
      invoke: {
        src: 'preview',
        input: ({ context }) => context.query as PreviewQuery,
        onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    shown: {},
    failed: {
      on: { 'preview.retry': 'asking' },
    },
  },
});

export type JobPreviewActor = ActorRefFrom<typeof jobPreviewMachine>;
