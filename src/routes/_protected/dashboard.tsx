import { useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import { JobListSearchSchema } from '../../../contract/job-search';
import { agentLogic } from '../../machines/agents/agent-actors';
import { companyLogic } from '../../machines/companies/company-actors';
import { jobsLogic } from '../../machines/jobs/job-provider';
import { pipelineLogic } from '../../machines/pipeline/pipeline-actors';
import { isAgent } from '../../machines/session/token';
import { AgentDashboard } from '../../ui/agents/agent-dashboard';
import { ClientJobsPanel } from '../../ui/companies/client-candidates';
import { Screen } from '../../ui/components/screen';
import { CompanyRequests } from '../../ui/jobs/job-list';
import { AttentionBand } from '../../ui/pipeline/attention-band';
import { FollowUps } from '../../ui/pipeline/follow-ups';
import { ProfileDashboard } from '../../ui/profile/profile-dashboard';
import { DashboardIntro } from '../../ui/shell/dashboard-intro';

const signedInRoute = getRouteApi('/_protected');

export const Route = createFileRoute('/_protected/dashboard')({
  // A company's dashboard lists its job requests: the same list the requests page shows first. An
  // agent's leads with what needs attention, then the agency's counts, loaded afresh on every visit.
  loader: ({ context }) => {
    const claims = context.session.getSnapshot().context.claims;
    if (claims && isAgent(claims))
      return {
        requests: null,
        attention: pipelineLogic(context.logic).attention(),
        sent: null,
        agent: agentLogic(context.logic).dashboard(),
        followUps: pipelineLogic(context.logic).followUps(),
      };
    if (claims?.user_type !== 'company')
      return { requests: null, attention: null, sent: null, agent: null, followUps: null };
    return {
      requests: jobsLogic(context.logic).jobList(v.parse(JobListSearchSchema, {})),
      attention: null,
      // The candidates the agency sent, per job the company is client of (issue 21 point 5).
      sent: companyLogic(context.logic).clientJobs(),
      agent: null,
      followUps: null,
    };
  },
  // Each user's overview is made of their features' panels: the own profile, a company's requests, an
  // agent's figures.
  component: function DashboardRoute() {
    const { t } = useLingui();
    const { requests, attention, sent, agent, followUps } = Route.useLoaderData();
    const { profile, claims } = signedInRoute.useLoaderData();
    return (
      <Screen title={t`Dashboard`}>
        {/* The page's one-line introduction under its title; then an agent's day starts with what
            needs attention (PRODUCT.md §10), before any figure. */}
        <DashboardIntro />
        {attention && <AttentionBand counts={attention} />}
        {followUps && <FollowUps list={followUps} limit={5} />}
        {profile && <ProfileDashboard profile={profile} claims={claims} />}
        {sent && <ClientJobsPanel list={sent} />}
        {requests && <CompanyRequests list={requests} />}
        {agent && <AgentDashboard list={agent} />}
      </Screen>
    );
  },
});
