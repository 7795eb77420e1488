import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginRedirect } from '../machines/access';
import { settledSession } from '../machines/settled';
import { LoginScreen } from '../ui/screens/login';

export const Route = createFileRoute('/login')({
  // An invalid stored token is dropped by the session machine, which then sends the user to `/`.
  beforeLoad: async ({ context }) => {
    const target = loginRedirect(await settledSession(context.session));
    if (target) throw redirect(target);
  },
  component: LoginScreen,
});
