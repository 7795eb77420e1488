import { createFileRoute } from '@tanstack/react-router';
import { agentSelfActors } from '../../../machines/agents/agent-workspace';
import { AgentProfileScreen } from '../../../ui/agents/agent-profile';

export const Route = createFileRoute('/_protected/_agent/agent/')({
  loader: ({ context }) => agentSelfActors(context.api, context.session),
  component: function AgentProfileRoute() {
    const { self, save, photo } = Route.useLoaderData();
    return <AgentProfileScreen self={self} save={save} photo={photo} />;
  },
});
