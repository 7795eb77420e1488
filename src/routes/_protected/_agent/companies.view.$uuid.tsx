import { createFileRoute } from '@tanstack/react-router';
import { companyDetailActors } from '../../../machines/agent-workspace';
import { CompanyDetailScreen } from '../../../ui/agents/companies';

export const Route = createFileRoute('/_protected/_agent/companies/view/$uuid')({
  loader: ({ context, params }) => companyDetailActors(context.api, params.uuid),
  component: function CompanyDetailRoute() {
    const { detail, assign } = Route.useLoaderData();
    return <CompanyDetailScreen detail={detail} assign={assign} />;
  },
});
