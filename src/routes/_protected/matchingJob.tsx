import { createFileRoute } from '@tanstack/react-router';
import { JOB_PAGE_SIZE, JobListSearchSchema } from '../../../contract/job-search';
import { listJobs } from '../../api/jobs';
import { resourceActor, visitResource } from '../../machines/shared/resource.machine';
import { JobListScreen } from '../../ui/jobs/job-list';

export const Route = createFileRoute('/_protected/matchingJob')({
  validateSearch: JobListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The URL is the table's state: every change of it becomes the resource machine's query.
  loader: ({ context, deps }) => {
    const { api } = context;
    const list = resourceActor(api, 'jobs', (query) => listJobs(api, { ...query, limit: JOB_PAGE_SIZE }));
    return { list: visitResource(list, deps) };
  },
  component: function JobListRoute() {
    const { list } = Route.useLoaderData();
    return <JobListScreen list={list} />;
  },
});
