import { createFileRoute } from '@tanstack/react-router';
import { LandingScreen } from '../ui/screens/public';

export const Route = createFileRoute('/')({ component: LandingScreen });
