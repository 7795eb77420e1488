import * as v from 'valibot';
import { PROFILE } from '../../contract/endpoints/profile';
import { ProfileConflictSchema, type ProfileResponse, ProfileResponseSchema } from '../../contract/profile';
import { type ApiClient, ApiError } from './client';

export type ProfileKind = 'profile' | 'company';

/** A PUT refused because someone saved first: the profile as it is now. */
export class ProfileConflict extends Error {
  constructor(readonly current: ProfileResponse) {
    super('profile.version_conflict');
  }
}

/**
 * A write that answers a profile (the owner's save, an agent's create or edit): a 409 with the
 * current profile rejects with ProfileConflict, anything else as it came (bad values: ApiError 400).
 */
export async function withProfileConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body) {
      const conflict = v.safeParse(ProfileConflictSchema, error.body);
      if (conflict.success) throw new ProfileConflict(conflict.output.current);
    }
    throw error;
  }
}

/** A profile write by path (the agents' create and edit), with `withProfileConflict`'s 409. */
export async function profileWrite(
  api: ApiClient,
  path: string,
  method: 'PUT' | 'POST',
  body: Record<string, unknown>,
): Promise<ProfileResponse> {
  return withProfileConflict(
    api.call(path, { method, body }).then((answer) => v.parse(ProfileResponseSchema, answer)),
  );
}

/** The photo upload (multipart field `data`, contract PROFILE.uploadPhoto), with progress; answers its URL. */
export async function uploadPhoto(
  api: ApiClient,
  file: File,
  onProgress: (share: number) => void,
): Promise<string | null> {
  const form = new FormData();
  form.append('data', file);
  const answer = await api.upload<{ image?: string | null }>(PROFILE.uploadPhoto.path, form, onProgress);
  return answer?.image ?? null;
}
