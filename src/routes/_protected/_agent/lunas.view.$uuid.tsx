import { createFileRoute } from '@tanstack/react-router';
import { CandidateDetailScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/lunas/view/$uuid')({
  component: function LunaDetail() {
    const { uuid } = Route.useParams();
    return <CandidateDetailScreen type="luna" uuid={uuid} />;
  },
});
