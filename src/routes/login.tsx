import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginRedirect } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { LoginScreen } from '../ui/session/login';
import { LoginSearch } from './-redirect-search';

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  // An invalid stored token is dropped by the session machine, which then sends the user to `/`.
  beforeLoad: async ({ context, search }) => {
    const target = loginRedirect(await settledSession(context.session));
    if (!target) return;
    // Signed in: where the visitor wanted to go (a same-origin path, validated above), else the dashboard.
    if (target.to === '/dashboard' && search.redirect) throw redirect({ href: search.redirect });
    if (target.to === '/mfa/login')
      throw redirect({ to: '/mfa/login', search: { redirect: search.redirect } });
    throw redirect(target);
  },
  component: LoginScreen,
});
