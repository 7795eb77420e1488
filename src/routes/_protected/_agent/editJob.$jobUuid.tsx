import { createFileRoute } from '@tanstack/react-router';
import { jobsLogic } from '../../../machines/jobs/job-provider';
import { EditJobScreen } from '../../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/_agent/editJob/$jobUuid')({
  loader: ({ context }) => ({ editor: jobsLogic(context.logic).editor }),
  component: function EditJobRoute() {
    const { jobUuid } = Route.useParams();
    const { editor } = Route.useLoaderData();
    // A new job (or another one) is a new editor: its state starts afresh.
    return <EditJobScreen key={jobUuid} uuid={jobUuid} editor={editor} />;
  },
});
