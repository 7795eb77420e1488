import {
  PipelineBoardSchema,
  PipelineConflictSchema,
  PipelineEntryListSchema,
  PipelineEntrySchema,
  PipelineFollowUpsSchema,
  PipelineJobsSchema,
} from '../../../contract/pipeline';
import { PipelineUndoConflictSchema } from '../../../contract/pipeline-corrections';

import {
  agentJob,
  agentsOnly,
  candidate,
  created,
  noContent,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

/** The rule of `by` and `reason`, which the body's schema carries as its `anyOf`. */
const MOVE_RULE =
  'A move to `rejected` names `by` and a `reason` (else 400 `pipeline.reason_required`); one to `withdrawn` may give a `reason`; any other names neither (else 400 `field.unknown`). The body schema says the same in its `anyOf`.';

/** A job's pipeline (issue 21): its board, moves, follow-ups and a candidate's jobs. */
export const PIPELINE_OPERATIONS: Record<string, OperationDoc> = {
  ...section('pipeline', {
    'GET /api/job/{uuid}/pipeline': op(
      "A job's pipeline board: every entry with name, photo, score and follow-up; the count per stage",
      ok(PipelineBoardSchema),
      agentJob,
    ),
    'PUT /api/job/{uuid}/pipeline/{profile}': op(
      'Add a candidate to the pipeline as proposed (201); one who is in already answers the entry (200)',
      created(PipelineEntrySchema),
      { ...agentsOnly, 404: ['job.not_found', 'profile.not_found'] },
      {
        alsoSuccess: [
          { ...ok(PipelineEntrySchema), description: 'The candidate was in already: the entry as it is' },
        ],
      },
    ),
    'POST /api/job/{uuid}/pipeline/move': op(
      "Move several of the job's entries to one stage: all or none (409 with the entries as they are)",
      ok(PipelineEntryListSchema),
      {
        ...agentsOnly,
        400: ['pipeline.reason_required', 'pipeline.duplicate_entry'],
        404: ['job.not_found', 'pipeline.entry_not_found'],
        409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
      },
      {
        conflict: PipelineConflictSchema,
        description: `${MOVE_RULE} Each entry at most once, however its uuid is written (upper or lower case): else 400 \`pipeline.duplicate_entry\` on \`entries\`.`,
      },
    ),
    'POST /api/pipeline/{entry}/move': op(
      'Move an entry (409 when its stage refuses the move or it was moved since it was read)',
      ok(PipelineEntrySchema),
      {
        ...agentsOnly,
        400: ['pipeline.reason_required'],
        404: ['pipeline.entry_not_found'],
        409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
      },
      { conflict: PipelineConflictSchema, description: MOVE_RULE },
    ),
    'POST /api/pipeline/{entry}/correct': op(
      "Correct an entry's stage back to an earlier open stage, with a reason kept on the timeline (409 when the stage is not earlier or the entry was moved since it was read)",
      ok(PipelineEntrySchema),
      {
        ...agentsOnly,
        400: ['pipeline.correction_reason_required', 'pipeline.stage_invalid'],
        404: ['pipeline.entry_not_found'],
        409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
      },
      {
        conflict: PipelineConflictSchema,
        description:
          "Any entry, open or final, goes to an open stage before the one it is in (a rejected or withdrawn entry: up to its last open stage). A correction to `submitted` or before takes the client's answer back.",
      },
    ),
    'POST /api/job/{uuid}/pipeline/undo': op(
      "Undo the caller's last move of the job's entries named (each with the version that move gave it), within 10 minutes: all or none",
      ok(PipelineEntryListSchema),
      {
        ...agentsOnly,
        400: ['pipeline.duplicate_entry'],
        404: ['job.not_found', 'pipeline.entry_not_found'],
        409: [
          'pipeline.version_conflict',
          'pipeline.nothing_to_undo',
          'pipeline.undo_not_yours',
          'pipeline.undo_expired',
        ],
      },
      { conflict: PipelineUndoConflictSchema },
    ),
    'POST /api/pipeline/{entry}/remove': op(
      'Remove an entry from the pipeline; both timelines keep its history and the removal (409 when it was moved since it was read)',
      noContent,
      {
        ...agentsOnly,
        404: ['pipeline.entry_not_found'],
        409: ['pipeline.version_conflict'],
      },
      { conflict: PipelineConflictSchema },
    ),
    'PUT /api/pipeline/{entry}/follow-up': op(
      "Set, postpone or clear an entry's follow-up: a day, an optional time (HH:MM) and note",
      ok(PipelineEntrySchema),
      {
        ...agentsOnly,
        400: ['pipeline.follow_up_day_required', 'pipeline.follow_up_time_invalid'],
        404: ['pipeline.entry_not_found'],
      },
      {
        description:
          'A `time` or `note` with `followUp: null` is refused (400 `pipeline.follow_up_day_required`, nothing written); clearing clears all three. A follow-up is due on its day, whatever its time.',
      },
    ),
    'POST /api/pipeline/{entry}/follow-up/done': op(
      "Mark an entry's follow-up done: cleared, and `follow_up.done` on the candidate's and the job's timeline (again: nothing changes)",
      ok(PipelineEntrySchema),
      { ...agentsOnly, 404: ['pipeline.entry_not_found'] },
    ),
    'GET /api/pipeline/follow-ups': op(
      "The caller's follow-ups due today (the client's day) or before, oldest first",
      ok(PipelineFollowUpsSchema),
      agentsOnly,
    ),
    'GET /api/agent/profile/{uuid}/pipeline': op(
      'The jobs a candidate is in, with their stage',
      ok(PipelineJobsSchema),
      candidate,
    ),
  }),
};
