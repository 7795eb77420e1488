import { createFileRoute, redirect } from '@tanstack/react-router';
import { mfaLoginRedirect } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { MfaLoginScreen } from '../ui/session/mfa-login';
import { RedirectSearch } from './-redirect-search';

export const Route = createFileRoute('/mfa/login')({
  validateSearch: RedirectSearch,
  // Once the code is confirmed the login page sends the user on, to the kept redirect if any.
  beforeLoad: async ({ context, search }) => {
    const target = mfaLoginRedirect(await settledSession(context.session));
    if (target) throw redirect({ to: '/login', search: { redirect: search.redirect } });
  },
  component: MfaLoginScreen,
});
