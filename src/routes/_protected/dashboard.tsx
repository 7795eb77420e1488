import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { JOB_PAGE_SIZE, JobListSearchSchema } from '../../../contract/job-search';
import { listJobs } from '../../api/jobs';
import { agentDashboard } from '../../machines/agents/agent-workspace';
import { isAgent } from '../../machines/session/token';
import { resourceActor } from '../../machines/shared/resource.machine';
import { DashboardScreen } from '../../ui/dashboard/workspace-screens';

export const Route = createFileRoute('/_protected/dashboard')({
  // A company's dashboard lists its job requests: the same list the requests page shows first. An
  // agent's shows the workspace's counts, loaded afresh on every visit.
  loader: ({ context }) => {
    const { api, session } = context;
    const claims = session.getSnapshot().context.claims;
    if (claims && isAgent(claims)) return { requests: null, agent: agentDashboard(api) };
    if (claims?.user_type !== 'company') return { requests: null, agent: null };
    const requests = resourceActor(api, 'jobs', (query) => listJobs(api, { ...query, limit: JOB_PAGE_SIZE }));
    requests.send({ type: 'resource.load', query: v.parse(JobListSearchSchema, {}) });
    return { requests, agent: null };
  },
  component: function DashboardRoute() {
    const { requests, agent } = Route.useLoaderData();
    return <DashboardScreen requests={requests} agent={agent} />;
  },
});
