import { createFileRoute } from '@tanstack/react-router';
import { MatchingJobsScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/matchingJob')({ component: MatchingJobsScreen });
