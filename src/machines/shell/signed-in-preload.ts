import { createActor, waitFor } from 'xstate';
import { SESSION } from '../../../contract/endpoints/session';
import type { TokenClaims } from '../../../contract/session';
import { isAgentType } from '../../../contract/user-types';
import { send } from '../../api/client';
import type { ConsentsActor } from '../legal/consents.machine';
import { legalLogic } from '../legal/legal-actors';
import type { ProfileActor } from '../profile/profile.machine';
import { type FieldCatalogues, profileLogic } from '../profile/profile-actors';
import { areaLogic } from './app-logic';

/** What the protected group preloads (SEED-SPEC §2): claims, field data, and the user's profile state. */
export interface SignedInData {
  claims: TokenClaims;
  fields: FieldCatalogues;
  /** The own profile (candidates) or company profile (companies); agents have none here. */
  profile: ProfileActor | null;
  /** Whether new terms must be accepted (candidates and companies; agents are never asked). */
  consents: ConsentsActor | null;
}

/** The protected group's preload, held across navigations and reset at logout. */
export interface SignedInPreload {
  /** The verified claims (the call also proves the session to the server) and what the user's screens need. */
  preload(): Promise<SignedInData>;
  reset(): void;
}

/**
 * Holds the signed-in user's data across navigations: field catalogues and one profile actor,
 * created at the first preload and dropped at logout (SEED-SPEC §4: logout resets the profile state).
 * Declining new terms ends the session (the consents machine's `logout`).
 */
export const signedInPreload = areaLogic(({ api, app }): SignedInPreload => {
  let current: {
    sub: string;
    fields: FieldCatalogues;
    profile: ProfileActor | null;
    consents: ConsentsActor | null;
  } | null = null;

  return {
    async preload() {
      const claims = await send(api, SESSION.claims);
      if (current?.sub !== claims.sub) {
        current?.profile?.stop();
        current?.consents?.stop();
        const agent = isAgentType(claims.user_type);
        const fields = await profileLogic(app).fieldCatalogues(claims);
        current = {
          sub: claims.sub,
          fields,
          profile: agent ? null : profileLogic(app).ownProfile(claims, fields),
          consents: agent ? null : createActor(legalLogic(app).consents).start(),
        };
      }
      // A check that failed earlier runs again on the next visit (a no-op once it answered).
      current.consents?.send({ type: 'consents.retry' });
      // The profile is loaded before the screen shows; a failure stays in its state (SEED-SPEC §8).
      if (current.profile) await waitFor(current.profile, (s) => !s.hasTag('busy') || s.matches('saving'));
      return { claims, fields: current.fields, profile: current.profile, consents: current.consents };
    },
    reset() {
      current?.profile?.stop();
      current?.consents?.stop();
      current = null;
    },
  };
});
