import { createFileRoute } from '@tanstack/react-router';
import { AgentProfileScreen } from '../../../ui/screens/agent';

export const Route = createFileRoute('/_protected/_agent/agent/')({ component: AgentProfileScreen });
