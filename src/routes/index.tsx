import { createFileRoute } from '@tanstack/react-router';
import { LandingScreen } from '../ui/screens/landing';

export const Route = createFileRoute('/')({ component: LandingScreen });
