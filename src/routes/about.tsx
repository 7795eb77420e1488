import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../ui/screens/about';

export const Route = createFileRoute('/about')({ component: AboutScreen });
