import { createFileRoute } from '@tanstack/react-router';
import { AgentListScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/agent/view')({ component: AgentListScreen });
