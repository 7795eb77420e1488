import { fromPromise } from 'xstate';
import { LEGAL } from '../../../contract/endpoints/legal';
import type { Consent, ConsentsResponse } from '../../../contract/legal';
import type { LegalText } from '../../../contract/legal-names';
import { send } from '../../api/client';
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
      loadConsents: fromPromise(() => send(api, LEGAL.consents)),
      acceptAll: fromPromise(async ({ input }: { input: { pending: Consent[] } }) => {
        let answer: ConsentsResponse | undefined;
        for (const text of input.pending)
          answer = await send(api, LEGAL.accept, { body: { name: text.name, version: text.currentVersion } });
        return answer ?? send(api, LEGAL.consents);
      }),
    },
    actions: { logout: () => session.send({ type: 'session.logout' }) },
  }),
  /** A legal page in both languages at once (a few kilobytes each): switching the language shows the other at once. */
  texts: async (name: LegalText) => {
    const text = (language: 'de' | 'en') => send(api, LEGAL.text, { params: { name }, query: { language } });
    const [de, en] = await Promise.all([text('de'), text('en')]);
    return { de, en };
  },
  /** The agency behind this Matchwerk, as the Impressum names it (the about page). */
  agency: () => send(api, LEGAL.agency),
}));
