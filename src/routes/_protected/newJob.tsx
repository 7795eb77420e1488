import { createFileRoute } from '@tanstack/react-router';
import { NewJobScreen } from '../../ui/jobs/job-editor';

export const Route = createFileRoute('/_protected/newJob')({ component: NewJobScreen });
