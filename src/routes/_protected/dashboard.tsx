import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/dashboard')({ component: DashboardScreen });
