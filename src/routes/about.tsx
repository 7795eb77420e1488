import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../ui/public/about';

export const Route = createFileRoute('/about')({ component: AboutScreen });
