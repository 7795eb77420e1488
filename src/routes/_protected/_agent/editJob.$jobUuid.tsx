import { createFileRoute } from '@tanstack/react-router';
import { EditJobScreen } from '../../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/_agent/editJob/$jobUuid')({
  component: function EditJobRoute() {
    const { jobUuid } = Route.useParams();
    // A new job (or another one) is a new editor: its state starts afresh.
    return <EditJobScreen key={jobUuid} uuid={jobUuid} />;
  },
});
