import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isAgent } from '../../machines/session/token';
import { Screen } from '../../ui/components/screen';
import { DashboardIntro } from '../../ui/shell/dashboard-intro';

export const Route = createFileRoute('/_protected/dashboard')({
  // Each user's overview is made of their features' panels: an agent's day starts with what needs
  // attention, a company's with the candidates sent to it and its requests, a candidate's with their
  // profile. Only the signed-in user's kind is loaded (./-dashboard-panels.ts), afresh on every visit.
  loader: async ({ context }) => {
    const claims = context.session.getSnapshot().context.claims;
    if (claims && isAgent(claims)) return (await import('./-dashboard-agent')).agentDashboard(context.logic);
    if (claims?.user_type === 'company')
      return (await import('./-dashboard-company')).companyDashboard(context.logic);
    return (await import('./-dashboard-candidate')).candidateDashboard();
  },
  component: function DashboardRoute() {
    const { t } = useLingui();
    const { panels } = Route.useLoaderData();
    return (
      <Screen title={t`Dashboard`}>
        {/* The page's one-line introduction under its title (prerendered into the first paint). */}
        <DashboardIntro />
        {panels()}
      </Screen>
    );
  },
});
