import { createFileRoute } from '@tanstack/react-router';
import { EditJobScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/editJob/$jobUuid')({ component: EditJobScreen });
