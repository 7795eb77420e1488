import { createFileRoute } from '@tanstack/react-router';
import { agentLogic } from '../../../machines/agents/agent-actors';
import { AgentListScreen } from '../../../ui/agents/agent-list';

export const Route = createFileRoute('/_protected/_agent/agent/view')({
  loader: ({ context }) => ({ list: agentLogic(context.logic).list() }),
  component: function AgentListRoute() {
    const { list } = Route.useLoaderData();
    return <AgentListScreen list={list} />;
  },
});
