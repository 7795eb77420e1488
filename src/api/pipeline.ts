import * as v from 'valibot';
import {
  type PipelineBoard,
  PipelineBoardSchema,
  type PipelineBulkMove,
  type PipelineEntry,
  PipelineEntryListSchema,
  PipelineEntrySchema,
  type PipelineFollowUp,
  type PipelineFollowUps,
  PipelineFollowUpsSchema,
  type PipelineJobs,
  PipelineJobsSchema,
} from '../../contract/pipeline';
import type { PipelineCorrection, PipelineRemoval, PipelineUndo } from '../../contract/pipeline-corrections';
import type { ApiClient } from './client';

// A job's pipeline (contract/pipeline.ts). A refused or stale move is an ApiError 409 whose `body`
// carries `current`: the entry (or entries) as they are now.

const jobPath = (job: string) => `/api/job/${encodeURIComponent(job)}/pipeline`;

/** GET /api/job/{uuid}/pipeline. */
export async function fetchBoard(api: ApiClient, job: string): Promise<PipelineBoard> {
  return v.parse(PipelineBoardSchema, await api.call(jobPath(job)));
}

/** PUT /api/job/{uuid}/pipeline/{profile}: the new entry, or the one there is. */
export async function addToPipeline(api: ApiClient, job: string, profile: string): Promise<PipelineEntry> {
  return v.parse(
    PipelineEntrySchema,
    await api.call(`${jobPath(job)}/${encodeURIComponent(profile)}`, { method: 'PUT' }),
  );
}

/** POST /api/job/{uuid}/pipeline/move: one or several entries to one stage, all or none. */
export async function moveEntries(
  api: ApiClient,
  job: string,
  body: PipelineBulkMove,
): Promise<PipelineEntry[]> {
  return v.parse(PipelineEntryListSchema, await api.call(`${jobPath(job)}/move`, { method: 'POST', body }))
    .items;
}

/** POST /api/job/{uuid}/pipeline/undo: the caller's last move of the entries, all or none. */
export async function undoMoves(api: ApiClient, job: string, body: PipelineUndo): Promise<PipelineEntry[]> {
  return v.parse(PipelineEntryListSchema, await api.call(`${jobPath(job)}/undo`, { method: 'POST', body }))
    .items;
}

/** POST /api/pipeline/{entry}/correct: back to an earlier stage, with a reason. */
export async function correctEntry(
  api: ApiClient,
  entry: string,
  body: PipelineCorrection,
): Promise<PipelineEntry> {
  return v.parse(
    PipelineEntrySchema,
    await api.call(`/api/pipeline/${encodeURIComponent(entry)}/correct`, { method: 'POST', body }),
  );
}

/** POST /api/pipeline/{entry}/remove (204). */
export async function removeEntry(api: ApiClient, entry: string, body: PipelineRemoval): Promise<void> {
  await api.call(`/api/pipeline/${encodeURIComponent(entry)}/remove`, { method: 'POST', body });
}

/** PUT /api/pipeline/{entry}/follow-up: a day with an optional time and note, or none. */
export async function setFollowUp(
  api: ApiClient,
  entry: string,
  body: PipelineFollowUp,
): Promise<PipelineEntry> {
  return v.parse(
    PipelineEntrySchema,
    await api.call(`/api/pipeline/${encodeURIComponent(entry)}/follow-up`, { method: 'PUT', body }),
  );
}

/** POST /api/pipeline/{entry}/follow-up/done: cleared, and on the timelines. */
export async function followUpDone(api: ApiClient, entry: string): Promise<PipelineEntry> {
  return v.parse(
    PipelineEntrySchema,
    await api.call(`/api/pipeline/${encodeURIComponent(entry)}/follow-up/done`, { method: 'POST' }),
  );
}

/** GET /api/agent/profile/{uuid}/pipeline: the jobs a candidate is in. */
export async function fetchCandidateJobs(api: ApiClient, profile: string): Promise<PipelineJobs> {
  return v.parse(
    PipelineJobsSchema,
    await api.call(`/api/agent/profile/${encodeURIComponent(profile)}/pipeline`),
  );
}

/** GET /api/pipeline/follow-ups: due on `today` (the user's calendar day) or before. */
export async function fetchFollowUps(api: ApiClient, today: string): Promise<PipelineFollowUps> {
  return v.parse(PipelineFollowUpsSchema, await api.call('/api/pipeline/follow-ups', { query: { today } }));
}
