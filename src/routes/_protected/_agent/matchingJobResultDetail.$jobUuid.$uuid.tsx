import { createFileRoute } from '@tanstack/react-router';
import { JobResultDetailScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/matchingJobResultDetail/$jobUuid/$uuid')({
  component: JobResultDetailScreen,
});
