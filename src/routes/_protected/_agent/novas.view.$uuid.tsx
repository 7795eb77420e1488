import { createFileRoute } from '@tanstack/react-router';
import { CandidateDetailScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/novas/view/$uuid')({
  component: function NovaDetail() {
    const { uuid } = Route.useParams();
    return <CandidateDetailScreen type="nova" uuid={uuid} />;
  },
});
