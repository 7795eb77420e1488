import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginRedirect } from '../machines/access';
import { settledSession } from '../machines/settled';
import { LoginScreen } from '../ui/screens/account';

export const Route = createFileRoute('/login')({
  beforeLoad: async ({ context }) => {
    const before = await settledSession(context.session);
    const signedIn = !before.matches('loggedOut');
    // Look at the stored token again: it may have expired or been replaced since the app started.
    context.session.send({ type: 'session.restore' });
    const session = await settledSession(context.session);
    if (signedIn && session.matches('loggedOut')) throw redirect({ to: '/' });
    const target = loginRedirect(session);
    if (target) throw redirect(target);
  },
  component: LoginScreen,
});
