import { createFileRoute } from '@tanstack/react-router';
import { DuplicateJobScreen } from '../../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/_agent/duplicate/$jobUuid')({
  component: function DuplicateJobRoute() {
    const { jobUuid } = Route.useParams();
    return <DuplicateJobScreen key={jobUuid} uuid={jobUuid} />;
  },
});
