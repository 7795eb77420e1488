import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/profile')({ component: ProfileScreen });
