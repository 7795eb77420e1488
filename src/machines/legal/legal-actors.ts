import { fromPromise } from 'xstate';
import type { Consent, ConsentsResponse } from '../../../contract/legal';
import type { LegalText } from '../../../contract/legal-names';
import { acceptLegalText, fetchAgency, fetchConsents, fetchLegalText } from '../../api/legal';
import { areaLogic } from '../shell/app-logic';
import { consentsMachine } from './consents.machine';

/** The legal pages' texts and the consent prompt. */
export const legalLogic = areaLogic(({ api, session }) => ({
  /**
   * Whether new terms must be accepted: the check, and accepting each pending text in its version in
   * force. Declining ends the session.
   */
  consents: consentsMachine.provide({
    actors: {
      loadConsents: fromPromise(() => fetchConsents(api)),
      acceptAll: fromPromise(async ({ input }: { input: { pending: Consent[] } }) => {
        let answer: ConsentsResponse | undefined;
        for (const text of input.pending) answer = await acceptLegalText(api, text.name, text.currentVersion);
        return answer ?? fetchConsents(api);
      }),
    },
    actions: { logout: () => session.send({ type: 'session.logout' }) },
  }),
  /** A legal page in both languages at once (a few kilobytes each): switching the language shows the other at once. */
  texts: async (name: LegalText) => {
    const [de, en] = await Promise.all([fetchLegalText(api, name, 'de'), fetchLegalText(api, name, 'en')]);
    return { de, en };
  },
  /** The agency behind this Matchwerk, as the Impressum names it (the about page). */
  agency: () => fetchAgency(api),
}));
