import { createFileRoute } from '@tanstack/react-router';
import { DuplicateJobScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/duplicate/$jobUuid')({
  component: DuplicateJobScreen,
});
