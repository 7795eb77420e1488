import { createFileRoute } from '@tanstack/react-router';
import { agentList } from '../../../machines/agents/agent-workspace';
import { AgentListScreen } from '../../../ui/agents/agent-list';

export const Route = createFileRoute('/_protected/_agent/agent/view')({
  loader: ({ context }) => ({ list: agentList(context.api) }),
  component: function AgentListRoute() {
    const { list } = Route.useLoaderData();
    return <AgentListScreen list={list} />;
  },
});
