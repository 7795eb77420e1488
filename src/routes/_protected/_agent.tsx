import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { agentRedirect } from '../../machines/session/access';

// SEED-SPEC §6: agent-only views send everybody else to /dashboard.
export const Route = createFileRoute('/_protected/_agent')({
  beforeLoad: ({ context }) => {
    const target = agentRedirect(context.session.getSnapshot());
    if (target) throw redirect(target);
  },
  component: Outlet,
});
