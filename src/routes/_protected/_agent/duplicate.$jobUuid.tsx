import { createFileRoute } from '@tanstack/react-router';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { DuplicateJobScreen } from '../../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/_agent/duplicate/$jobUuid')({
  loader: ({ context }) => ({ editor: jobsLogic(context.logic).editor }),
  component: function DuplicateJobRoute() {
    const { jobUuid } = Route.useParams();
    const { editor } = Route.useLoaderData();
    return <DuplicateJobScreen key={jobUuid} uuid={jobUuid} editor={editor} />;
  },
});
