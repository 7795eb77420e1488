import * as v from 'valibot';
import {
  type SendPreview,
  SendPreviewSchema,
  type SendRequest,
  type SendResult,
  SendResultSchema,
} from '../../contract/sending';
import type { ApiClient } from './client';

// Sending candidates' cards to a job's client (contract/sending.ts).

const sendPath = (job: string) => `/api/job/${encodeURIComponent(job)}/send`;

/** POST /api/job/{uuid}/send/preview: the mail as it would go out, in the contact's language. */
export async function previewSendCall(api: ApiClient, job: string, body: SendRequest): Promise<SendPreview> {
  return v.parse(SendPreviewSchema, await api.call(`${sendPath(job)}/preview`, { method: 'POST', body }));
}

/** POST /api/job/{uuid}/send: one mail with one card per candidate, queued in the outbox. */
export async function sendCall(api: ApiClient, job: string, body: SendRequest): Promise<SendResult> {
  return v.parse(SendResultSchema, await api.call(sendPath(job), { method: 'POST', body }));
}
