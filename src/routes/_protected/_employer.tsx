import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { candidateRedirect } from '../../machines/session/access';

// PRODUCT.md §1: the employers' pages (jobs, a new job, companies, the candidates sent to a client),
// open to companies and agents; a candidate opening one is sent to /dashboard.
export const Route = createFileRoute('/_protected/_employer')({
  beforeLoad: ({ context }) => {
    const target = candidateRedirect(context.session.getSnapshot());
    if (target) throw redirect(target);
  },
  component: Outlet,
});
