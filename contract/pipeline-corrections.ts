import * as v from 'valibot';
import { UuidSchema } from './agent';
import { FieldError, strictObject } from './field-errors';
import {
  PIPELINE_BULK_MAX,
  PIPELINE_OPEN_STAGES,
  PipelineEntrySchema,
  PipelineReasonSchema,
  PipelineVersionSchema,
} from './pipeline';

/**
 * Issue 42 "Pipeline slips cannot be corrected" (PRODUCT.md §11): the requests that correct, undo and
 * remove; their rules (`correctionTargets`, `undoRefusal`, …) stay with the stages in contract/pipeline.ts.
 *
 * POST /api/pipeline/{entry}/correct   PipelineCorrectionSchema → PipelineEntrySchema; 409
 *                                      pipeline.transition_refused / pipeline.version_conflict with `current`
 * POST /api/job/{uuid}/pipeline/undo   PipelineUndoSchema → PipelineEntryListSchema; all or none, 409
 *                                      PipelineUndoConflictSchema
 * POST /api/pipeline/{entry}/remove    PipelineRemovalSchema → 204; 409 pipeline.version_conflict
 */

/** "Correct the stage": back to an earlier open stage (correctionTargets), always with a reason. */
export const PipelineCorrectionSchema = strictObject(
  {
    to: v.picklist(PIPELINE_OPEN_STAGES, 'pipeline.stage_invalid'),
    reason: v.pipe(PipelineReasonSchema, v.minLength(1, 'pipeline.correction_reason_required')),
    version: PipelineVersionSchema,
  },
  FieldError.required,
);
export type PipelineCorrection = v.InferInput<typeof PipelineCorrectionSchema>;

/** Undo the last move of the entries named (each with the version that move gave it): all or none. */
export const PipelineUndoSchema = strictObject(
  {
    entries: v.pipe(
      v.array(
        strictObject({ uuid: UuidSchema, version: PipelineVersionSchema }, FieldError.required),
        FieldError.invalidType,
      ),
      v.minLength(1, FieldError.required),
      v.maxLength(PIPELINE_BULK_MAX, FieldError.tooLong),
      v.check(
        (xs) => new Set(xs.map((x) => x.uuid.toLowerCase())).size === xs.length,
        'pipeline.duplicate_entry',
      ),
    ),
  },
  FieldError.required,
);
export type PipelineUndo = v.InferInput<typeof PipelineUndoSchema>;

/**
 * Remove an entry from the pipeline (the version read, a reason if any). The entry is deleted; the
 * timelines keep its moves and the removal. Adding the candidate again starts a new entry (proposed).
 */
export const PipelineRemovalSchema = strictObject(
  { version: PipelineVersionSchema, reason: v.optional(PipelineReasonSchema) },
  FieldError.required,
);
export type PipelineRemoval = v.InferInput<typeof PipelineRemovalSchema>;

/** 409 of a refused undo: why, and the entries named as they are now. */
export const PipelineUndoConflictSchema = v.object({
  status: v.literal(409),
  code: v.picklist([
    'pipeline.version_conflict',
    'pipeline.nothing_to_undo',
    'pipeline.undo_not_yours',
    'pipeline.undo_expired',
  ]),
  message: v.string(),
  current: v.array(PipelineEntrySchema),
});
