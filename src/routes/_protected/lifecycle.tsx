import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { JobListSearchSchema } from '../../../contract/job-search';
import { isCandidateType } from '../../../contract/user-type-names';
import { agentLogic } from '../../machines/agents/agent-actors';
import { jobsLogic } from '../../machines/jobs/job-provider';
import { lifecycleLogic } from '../../machines/lifecycle/lifecycle-actors';
import { isAgent } from '../../machines/session/token';
import { LifecycleScreen } from '../../ui/lifecycle/lifecycle';

export const Route = createFileRoute('/_protected/lifecycle')({
  // An agent's page counts the jobs in each stage: the jobs table's counts and the dashboard's runs,
  // the calls those pages make (fresh on every visit). A candidate's shows where the profile was sent.
  loader: ({ context }) => {
    const claims = context.session.getSnapshot().context.claims;
    if (claims && isCandidateType(claims.user_type))
      return { jobCounts: null, submissions: lifecycleLogic(context.logic).ownSubmissions() };
    if (!claims || !isAgent(claims)) return { jobCounts: null, submissions: null };
    return {
      submissions: null,
      jobCounts: {
        jobs: jobsLogic(context.logic).jobList(v.parse(JobListSearchSchema, {})),
        dashboard: agentLogic(context.logic).dashboard(),
      },
    };
  },
  component: function LifecycleRoute() {
    const { jobCounts, submissions } = Route.useLoaderData();
    return <LifecycleScreen jobCounts={jobCounts} submissions={submissions} />;
  },
});
