import { createFileRoute } from '@tanstack/react-router';
import { CandidateDetailScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/stellas/view/$uuid')({
  component: function StellaDetail() {
    const { uuid } = Route.useParams();
    return <CandidateDetailScreen type="stella" uuid={uuid} />;
  },
});
