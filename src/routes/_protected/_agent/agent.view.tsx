import { createFileRoute } from '@tanstack/react-router';
import { agentLogic } from '../../../machines/agents/agent-actors';
import { AgentListScreen } from '../../../ui/agents/agent-list';
import { TeamPanel } from '../../../ui/agents/agent-team';

export const Route = createFileRoute('/_protected/_agent/agent/view')({
  loader: ({ context }) => {
    const logic = agentLogic(context.logic);
    return { list: logic.list(), team: logic.team() };
  },
  component: function AgentListRoute() {
    const { list, team } = Route.useLoaderData();
    // A senior agent manages the team here (issue 42); the others see the list.
    return <AgentListScreen list={list} team={team && <TeamPanel team={team} />} />;
  },
});
