import { createFileRoute, redirect } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../ui/screens/password-reset';

// SEED-SPEC §2: reachable only with a token that verifies and passes the server's check.
export const Route = createFileRoute('/user/reset-password/$token')({
  beforeLoad: async ({ context, params }) => {
    if (!(await context.checkResetToken(params.token))) throw redirect({ to: '/login' });
  },
  component: ResetPasswordScreen,
});
