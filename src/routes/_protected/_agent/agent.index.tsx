import { createFileRoute } from '@tanstack/react-router';
import { agentLogic } from '../../../machines/agents/agent-actors';
import { AccountSettings } from '../../../ui/account/account-settings';
import { AgentProfileScreen } from '../../../ui/agents/agent-profile';

export const Route = createFileRoute('/_protected/_agent/agent/')({
  loader: ({ context }) => agentLogic(context.logic).ownPage(),
  component: function AgentProfileRoute() {
    const { self, save, photo } = Route.useLoaderData();
    return <AgentProfileScreen self={self} save={save} photo={photo} settings={<AccountSettings />} />;
  },
});
