import { createFileRoute, redirect } from '@tanstack/react-router';
import { protectedRedirect } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { MfaRegisterScreen } from '../ui/account/mfa-register';

// A signed-in user with a finished registration (or an agent) sets SMS protection up here; anybody
// else goes to /login, which sends an unfinished registration on to its own phone step.
export const Route = createFileRoute('/mfa/register')({
  beforeLoad: async ({ context, location }) => {
    const target = protectedRedirect(await settledSession(context.session));
    if (target) throw redirect({ ...target, search: { redirect: location.href } });
  },
  component: MfaRegisterScreen,
});
