import { assign, setup } from 'xstate';
import {
  allowedMoves,
  correctionAllowed,
  correctionTargets,
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
 * Issue 42: `correct.<stage>` (with a reason) takes an entry back to an earlier open stage, where
 * contract/pipeline.ts's `correctionAllowed` lets it (`offeredCorrections`).
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

/** "Correct the stage" back to an open stage, with the reason the timeline keeps. */
export type PipelineCorrectEvent = { type: `correct.${PipelineOpenStage}`; reason: string };

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

/** A state's corrections: to each open stage the rules allow from it (a final one: by its last open stage). */
function correctionsOf(from: PipelineStage) {
  // An open stage's corrections are fixed; a final one's depend on its last open stage (the guard).
  const targets = isOpenStage(from) ? correctionTargets(from, from) : PIPELINE_OPEN_STAGES;
  return Object.fromEntries(
    targets.map((to) => [
      `correct.${to}`,
      {
        target: to,
        guard: { type: 'correctsTo' as const, params: { from, to } },
        actions: { type: 'enterCorrected' as const, params: { to } },
      },
    ]),
  );
}

export const pipelineEntryMachine = setup({
  types: {
    context: {} as PipelineEntryContext,
    events: {} as PipelineMoveEvent | PipelineCorrectEvent,
    input: {} as Partial<PipelineEntryContext>,
  },
  guards: {
    reopensTo: ({ context }, params: { stage: PipelineOpenStage }) => context.lastOpen === params.stage,
    correctsTo: ({ context }, params: { from: PipelineStage; to: PipelineOpenStage }) =>
      correctionAllowed(params.from, context.lastOpen, params.to),
  },
  actions: {
    enterCorrected: assign((_, params: { to: PipelineOpenStage }) => ({
      lastOpen: params.to,
      reason: null,
      by: null,
    })),
    enterStage: assign(({ context, event }, params: { from: PipelineStage }) => {
      const to = stageOf(event as PipelineMoveEvent);
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
      {
        tags: [isOpenStage(stage) ? 'open' : 'final'],
        meta: { stage: true },
        on: { ...transitionsOf(stage), ...correctionsOf(stage) },
      },
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

/** The earlier stages the entry may be corrected to now (the card's "Correct stage" dialog). */
export function offeredCorrections(entry: {
  stage: PipelineStage;
  lastOpenStage: PipelineOpenStage;
}): PipelineOpenStage[] {
  const snapshot = entrySnapshot(entry);
  return PIPELINE_OPEN_STAGES.filter((to) => snapshot.can({ type: `correct.${to}`, reason: '-' }));
}
