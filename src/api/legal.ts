import * as v from 'valibot';
import {
  type Agency,
  AgencySchema,
  type ConsentsResponse,
  ConsentsResponseSchema,
  type LegalLanguage,
  type LegalText,
  type LegalTextResponse,
  LegalTextResponseSchema,
} from '../../contract/legal';
import type { ApiClient } from './client';

/** GET /api/public/text/{name}?language=: the text in force, rendered by the server (raw HTML escaped). */
export async function fetchLegalText(
  api: ApiClient,
  name: LegalText,
  language: LegalLanguage,
): Promise<LegalTextResponse> {
  const path = `/api/public/text/${encodeURIComponent(name)}?language=${language}`;
  return v.parse(LegalTextResponseSchema, await api.anonymous(path));
}

/** GET /api/user/consents: the signed-in user's acceptances against the versions in force. */
export async function fetchConsents(api: ApiClient): Promise<ConsentsResponse> {
  return v.parse(ConsentsResponseSchema, await api.call('/api/user/consents'));
}

/** POST /api/user/accept: accepts one text in the version in force (409 when it changed meanwhile). */
export async function acceptLegalText(
  api: ApiClient,
  name: LegalText,
  version: string,
): Promise<ConsentsResponse> {
  return v.parse(
    ConsentsResponseSchema,
    await api.call('/api/user/accept', { method: 'POST', body: { name, version } }),
  );
}

/** GET /api/public/agency: the agency's particulars from the AGENCY_* settings (the about page). */
export async function fetchAgency(api: ApiClient): Promise<Agency> {
  return v.parse(AgencySchema, await api.anonymous('/api/public/agency'));
}
