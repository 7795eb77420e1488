import { createFileRoute, redirect } from '@tanstack/react-router';
import { jobsLogic } from '../../machines/jobs/job-provider';
import { candidateRedirect } from '../../machines/session/access';
import { NewJobScreen } from '../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/newJob')({
  // PRODUCT.md §1: candidates never reach the employers' pages.
  beforeLoad: ({ context }) => {
    const target = candidateRedirect(context.session.getSnapshot());
    if (target) throw redirect(target);
  },
  loader: ({ context }) => ({ editor: jobsLogic(context.logic).editor }),
  component: function NewJobRoute() {
    const { editor } = Route.useLoaderData();
    return <NewJobScreen editor={editor} />;
  },
});
