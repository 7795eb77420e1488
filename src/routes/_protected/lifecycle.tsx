import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { JobListSearchSchema } from '../../../contract/job-search';
import { agentLogic } from '../../machines/agents/agent-actors';
import { jobsLogic } from '../../machines/jobs/job-provider';
import { isAgent } from '../../machines/session/token';
import { LifecycleScreen } from '../../ui/lifecycle/lifecycle';

export const Route = createFileRoute('/_protected/lifecycle')({
  // An agent's page counts the jobs in each stage: the jobs table's counts and the dashboard's runs,
  // the calls those pages make (fresh on every visit).
  loader: ({ context }) => {
    const claims = context.session.getSnapshot().context.claims;
    if (!claims || !isAgent(claims)) return { jobCounts: null };
    return {
      jobCounts: {
        jobs: jobsLogic(context.logic).jobList(v.parse(JobListSearchSchema, {})),
        dashboard: agentLogic(context.logic).dashboard(),
      },
    };
  },
  component: function LifecycleRoute() {
    const { jobCounts } = Route.useLoaderData();
    return <LifecycleScreen jobCounts={jobCounts} />;
  },
});
