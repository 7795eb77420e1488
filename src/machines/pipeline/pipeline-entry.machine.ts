import { assign, setup } from 'xstate';
import {
  allowedMoves,
  isOpenStage,
  lastOpenAfter,
  PIPELINE_OPEN_STAGES,
  PIPELINE_STAGES,
  type PipelineOpenStage,
  type PipelineStage,
  type RejectedBy,
} from '../../../contract/pipeline';

/**
 * One pipeline entry's stages (PRODUCT.md §10): a state per stage of contract/pipeline.ts, its
 * transitions built from the same `allowedMoves` the server checks every move with, so the board
 * offers exactly the moves the server accepts. An event names the stage to go to
 * (`pipeline.contacted`); a final entry goes back to its last open stage by that stage's event.
 * The board resolves one snapshot per card (`entrySnapshot`) and asks `snapshot.can(…)`.
 */

export interface PipelineEntryContext {
  /** Where the entry reopens to when final; where it is when open. */
  lastOpen: PipelineOpenStage;
  reason: string | null;
  by: RejectedBy | 'candidate' | null;
}

export type PipelineMoveEvent =
  | { type: 'pipeline.rejected'; by: RejectedBy; reason: string }
  | { type: 'pipeline.withdrawn'; reason?: string }
  | { type: `pipeline.${Exclude<PipelineStage, 'rejected' | 'withdrawn'>}` };

/** The event that moves an entry to `to`. */
export function moveEvent(
  to: PipelineStage,
  why: { by?: RejectedBy; reason?: string } = {},
): PipelineMoveEvent {
  if (to === 'rejected')
    return { type: 'pipeline.rejected', by: why.by ?? 'agency', reason: why.reason ?? '' };
  if (to === 'withdrawn')
    return why.reason ? { type: 'pipeline.withdrawn', reason: why.reason } : { type: 'pipeline.withdrawn' };
  return { type: `pipeline.${to}` };
}

const stageOf = (event: PipelineMoveEvent) => event.type.slice('pipeline.'.length) as PipelineStage;

/** A state's transitions: open stages go where allowedMoves says; final ones back to their last open stage. */
function transitionsOf(from: PipelineStage) {
  if (isOpenStage(from)) {
    return Object.fromEntries(
      allowedMoves(from, from).map((to) => [
        `pipeline.${to}`,
        { target: to, actions: { type: 'enterStage' as const, params: { from } } },
      ]),
    );
  }
  return Object.fromEntries(
    PIPELINE_OPEN_STAGES.map((open) => [
      `pipeline.${open}`,
      {
        target: open,
        guard: { type: 'reopensTo' as const, params: { stage: open } },
        actions: { type: 'enterStage' as const, params: { from } },
      },
    ]),
  );
}

export const pipelineEntryMachine = setup({
  types: {
    context: {} as PipelineEntryContext,
    events: {} as PipelineMoveEvent,
    input: {} as Partial<PipelineEntryContext>,
  },
  guards: {
    reopensTo: ({ context }, params: { stage: PipelineOpenStage }) => context.lastOpen === params.stage,
  },
  actions: {
    enterStage: assign(({ context, event }, params: { from: PipelineStage }) => {
      const to = stageOf(event);
      const why =
        event.type === 'pipeline.rejected'
          ? { reason: event.reason, by: event.by }
          : event.type === 'pipeline.withdrawn'
            ? { reason: event.reason ?? null, by: 'candidate' as const }
            : { reason: null, by: null };
      return { lastOpen: lastOpenAfter(params.from, context.lastOpen, to), ...why };
    }),
  },
}).createMachine({
  id: 'pipelineEntry',
  initial: 'proposed',
  context: ({ input }) => ({
    lastOpen: input.lastOpen ?? 'proposed',
    reason: input.reason ?? null,
    by: input.by ?? null,
  }),
  states: Object.fromEntries(
    PIPELINE_STAGES.map((stage) => [
      stage,
      // Every state is a stage a person names: the lifecycle page draws them (meta.stage).
      { tags: [isOpenStage(stage) ? 'open' : 'final'], meta: { stage: true }, on: transitionsOf(stage) },
    ]),
  ) as Record<PipelineStage, object>,
});

/** The snapshot of an entry as the server answered it, to ask which moves it offers. */
export function entrySnapshot(entry: { stage: PipelineStage; lastOpenStage: PipelineOpenStage }) {
  return pipelineEntryMachine.resolveState({
    value: entry.stage,
    context: { lastOpen: entry.lastOpenStage, reason: null, by: null },
  });
}

/** The stages the entry may move to now, in the contract's order (what the card's menu offers). */
export function offeredMoves(entry: {
  stage: PipelineStage;
  lastOpenStage: PipelineOpenStage;
}): PipelineStage[] {
  const snapshot = entrySnapshot(entry);
  return PIPELINE_STAGES.filter((to) => snapshot.can(moveEvent(to, { by: 'agency', reason: '-' })));
}
