import { fromPromise } from 'xstate';
import { acceptInvitation, fetchInvitation } from '../../api/people';
import { issueTokens } from '../session/session.machine';
import { areaLogic } from '../shell/app-logic';
import { acceptInvitationForm, invitationMachine } from './invitation.machine';

/** The page of an agent's invitation link: checking it, and taking the profile over (signed in at once). */
export const invitationLogic = areaLogic(({ api, session }) => ({
  /** The page's machine for one link; the screen starts it with the language the page is shown in. */
  page: (token: string) =>
    invitationMachine.provide({
      actors: {
        checkInvitation: fromPromise(() => fetchInvitation(api, token)),
        acceptForm: acceptInvitationForm.withCall(async (input) =>
          issueTokens(session, await acceptInvitation(api, token, input)),
        ),
      },
    }),
}));
