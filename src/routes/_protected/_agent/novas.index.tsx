import { createFileRoute } from '@tanstack/react-router';
import { CandidateListScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/novas/')({
  component: () => <CandidateListScreen type="nova" />,
});
