import { createFileRoute } from '@tanstack/react-router';
import { LandingScreen } from '../ui/public/landing';

export const Route = createFileRoute('/')({ component: LandingScreen });
