import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../ui/screens/public';

export const Route = createFileRoute('/about')({ component: AboutScreen });
