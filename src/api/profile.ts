import * as v from 'valibot';
import { CatalogFieldsSchema, type CityHit, type FieldDefinition } from '../../contract/catalog';
import {
  CompanyProfileResponseSchema,
  type PresentationConsent,
  PresentationConsentSchema,
  ProfileConflictSchema,
  type ProfileResponse,
  ProfileResponseSchema,
  type ProfileStatus,
  type ProfileStatusResponse,
  ProfileStatusResponseSchema,
} from '../../contract/profile';
import { type ApiClient, ApiError } from './client';

export type ProfileKind = 'profile' | 'company';

/**
 * GET /api/profile (a candidate's own) or /api/company (a company user's, saying whether the caller
 * may change it: `canEdit`).
 */
export async function fetchProfile(api: ApiClient, kind: ProfileKind): Promise<ProfileResponse> {
  const schema = kind === 'company' ? CompanyProfileResponseSchema : ProfileResponseSchema;
  return v.parse(schema, await api.call(`/api/${kind}`));
}

/** A PUT refused because someone saved first: the profile as it is now. */
export class ProfileConflict extends Error {
  constructor(readonly current: ProfileResponse) {
    super('profile.version_conflict');
  }
}

/** PUT /api/profile or /api/company; a stale version rejects with ProfileConflict, bad values with ApiError(400). */
export function saveProfile(
  api: ApiClient,
  kind: ProfileKind,
  values: Record<string, unknown>,
  version: number,
): Promise<ProfileResponse> {
  return profileWrite(api, `/api/${kind}`, 'PUT', { values, version });
}

/**
 * A write that answers a profile (the owner's save, an agent's create or edit): a 409 with the
 * current profile rejects with ProfileConflict, bad values with ApiError(400).
 */
export async function profileWrite(
  api: ApiClient,
  path: string,
  method: 'PUT' | 'POST',
  body: Record<string, unknown>,
): Promise<ProfileResponse> {
  try {
    return v.parse(ProfileResponseSchema, await api.call(path, { method, body }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body) {
      const conflict = v.safeParse(ProfileConflictSchema, error.body);
      if (conflict.success) throw new ProfileConflict(conflict.output.current);
    }
    throw error;
  }
}

/**
 * POST /api/profile/status: pause (inactive) or resume (active) being matched; the answer says
 * whether the agency paused the profile (resuming it then is refused with 409 `profile.blocked`).
 */
export async function setProfileStatus(
  api: ApiClient,
  status: ProfileStatus,
): Promise<ProfileStatusResponse> {
  return v.parse(
    ProfileStatusResponseSchema,
    await api.call('/api/profile/status', { method: 'POST', body: { status } }),
  );
}

/** GET /api/profile/presentation-consent: whether the candidate agreed to be presented by name. */
export async function fetchPresentationConsent(api: ApiClient): Promise<PresentationConsent> {
  return v.parse(PresentationConsentSchema, await api.call('/api/profile/presentation-consent'));
}

/** PUT /api/profile/presentation-consent: give (true) or withdraw (false) that consent. */
export async function setPresentationConsent(
  api: ApiClient,
  consented: boolean,
): Promise<PresentationConsent> {
  return v.parse(
    PresentationConsentSchema,
    await api.call('/api/profile/presentation-consent', { method: 'PUT', body: { consented } }),
  );
}

/** The field catalogues (SEED-SPEC §7): profile fields of the caller's type, company and job fields. */
export async function fetchFields(
  api: ApiClient,
  scope: 'profile' | 'company' | 'job',
): Promise<FieldDefinition[]> {
  return v.parse(CatalogFieldsSchema, await api.call(`/api/${scope}/data`));
}

/** GET /api/catalog/cities: the 10 best matches as the user types. */
export async function searchCities(api: ApiClient, q: string, signal?: AbortSignal): Promise<CityHit[]> {
  return api.call<CityHit[]>('/api/catalog/cities', { query: { q }, signal });
}

/** POST /api/profile/photo (multipart field `data`), with progress; answers the new photo's URL. */
export async function uploadPhoto(
  api: ApiClient,
  file: File,
  onProgress: (share: number) => void,
): Promise<string | null> {
  const form = new FormData();
  form.append('data', file);
  const answer = await api.upload<{ image?: string | null }>('/api/profile/photo', form, onProgress);
  return answer?.image ?? null;
}

/** DELETE /api/profile/photo. */
export async function deletePhoto(api: ApiClient): Promise<null> {
  await api.call('/api/profile/photo', { method: 'DELETE' });
  return null;
}

/** GET /api/profile/card/pdf: the profile card as a PDF blob. */
export function fetchProfileCard(api: ApiClient): Promise<Blob> {
  return api.blob('/api/profile/card/pdf');
}
