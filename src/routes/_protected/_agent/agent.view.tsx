import { createFileRoute } from '@tanstack/react-router';
import { agentLogic } from '../../../machines/agents/agent-actors';
import { teamLogic } from '../../../machines/agents/team-actors';
import { AgentListScreen } from '../../../ui/agents/agent-list';
import { TeamPanel } from '../../../ui/agents/agent-team';

export const Route = createFileRoute('/_protected/_agent/agent/view')({
  loader: ({ context }) => {
    // The signed-in agent's own card offers no deactivation: their id comes from the session's token.
    const signedInAgent = context.session.getSnapshot().context.claims?.sub ?? null;
    return { list: agentLogic(context.logic).list(), team: teamLogic(context.logic).team(), signedInAgent };
  },
  component: function AgentListRoute() {
    const { list, team, signedInAgent } = Route.useLoaderData();
    // A senior agent manages the team here (issue 42); the others see the list.
    return (
      <AgentListScreen list={list} team={team && <TeamPanel team={team} signedInAgent={signedInAgent} />} />
    );
  },
});
