import { createFileRoute } from '@tanstack/react-router';
import { isSeniorAgentType } from '../../../../contract/agent';
import { agentLogic } from '../../../machines/agents/agent-actors';
import { companyLogic } from '../../../machines/companies/company-actors';
import { CompanyDetailScreen } from '../../../ui/companies/companies';
import { ProfileEditor } from '../../../ui/profile/profile-editor';

export const Route = createFileRoute('/_protected/_agent/companies/view/$uuid')({
  // A senior agent may hand the company to any agent: only they load the agents to choose from.
  loader: async ({ context, params }) => {
    const senior = isSeniorAgentType(context.session.getSnapshot().context.claims?.user_type ?? '');
    return {
      ...(await companyLogic(context.logic).detail(params.uuid)),
      contacts: companyLogic(context.logic).contacts(params.uuid),
      agents: senior ? agentLogic(context.logic).list() : null,
    };
  },
  component: function CompanyDetailRoute() {
    const { detail, assign, agents, editor, invitation, timeline, contacts, erasure } = Route.useLoaderData();
    return (
      <CompanyDetailScreen
        detail={detail}
        assign={assign}
        agents={agents}
        invitation={invitation}
        timeline={timeline}
        contacts={contacts}
        erasure={erasure}
        editor={<ProfileEditor actor={editor} idPrefix="company-edit" owner="other" />}
      />
    );
  },
});
