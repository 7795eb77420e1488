import { createFileRoute, redirect } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../ui/session/password-reset';

// SEED-SPEC §2: reachable only with a token that verifies and passes the server's check. A bad,
// expired or used link goes to the login, which says so and offers a new link (PRODUCT.md §6).
export const Route = createFileRoute('/user/reset-password/$token')({
  beforeLoad: async ({ context, params }) => {
    const email = await context.checkResetToken(params.token);
    if (!email) throw redirect({ to: '/login', search: { notice: 'reset-link-invalid' } });
    return { resetEmail: email };
  },
  component: ResetPasswordScreen,
});
