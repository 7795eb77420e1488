import {
  PipelineBoardSchema,
  PipelineBulkMoveSchema,
  PipelineConflictSchema,
  PipelineEntryListSchema,
  PipelineEntrySchema,
  PipelineFollowUpSchema,
  PipelineFollowUpsQuerySchema,
  PipelineFollowUpsSchema,
  PipelineJobsSchema,
  PipelineMoveSchema,
} from '../pipeline';
import {
  PipelineCorrectionSchema,
  PipelineRemovalSchema,
  PipelineUndoConflictSchema,
  PipelineUndoSchema,
} from '../pipeline-corrections';
import { ID, idOf, route } from '../route-table';

/** The rule of `by` and `reason`, which the body's schema carries as its `anyOf`. */
const MOVE_RULE =
  'A move to `rejected` names `by` and a `reason` (else 400 `pipeline.reason_required`); one to `withdrawn` may give a `reason`; any other names neither (else 400 `field.unknown`). The body schema says the same in its `anyOf`.';

const ENTRY = { entry: ID } as const;

/**
 * A job's pipeline (issue 21): its board, moves, follow-ups and a candidate's jobs. A refused or
 * stale move is a 409 whose body carries `current`: the entry (or entries) as they are now.
 */
export const PIPELINE = {
  board: route({
    method: 'GET',
    path: '/api/job/{uuid}/pipeline',
    params: { uuid: ID },
    answer: { status: 200, json: PipelineBoardSchema },
    errors: { 404: ['job.not_found'] },
    who: 'agent',
    tag: 'pipeline',
    summary: "A job's pipeline board: every entry with name, photo, score and follow-up; the count per stage",
  }),
  add: route({
    method: 'PUT',
    path: '/api/job/{uuid}/pipeline/{profile}',
    params: { uuid: ID, profile: idOf('profile.not_found') },
    answer: { status: 201, json: PipelineEntrySchema },
    alsoAnswers: [
      {
        status: 200,
        json: PipelineEntrySchema,
        description: 'The candidate was in already: the entry as it is',
      },
    ],
    errors: { 404: ['job.not_found', 'profile.not_found'] },
    who: 'agent',
    tag: 'pipeline',
    summary:
      'Add a candidate to the pipeline as proposed (201); one who is in already answers the entry (200)',
  }),
  moveMany: route({
    method: 'POST',
    path: '/api/job/{uuid}/pipeline/move',
    params: { uuid: ID },
    body: PipelineBulkMoveSchema,
    answer: { status: 200, json: PipelineEntryListSchema },
    errors: {
      400: ['pipeline.reason_required', 'pipeline.duplicate_entry'],
      404: ['job.not_found', 'pipeline.entry_not_found'],
      409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
    },
    conflict: PipelineConflictSchema,
    who: 'agent',
    tag: 'pipeline',
    summary: "Move several of the job's entries to one stage: all or none (409 with the entries as they are)",
    description: `${MOVE_RULE} Each entry at most once, however its uuid is written (upper or lower case): else 400 \`pipeline.duplicate_entry\` on \`entries\`.`,
  }),
  move: route({
    method: 'POST',
    path: '/api/pipeline/{entry}/move',
    params: ENTRY,
    body: PipelineMoveSchema,
    answer: { status: 200, json: PipelineEntrySchema },
    errors: {
      400: ['pipeline.reason_required'],
      404: ['pipeline.entry_not_found'],
      409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
    },
    conflict: PipelineConflictSchema,
    who: 'agent',
    tag: 'pipeline',
    summary: 'Move an entry (409 when its stage refuses the move or it was moved since it was read)',
    description: MOVE_RULE,
  }),
  correct: route({
    method: 'POST',
    path: '/api/pipeline/{entry}/correct',
    params: ENTRY,
    body: PipelineCorrectionSchema,
    answer: { status: 200, json: PipelineEntrySchema },
    errors: {
      400: ['pipeline.correction_reason_required', 'pipeline.stage_invalid'],
      404: ['pipeline.entry_not_found'],
      409: ['pipeline.transition_refused', 'pipeline.version_conflict'],
    },
    conflict: PipelineConflictSchema,
    who: 'agent',
    tag: 'pipeline',
    summary:
      "Correct an entry's stage back to an earlier open stage, with a reason kept on the timeline (409 when the stage is not earlier or the entry was moved since it was read)",
    description:
      "Any entry, open or final, goes to an open stage before the one it is in (a rejected or withdrawn entry: up to its last open stage). A correction to `submitted` or before takes the client's answer back.",
  }),
  undo: route({
    method: 'POST',
    path: '/api/job/{uuid}/pipeline/undo',
    params: { uuid: ID },
    body: PipelineUndoSchema,
    answer: { status: 200, json: PipelineEntryListSchema },
    errors: {
      400: ['pipeline.duplicate_entry'],
      404: ['job.not_found', 'pipeline.entry_not_found'],
      409: [
        'pipeline.version_conflict',
        'pipeline.nothing_to_undo',
        'pipeline.undo_not_yours',
        'pipeline.undo_expired',
      ],
    },
    conflict: PipelineUndoConflictSchema,
    who: 'agent',
    tag: 'pipeline',
    summary:
      "Undo the caller's last move of the job's entries named (each with the version that move gave it), within 10 minutes: all or none",
  }),
  remove: route({
    method: 'POST',
    path: '/api/pipeline/{entry}/remove',
    params: ENTRY,
    body: PipelineRemovalSchema,
    answer: { status: 204 },
    errors: { 404: ['pipeline.entry_not_found'], 409: ['pipeline.version_conflict'] },
    conflict: PipelineConflictSchema,
    who: 'agent',
    tag: 'pipeline',
    summary:
      'Remove an entry from the pipeline; both timelines keep its history and the removal (409 when it was moved since it was read)',
  }),
  followUp: route({
    method: 'PUT',
    path: '/api/pipeline/{entry}/follow-up',
    params: ENTRY,
    body: PipelineFollowUpSchema,
    answer: { status: 200, json: PipelineEntrySchema },
    errors: {
      400: ['pipeline.follow_up_day_required', 'pipeline.follow_up_time_invalid'],
      404: ['pipeline.entry_not_found'],
    },
    who: 'agent',
    tag: 'pipeline',
    summary: "Set, postpone or clear an entry's follow-up: a day, an optional time (HH:MM) and note",
    description:
      'A `time` or `note` with `followUp: null` is refused (400 `pipeline.follow_up_day_required`, nothing written); clearing clears all three. A follow-up is due on its day, whatever its time.',
  }),
  followUpDone: route({
    method: 'POST',
    path: '/api/pipeline/{entry}/follow-up/done',
    params: ENTRY,
    answer: { status: 200, json: PipelineEntrySchema },
    errors: { 404: ['pipeline.entry_not_found'] },
    who: 'agent',
    tag: 'pipeline',
    summary:
      "Mark an entry's follow-up done: cleared, and `follow_up.done` on the candidate's and the job's timeline (again: nothing changes)",
  }),
  followUps: route({
    method: 'GET',
    path: '/api/pipeline/follow-ups',
    query: PipelineFollowUpsQuerySchema,
    queryCode: 'query.invalid',
    answer: { status: 200, json: PipelineFollowUpsSchema },
    who: 'agent',
    tag: 'pipeline',
    summary: "The caller's follow-ups due today (the client's day) or before, oldest first",
  }),
  candidateJobs: route({
    method: 'GET',
    path: '/api/agent/profile/{uuid}/pipeline',
    params: { uuid: ID },
    answer: { status: 200, json: PipelineJobsSchema },
    errors: { 404: ['profile.not_found'] },
    who: 'agent',
    tag: 'pipeline',
    summary: 'The jobs a candidate is in, with their stage',
  }),
} as const;
