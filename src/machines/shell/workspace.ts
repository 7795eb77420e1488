import { createActor, fromPromise, waitFor } from 'xstate';
import type { FieldDefinition } from '../../../contract/catalog';
import type { Consent, ConsentsResponse } from '../../../contract/legal';
import type { ProfileStatus } from '../../../contract/profile';
import type { TokenClaims } from '../../../contract/session';
import { isAgentType } from '../../../contract/user-types';
import { type ApiClient, ApiError } from '../../api/client';
import { acceptLegalText, fetchConsents } from '../../api/legal';
import {
  fetchFields,
  fetchProfile,
  ProfileConflict,
  type ProfileKind,
  saveProfile,
  setProfileStatus,
} from '../../api/profile';
import { type ConsentsActor, consentsMachine } from '../legal/consents.machine';
import { type ProfileActor, profileMachine, SaveConflict, SaveRejected } from '../profile/profile.machine';
import { hasFinishedRegistration } from '../session/token';

export interface WorkspaceFields {
  profile: FieldDefinition[];
  company: FieldDefinition[];
  job: FieldDefinition[];
}

/** What the protected group preloads (SEED-SPEC §2): claims, field data, and the user's profile state. */
export interface WorkspaceData {
  claims: TokenClaims;
  fields: WorkspaceFields;
  /** The own profile (candidates) or company profile (companies); agents have none here. */
  profile: ProfileActor | null;
  /** Whether new terms must be accepted (candidates and companies; agents are never asked). */
  consents: ConsentsActor | null;
}

/** The consents machine's side effects: the check, and accepting each pending text in its version in force. */
export function consentsActors(api: ApiClient) {
  return {
    loadConsents: fromPromise(() => fetchConsents(api)),
    acceptAll: fromPromise(async ({ input }: { input: { pending: Consent[] } }) => {
      let answer: ConsentsResponse | undefined;
      for (const text of input.pending) answer = await acceptLegalText(api, text.name, text.currentVersion);
      return answer ?? fetchConsents(api);
    }),
  };
}

/** The profile machine's side effects over the API. */
export function profileActors(api: ApiClient) {
  return {
    loadProfile: fromPromise(({ input }: { input: { scope: ProfileKind } }) =>
      fetchProfile(api, input.scope),
    ),
    setStatus: fromPromise(async ({ input }: { input: { status: ProfileStatus } }) => {
      await setProfileStatus(api, input.status);
      return input.status;
    }),
    saveProfile: fromPromise(
      async ({
        input,
      }: {
        input: { scope: ProfileKind; values: Record<string, unknown>; version: number };
      }) => {
        try {
          return await saveProfile(api, input.scope, input.values, input.version);
        } catch (error) {
          if (error instanceof ProfileConflict) throw new SaveConflict(error.current);
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
            throw new SaveRejected(error.fields);
          }
          throw error;
        }
      },
    ),
  };
}

/**
 * Holds the signed-in user's workspace across navigations: field catalogues and one profile actor,
 * created at the first preload and dropped at logout (SEED-SPEC §4: logout resets the profile state).
 * `logout` ends the session when a user declines new terms.
 */
export function createWorkspace(api: ApiClient, logout: () => void = () => {}) {
  let current: {
    sub: string;
    fields: WorkspaceFields;
    profile: ProfileActor | null;
    consents: ConsentsActor | null;
  } | null = null;
  const consentsLogic = consentsMachine.provide({ actors: consentsActors(api), actions: { logout } });

  return {
    async preload(claims: TokenClaims): Promise<WorkspaceData> {
      if (current?.sub !== claims.sub) {
        current?.profile?.stop();
        current?.consents?.stop();
        const company = claims.user_type === 'company';
        const agent = isAgentType(claims.user_type);
        const [profile, companyFields, job] = await Promise.all([
          fetchFields(api, 'profile'),
          // Agents read companies' profiles (the companies screen) with the same labels.
          company || agent ? fetchFields(api, 'company') : Promise.resolve([]),
          fetchFields(api, 'job'),
        ]);
        const scope: ProfileKind = company ? 'company' : 'profile';
        const actor = agent
          ? null
          : createActor(profileMachine.provide({ actors: profileActors(api) }), {
              input: {
                scope,
                userType: claims.user_type,
                fields: company ? companyFields : profile,
                hasFinishedRegistration: hasFinishedRegistration(claims),
              },
            }).start();
        const consents = agent ? null : createActor(consentsLogic).start();
        current = {
          sub: claims.sub,
          fields: { profile, company: companyFields, job },
          profile: actor,
          consents,
        };
      }
      // A check that failed earlier runs again on the next visit (a no-op once it answered).
      current.consents?.send({ type: 'consents.retry' });
      // The profile is loaded before the screen shows; a failure stays in its state (SEED-SPEC §8).
      if (current.profile) await waitFor(current.profile, (s) => !s.hasTag('busy') || s.matches('saving'));
      return { claims, fields: current.fields, profile: current.profile, consents: current.consents };
    },
    reset(): void {
      current?.profile?.stop();
      current?.consents?.stop();
      current = null;
    },
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
