import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import {
  type Job,
  JobConflictSchema,
  type JobCriterion,
  type JobListQuery,
  type JobListResponse,
  JobListResponseSchema,
  JobSchema,
  type JobStatus,
  type NearMissesResponse,
  NearMissesResponseSchema,
  type PreviewResponse,
  PreviewResponseSchema,
  type ResultDetail,
  ResultDetailSchema,
  type ResultsQuery,
  type ResultsResponse,
  ResultsResponseSchema,
  type Run,
  RunSchema,
} from '../../contract/job';
import { type ApiClient, ApiError, queryParams } from './client';

/** A job's body as the editor sends it (PRODUCT.md §5): catalogue values and criteria. */
export interface JobDraft {
  values: Record<string, unknown>;
  criteria: Partial<JobCriterion>[];
  /** The client company's uuid; null or left out: none (an internal search). */
  client?: string | null;
}

/** An update refused because someone saved first: the job as it is now. */
export class JobConflict extends Error {
  constructor(readonly current: Job) {
    super('job.version_conflict');
  }
}

const RunAnswerSchema = v.object({ run: RunSchema });

/** GET /api/job/{uuid}. */
export async function fetchJob(api: ApiClient, uuid: string): Promise<Job> {
  return v.parse(JobSchema, await api.call(`/api/job/${encodeURIComponent(uuid)}`));
}

/** PUT /api/job → the new job (a company's request: origin company). */
export async function createJob(api: ApiClient, draft: JobDraft): Promise<Job> {
  return v.parse(JobSchema, await api.call('/api/job', { method: 'PUT', body: draft }));
}

/** POST /api/job/{uuid}/take: the signed-in agent works on the job (409 job.taken: another one does). */
export async function takeJob(api: ApiClient, uuid: string): Promise<Job> {
  return v.parse(JobSchema, await api.call(`/api/job/${encodeURIComponent(uuid)}/take`, { method: 'POST' }));
}

/** POST /api/job/{uuid}; a stale version rejects with JobConflict, bad values with ApiError(400). */
export async function updateJob(
  api: ApiClient,
  uuid: string,
  draft: JobDraft,
  version: number,
): Promise<Job> {
  try {
    return v.parse(
      JobSchema,
      await api.call(`/api/job/${encodeURIComponent(uuid)}`, {
        method: 'POST',
        body: { ...draft, version },
      }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'job.version_conflict') {
      const conflict = v.safeParse(JobConflictSchema, error.body);
      if (conflict.success) throw new JobConflict(conflict.output.current);
    }
    throw error;
  }
}

/** DELETE /api/job/{uuid}: the job with its runs, results and shortlist. */
export async function deleteJob(api: ApiClient, uuid: string): Promise<void> {
  await api.call(`/api/job/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

/** POST /api/job/changestatus/{uuid}: archive (cancels a run in flight) or re-activate. */
export async function changeJobStatus(api: ApiClient, uuid: string, status: JobStatus): Promise<Job> {
  return v.parse(
    JobSchema,
    await api.call(`/api/job/changestatus/${encodeURIComponent(uuid)}`, { method: 'POST', body: { status } }),
  );
}

/** GET /api/jobs/list with the list's query (tabs, search, origin, sort, page). */
export async function listJobs(api: ApiClient, query: Partial<JobListQuery>): Promise<JobListResponse> {
  return v.parse(JobListResponseSchema, await api.call('/api/jobs/list', { query: queryParams(query) }));
}

/** POST /api/job/{uuid}/run → the run in flight (a new one, or the one already queued or running). */
export async function requestRun(api: ApiClient, uuid: string): Promise<Run> {
  const answer = await api.call(`/api/job/${encodeURIComponent(uuid)}/run`, { method: 'POST' });
  return v.parse(RunAnswerSchema, answer).run;
}

/** GET /api/job/{uuid}/run: the latest run, or null when the job never ran. */
export async function fetchLatestRun(api: ApiClient, uuid: string): Promise<Run | null> {
  try {
    return v.parse(RunAnswerSchema, await api.call(`/api/job/${encodeURIComponent(uuid)}/run`)).run;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'run.not_found') return null;
    throw error;
  }
}

/**
 * GET /api/job/{uuid}/run/events: calls `onRun` with every state the server streams until the
 * stream ends (the run ended, or `signal` aborted it). Rejects when the stream cannot be opened or
 * breaks, so the caller can fall back to polling.
 */
export async function watchRunEvents(
  api: ApiClient,
  uuid: string,
  onRun: (run: Run) => void,
  signal: AbortSignal,
): Promise<void> {
  const body = await api.stream(`/api/job/${encodeURIComponent(uuid)}/run/events`, signal);
  const parser = createParser({
    onEvent(message) {
      if (message.event !== 'run') return;
      const run = v.safeParse(RunSchema, safeJson(message.data));
      if (run.success) onRun(run.output);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

/** GET /api/job/showresults/{uuid}: one page of the latest done run's results. */
export async function fetchResults(
  api: ApiClient,
  uuid: string,
  query: Partial<ResultsQuery>,
): Promise<ResultsResponse> {
  return v.parse(
    ResultsResponseSchema,
    await api.call(`/api/job/showresults/${encodeURIComponent(uuid)}`, {
      query: queryParams({ ...query, format: undefined }),
    }),
  );
}

/** The same results as CSV, every row under the filters, in the caller's language. */
export function fetchResultsCsv(api: ApiClient, uuid: string, query: Partial<ResultsQuery>): Promise<Blob> {
  const params = new URLSearchParams(
    queryParams({ ...query, page: undefined, limit: undefined, format: 'csv' }),
  );
  return api.blob(`/api/job/showresults/${encodeURIComponent(uuid)}?${params}`);
}

/** GET /api/job/showresultsdetail/{job}/{profile}, neighbours in the order of `query`. */
export async function fetchResultDetail(
  api: ApiClient,
  jobUuid: string,
  profileUuid: string,
  query: Partial<ResultsQuery>,
): Promise<ResultDetail> {
  return v.parse(
    ResultDetailSchema,
    await api.call(
      `/api/job/showresultsdetail/${encodeURIComponent(jobUuid)}/${encodeURIComponent(profileUuid)}`,
      { query: queryParams({ ...query, page: undefined, limit: undefined, format: undefined }) },
    ),
  );
}

/** POST /api/job/preview: the live what-if of a draft's criteria. */
export async function previewJob(
  api: ApiClient,
  targetTypes: string[],
  criteria: Partial<JobCriterion>[],
  signal?: AbortSignal,
): Promise<PreviewResponse> {
  return v.parse(
    PreviewResponseSchema,
    await api.call('/api/job/preview', { method: 'POST', body: { targetTypes, criteria }, signal }),
  );
}

/** GET /api/job/{uuid}/near-misses: who one must-have keeps out. */
export async function fetchNearMisses(api: ApiClient, uuid: string): Promise<NearMissesResponse> {
  return v.parse(
    NearMissesResponseSchema,
    await api.call(`/api/job/${encodeURIComponent(uuid)}/near-misses`),
  );
}

/** PUT or DELETE /api/job/{uuid}/shortlist/{profile}. */
export async function setShortlisted(
  api: ApiClient,
  jobUuid: string,
  profileUuid: string,
  shortlisted: boolean,
): Promise<boolean> {
  await api.call(`/api/job/${encodeURIComponent(jobUuid)}/shortlist/${encodeURIComponent(profileUuid)}`, {
    method: shortlisted ? 'PUT' : 'DELETE',
  });
  return shortlisted;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
