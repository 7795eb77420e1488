import * as v from 'valibot';
import {
  type ClientAnswerInput,
  type ClientCandidate,
  ClientCandidateSchema,
  type ClientJobCandidates,
  ClientJobCandidatesSchema,
  type ClientJobs,
  ClientJobsSchema,
} from '../../contract/client-answers';
import type { ApiClient } from './client';

// The company's side of the client loop (contract/client-answers.ts). A refused answer is an
// ApiError 409 whose `body` carries `current`: the candidate as the company sees it now.

/** GET /api/client/jobs. */
export async function fetchClientJobs(api: ApiClient): Promise<ClientJobs> {
  return v.parse(ClientJobsSchema, await api.call('/api/client/jobs'));
}

/** GET /api/client/job/{uuid}/candidates. */
export async function fetchClientCandidates(api: ApiClient, job: string): Promise<ClientJobCandidates> {
  return v.parse(
    ClientJobCandidatesSchema,
    await api.call(`/api/client/job/${encodeURIComponent(job)}/candidates`),
  );
}

/** POST /api/client/candidate/{entry}/answer. */
export async function answerCandidate(
  api: ApiClient,
  entry: string,
  body: ClientAnswerInput,
): Promise<ClientCandidate> {
  return v.parse(
    ClientCandidateSchema,
    await api.call(`/api/client/candidate/${encodeURIComponent(entry)}/answer`, { method: 'POST', body }),
  );
}

/** POST /api/client/candidate/{entry}/answer/undo: the answer taken back (within 10 minutes). */
export async function undoAnswer(api: ApiClient, entry: string): Promise<ClientCandidate> {
  return v.parse(
    ClientCandidateSchema,
    await api.call(`/api/client/candidate/${encodeURIComponent(entry)}/answer/undo`, { method: 'POST' }),
  );
}

/** GET /api/client/candidate/{entry}/card: the card the company got, as PDF. */
export function fetchClientCard(api: ApiClient, entry: string): Promise<Blob> {
  return api.blob(`/api/client/candidate/${encodeURIComponent(entry)}/card`);
}
