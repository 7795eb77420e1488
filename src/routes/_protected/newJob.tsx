import { createFileRoute } from '@tanstack/react-router';
import { NewJobScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/newJob')({ component: NewJobScreen });
