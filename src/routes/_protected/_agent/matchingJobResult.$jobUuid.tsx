import { createFileRoute } from '@tanstack/react-router';
import { JobResultScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/matchingJobResult/$jobUuid')({
  component: JobResultScreen,
});
