import { createFileRoute } from '@tanstack/react-router';
import { isSeniorAgentType } from '../../../../contract/agent';
import { agentList, companyDetailActors } from '../../../machines/agents/agent-workspace';
import { CompanyDetailScreen } from '../../../ui/companies/companies';

export const Route = createFileRoute('/_protected/_agent/companies/view/$uuid')({
  // A senior agent may hand the company to any agent: only they load the agents to choose from.
  loader: ({ context, params }) => {
    const senior = isSeniorAgentType(context.session.getSnapshot().context.claims?.user_type ?? '');
    return {
      ...companyDetailActors(context.api, params.uuid),
      agents: senior ? agentList(context.api) : null,
    };
  },
  component: function CompanyDetailRoute() {
    const { detail, assign, agents } = Route.useLoaderData();
    return <CompanyDetailScreen detail={detail} assign={assign} agents={agents} />;
  },
});
