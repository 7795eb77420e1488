import { createFileRoute } from '@tanstack/react-router';
import { LifecycleScreen } from '../../ui/lifecycle/lifecycle';

export const Route = createFileRoute('/_protected/lifecycle')({ component: LifecycleScreen });
