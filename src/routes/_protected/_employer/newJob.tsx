import { createFileRoute } from '@tanstack/react-router';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { NewJobScreen } from '../../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/_employer/newJob')({
  loader: ({ context }) => ({ editor: jobsLogic(context.logic).editor }),
  component: function NewJobRoute() {
    const { editor } = Route.useLoaderData();
    return <NewJobScreen editor={editor} />;
  },
});
