import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { listJobs } from '../../api/jobs';
import { JOB_PAGE_SIZE, JobListSearchSchema } from '../../machines/job-search';
import { listActor } from '../../machines/list.machine';
import { DashboardScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/dashboard')({
  // A company's dashboard lists its job requests: the same list the requests page shows first.
  loader: ({ context }) => {
    const { api, session } = context;
    if (session.getSnapshot().context.claims?.user_type !== 'company') return { requests: null };
    const requests = listActor(api, 'jobs', (query) => listJobs(api, { ...query, limit: JOB_PAGE_SIZE }));
    requests.send({ type: 'list.load', query: v.parse(JobListSearchSchema, {}) });
    return { requests };
  },
  component: function DashboardRoute() {
    const { requests } = Route.useLoaderData();
    return <DashboardScreen requests={requests} />;
  },
});
