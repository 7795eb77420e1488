import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { registerNeedsConfirmation } from '../machines/session/access';
import { settledSession } from '../machines/session/settled';
import { RegisterScreen } from '../ui/registration/register-screen';

const RegisterSearch = v.object({
  step: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), 1), 1),
});

const confirmNewRegistration = msg`You are logged in. Continuing logs you out and starts a new registration. Continue?`;

export const Route = createFileRoute('/register')({
  validateSearch: RegisterSearch,
  beforeLoad: async ({ context, preload }) => {
    const session = await settledSession(context.session);
    if (preload || !registerNeedsConfirmation(session)) return;
    const i18n = context.locale.getSnapshot().context.i18n;
    if (context.confirm(i18n._(confirmNewRegistration))) {
      context.session.send({ type: 'session.logout' });
      return;
    }
    // Cancelled: back to where the user was; opened directly (a bookmark, a reload), to the dashboard.
    const previous = context.previousHref();
    throw previous && new URL(previous, 'http://x').pathname !== '/register'
      ? redirect({ href: previous, replace: true })
      : redirect({ to: '/dashboard', replace: true });
  },
  component: RegisterScreen,
});
