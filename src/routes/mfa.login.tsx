import { createFileRoute, redirect } from '@tanstack/react-router';
import { mfaLoginRedirect } from '../machines/access';
import { settledSession } from '../machines/settled';
import { MfaLoginScreen } from '../ui/screens/mfa-login';

export const Route = createFileRoute('/mfa/login')({
  beforeLoad: async ({ context }) => {
    const target = mfaLoginRedirect(await settledSession(context.session));
    if (target) throw redirect(target);
  },
  component: MfaLoginScreen,
});
