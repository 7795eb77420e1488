import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../ui/dashboard/workspace-screens';

export const Route = createFileRoute('/_protected/profile')({ component: ProfileScreen });
