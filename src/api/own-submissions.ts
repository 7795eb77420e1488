import * as v from 'valibot';
import { type OwnSubmissions, OwnSubmissionsSchema } from '../../contract/own-submissions';
import type { ApiClient } from './client';

/** GET /api/profile/submissions: how far the candidate's own profile got and where it was sent. */
export async function fetchOwnSubmissions(api: ApiClient): Promise<OwnSubmissions> {
  return v.parse(OwnSubmissionsSchema, await api.call('/api/profile/submissions'));
}
